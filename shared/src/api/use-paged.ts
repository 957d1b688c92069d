import { useState } from 'react';
import useSWR from 'swr';
import type { Meta } from '@wallet/shared/contracts';
import { apiRequest } from './client';

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
  isLoading: boolean;
  error: unknown;
  hasPrev: boolean;
  hasNext: boolean;
  prev: () => void;
  next: () => void;
}

/** The SWR key of one page of `path`: the request itself, query included. */
function pagedKey(path: string, page: number, { search, limit = PAGE_SIZE }: PagedOptions = {}) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search?.trim()) query.set('search', search.trim());
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Matches every cached page of `path` (any page, limit or search), for `mutate(matcher)`. */
export function isPageOf(path: string) {
  return (key: unknown) =>
    typeof key === 'string' && (key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}&`));
}

async function fetchPage<T>(key: string) {
  const { data, meta } = await apiRequest<T[]>(key);
  return { rows: data, meta };
}

/** One server-paged list: the page number lives here, the rows and totals come from the server's `meta`. */
export function usePaged<T>(path: string, options: PagedOptions = {}): Paged<T> {
  const search = options.search?.trim() ?? '';
  const [state, setState] = useState({ search, page: 1 });
  const page = state.search === search ? state.page : 1;
  // A page shown again (on mount, or by Prev/Next) asks the server again, showing what it had
  // meanwhile: an action may have changed it, and `mutate(isPageOf(path))` reaches only the page on screen.
  const { data, error, isLoading } = useSWR(pagedKey(path, page, options), fetchPage<T>, { revalidateIfStale: true });
  const totalPages = data?.meta?.totalPages ?? 0;
  // The list shrank under this page (the last row on it was approved away): show the new last page.
  if (totalPages > 0 && page > totalPages) setState({ search, page: totalPages });
  const hasPrev = page > 1;
  const hasNext = data !== undefined && page < totalPages;
  return {
    rows: data?.rows ?? [],
    meta: data?.meta,
    page,
    totalPages,
    isLoading,
    error,
    hasPrev,
    hasNext,
    prev: () => hasPrev && setState({ search, page: page - 1 }),
    next: () => hasNext && setState({ search, page: page + 1 }),
  };
}
