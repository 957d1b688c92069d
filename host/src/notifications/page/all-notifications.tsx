import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { useNotifications } from '@wallet/shared/data';
import { useSearchParams } from '@wallet/shared/router';
import { useT } from '../../i18n';
import { NotificationList, type CurrentRow } from '../notification-list';
import { OPEN_PARAM } from '../page-path';
import { useMarkAllRead } from '../use-mark-all-read';
import { useNotificationPages } from './use-notification-pages';

type Pages = ReturnType<typeof useNotificationPages>;

/**
 * The list follows the bell: when its count moves (a live event, a mark in another tab, the bell
 * read again on focus) and the list's first page says otherwise, every page shown is read again.
 */
function useFollowBell({ unread: listUnread, refresh }: Pages) {
  const { unread, isLoading } = useNotifications();
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (isLoading) return;
    if (seen.current !== undefined && seen.current !== unread && listUnread !== undefined && listUnread !== unread)
      refresh();
    seen.current = unread;
  }, [unread, isLoading, listUnread, refresh]);
}

/**
 * `?open=<id>` (a pushed notification clicked): the pages are read one after the other until that
 * notification is among them, which is then highlighted, focused and marked read; or the list
 * ends without it (notifications are kept 90 days), which is said.
 */
function useOpenedNotification({ rows, loaded, hasMore, isLoadingMore, error, showMore }: Pages) {
  const [params] = useSearchParams();
  const id = params.get(OPEN_PARAM) ?? undefined;
  const ref = useRef<HTMLLIElement>(null);
  const handled = useRef<string | undefined>(undefined);
  const { markRead } = useNotifications();
  const found = id === undefined ? undefined : rows.find((row) => row._id === id);

  useEffect(() => {
    if (id !== undefined && !found && hasMore && !isLoadingMore && !error) showMore();
  }, [id, found, hasMore, isLoadingMore, error, showMore]);

  useEffect(() => {
    if (!found || handled.current === found._id) return;
    handled.current = found._id;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
    if (found.readAt === null) void markRead([found._id]).catch(() => undefined);
  }, [found, markRead]);

  const current: CurrentRow | undefined = found ? { id: found._id, ref } : undefined;
  return {
    current,
    searching: id !== undefined && !found && !error && (!loaded || hasMore || isLoadingMore),
    gone: id !== undefined && loaded && !found && !hasMore && !isLoadingMore && !error,
  };
}

/** Every notification, newest first, 20 at a time with Show more; Mark all as read; `?open=` brought forward. */
export function AllNotifications() {
  const t = useT();
  const headingId = useId();
  const { unread } = useNotifications();
  const markAll = useMarkAllRead();
  const pages = useNotificationPages();
  useFollowBell(pages);
  const { current, searching, gone } = useOpenedNotification(pages);
  const { rows, loaded, hasMore, isLoadingMore, error } = pages;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('host.notificationsPage.all')}
        </Typography>
        <Button size="small" disabled={unread === 0 || markAll.isMarking} onClick={() => void markAll.run()}>
          {t('host.notifications.markAll')}
        </Button>
      </Stack>
      {/* Always there, so what it says next is announced. */}
      <Box role="status">
        {searching && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('host.notificationsPage.finding')}
          </Typography>
        )}
        {gone && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('host.notificationsPage.gone')}
          </Alert>
        )}
      </Box>
      {rows.length > 0 ? (
        <NotificationList notifications={rows} labelledBy={headingId} current={current} />
      ) : (
        !error && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ py: 3 }}>
            {t(loaded ? 'host.notifications.empty' : 'host.notifications.loading')}
          </Typography>
        )
      )}
      {error ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={pages.refresh}>
              {t('host.notificationsPage.retry')}
            </Button>
          }
        >
          {errorMessage(error, t('host.notifications.failed'))}
        </Alert>
      ) : hasMore ? (
        <Button variant="outlined" sx={{ mt: 2 }} disabled={isLoadingMore} onClick={pages.showMore}>
          {t(isLoadingMore ? 'host.notifications.loading' : 'host.notificationsPage.showMore')}
        </Button>
      ) : (
        rows.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('host.notificationsPage.end')}
          </Typography>
        )
      )}
    </Paper>
  );
}
