import useSWR, { type KeyedMutator } from 'swr';
import useSWRMutation from 'swr/mutation';
// Types only: the contracts' zod stays out of the host's first load, which loads this index.
import type { MarkReadInput, MarkReadResult, Notification, NotificationPage } from '@wallet/shared/contracts';
import { apiRequest } from '@wallet/shared/api';

/** The contracts' NOTIFICATIONS_PATH and NOTIFICATIONS_READ_PATH, written here: the bell is in the host's first load, zod is not. */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATIONS_READ_PATH = '/notifications/read';
/** The bell lists the latest ten; the history keeps every movement for good. */
const LATEST = 10;

/** The bell's one cache entry: the latest notifications and the person's unread count beside them. */
export const NOTIFICATIONS_KEY = `${NOTIFICATIONS_PATH}?page=1&limit=${LATEST}`;
/** While no live stream carries the count (an admin has none), it is asked for again this often. */
const POLL_MS = 60_000;

export interface LatestNotifications {
  rows: Notification[];
  unread: number;
}

async function fetchLatest(key: string): Promise<LatestNotifications> {
  const { data, meta } = await apiRequest<Notification[]>(key);
  return { rows: data, unread: (meta as NotificationPage['meta'] | undefined)?.unread ?? 0 };
}

/** The count a live event carried, written into the cache: the list itself is then asked for again. */
export function withUnread(unread: number) {
  return (current: LatestNotifications | undefined) => current && { ...current, unread };
}

function markedLocally(mutate: KeyedMutator<LatestNotifications>, input: MarkReadInput, result: MarkReadResult) {
  const now = new Date().toISOString();
  const marked = 'all' in input ? () => true : (row: Notification) => input.ids.includes(row._id);
  return mutate(
    (current) =>
      current && {
        unread: result.unread,
        rows: current.rows.map((row) => (row.readAt === null && marked(row) ? { ...row, readAt: now } : row)),
      },
    { revalidate: false },
  );
}

/**
 * The signed-in person's latest notifications and unread count (GET /notifications), and
 * `markRead` (POST /notifications/read: some ids, or 'all'), whose reply's count becomes the
 * cache's. The live stream writes the count of each wallet event here (useLiveEvents); where no
 * stream runs it is read again when the tab comes back into focus, and every minute with `poll`.
 */
export function useNotifications({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  const { data, error, isLoading, mutate } = useSWR(enabled ? NOTIFICATIONS_KEY : null, fetchLatest, {
    revalidateOnFocus: true,
    refreshInterval: poll ? POLL_MS : 0,
  });
  const { trigger, isMutating } = useSWRMutation(
    NOTIFICATIONS_READ_PATH,
    (path: string, { arg }: { arg: MarkReadInput }) => apiRequest<MarkReadResult>(path, { method: 'POST', body: arg }),
  );

  async function markRead(which: string[] | 'all') {
    const input: MarkReadInput = which === 'all' ? { all: true } : { ids: which };
    const { data: result } = await trigger(input);
    await markedLocally(mutate, input, result);
    return result;
  }

  return {
    notifications: data?.rows ?? [],
    unread: data?.unread ?? 0,
    error,
    isLoading,
    markRead,
    isMarking: isMutating,
  };
}
