import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { Meta } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

/** Spec §9: every list shows 5 rows a page. */
const PAGE_SIZE = 5;

interface PagedOptions {
  /** Server-side search (name or email); a new search starts again at page 1. */
  search?: string;
  limit?: number;
}

export interface Paged<T> {
  rows: T[];
  meta: Meta | undefined;
  page: number;
  totalPages: number;
  /** The total (and so totalPages) is the database's estimate, not a count. */
  estimated: boolean;
  isLoading: boolean;
  error: unknown;
  hasPrev: boolean;
  hasNext: boolean;
  prev: () => void;
  next: () => void;
}

/** Where the list is: the page number, and the `after` cursor that fetched each page so far. */
interface Position {
  search: string;
  page: number;
  /** `afters[p]` fetched page p; none for page 1, nor for a page fetched by position. */
  afters: Partial<Record<number, string>>;
}

const firstPage = (search: string): Position => ({ search, page: 1, afters: {} });

/** The SWR key of one page of `path`: the request itself, query included. */
function pagedKey(path: string, page: number, after: string | undefined, { search, limit = PAGE_SIZE }: PagedOptions) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search?.trim()) query.set('search', search.trim());
  if (after) query.set('after', after);
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Matches every cached page of `path` (any page, limit, search or cursor), for `mutate(matcher)`. */
export function isPageOf(path: string) {
  return (key: unknown) =>
    typeof key === 'string' && (key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}&`));
}

/**
 * A write that changes server-paged lists (`usePaged`): taken or refused (a row changed by someone
 * else meanwhile), every cached page of each path in `lists`, and each other key in `alsoKeys`, is
 * asked again. The result is the write's own; it is not put in any cache.
 */
export function usePagedListChange<Arg, Result>(
  key: string,
  send: (arg: Arg) => Promise<Result>,
  lists: string[],
  alsoKeys: string[] = [],
) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    key,
    async (_key: string, { arg }: { arg: Arg }) => {
      try {
        return await send(arg);
      } finally {
        for (const path of lists) void mutate(isPageOf(path));
        for (const other of alsoKeys) void mutate(other);
      }
    },
    { populateCache: false, revalidate: false },
  );
}

async function fetchPage<T>(key: string) {
  const { data, meta } = await apiRequest<T[]>(key);
  return { rows: data, meta };
}

/**
 * One server-paged list: the page number and its cursors live here, the rows and totals come from
 * the server's `meta`. Next asks for the rows after the last one shown (keyset paging: deep pages
 * stay cheap and rows do not shift under the person), Prev for a page again with the cursor that fetched it.
 */
export function usePaged<T extends { _id: string }>(path: string, options: PagedOptions = {}): Paged<T> {
  const search = options.search?.trim() ?? '';
  const [state, setState] = useState(() => firstPage(search));
  const { page, afters } = state.search === search ? state : firstPage(search);
  // A page shown again (on mount, or by Prev/Next) asks the server again, showing what it had
  // meanwhile: an action may have changed it, and `mutate(isPageOf(path))` reaches only the page on screen.
  const { data, error, isLoading } = useSWR(pagedKey(path, page, afters[page], options), fetchPage<T>, {
    revalidateIfStale: true,
  });
  const totalPages = data?.meta?.totalPages ?? 0;
  const estimated = data?.meta?.estimated ?? false;
  // The list shrank under this page (the last row on it was approved away): show the new last page,
  // by position (an exact total is short enough for that). An estimate is no bound on where the list ends.
  if (!estimated && totalPages > 0 && page > totalPages)
    setState({ search, page: totalPages, afters: { ...afters, [totalPages]: undefined } });
  const hasPrev = page > 1;
  const hasNext = data !== undefined && (data.meta?.hasNext ?? page < totalPages);
  return {
    rows: data?.rows ?? [],
    meta: data?.meta,
    page,
    totalPages,
    estimated,
    isLoading,
    error,
    hasPrev,
    hasNext,
    prev: () => hasPrev && setState({ search, page: page - 1, afters }),
    next: () =>
      hasNext && setState({ search, page: page + 1, afters: { ...afters, [page + 1]: data?.rows.at(-1)?._id } }),
  };
}
