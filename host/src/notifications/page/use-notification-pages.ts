import { useCallback } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { Notification, NotificationPage } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';
import { NOTIFICATIONS_PATH } from '@wallet/shared/data';

/** The page lists this many at a time; the bell, the latest ten. */
const PAGE_SIZE = 20;

interface LoadedPage {
  rows: Notification[];
  hasNext: boolean;
  unread: number;
}

/** Each page after the last row of the one before (keyset): a new notification shifts nothing already shown. */
function pageKey(index: number, previous: LoadedPage | null) {
  if (previous && !previous.hasNext) return null;
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  const last = previous?.rows.at(-1);
  if (index > 0 && last) query.set('after', last._id);
  return `${NOTIFICATIONS_PATH}?${query}`;
}

async function fetchPage(key: string): Promise<LoadedPage> {
  const { data, meta } = await apiRequest<Notification[]>(key);
  const page = meta as NotificationPage['meta'] | undefined;
  return { rows: data, hasNext: page?.hasNext ?? false, unread: page?.unread ?? 0 };
}

/**
 * Every notification of the signed-in person, newest first, PAGE_SIZE at a time: `showMore` adds
 * the next page below. `refresh` asks for every page shown again (a new one arrived, or some were
 * marked read); `unread` is the count the first page came with.
 */
export function useNotificationPages() {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite(pageKey, fetchPage, {
    // Showing more fetches that page alone, not the first one again.
    revalidateFirstPage: false,
  });
  const pages = data ?? [];
  const last = pages.at(-1);
  // Asked for and not here yet: the first page, or the one Show more (or a search for ?open) asked
  // for; unless the list now ends before it (rows were deleted meanwhile).
  const isLoadingMore = isLoading || (size > pages.length && (last?.hasNext ?? true) && !error);
  const showMore = useCallback(() => void setSize((shown) => shown + 1), [setSize]);
  const refresh = useCallback(() => void mutate(), [mutate]);
  return {
    rows: pages.flatMap((page) => page.rows),
    unread: data?.[0]?.unread,
    loaded: data !== undefined,
    hasMore: last?.hasNext ?? false,
    isLoadingMore,
    error,
    showMore,
    refresh,
  };
}
