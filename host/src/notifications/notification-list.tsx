import type { Ref } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Notification } from '@wallet/shared/contracts';
import { useNotifications } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { Link as RouterLink } from '@wallet/shared/router';
import { selectRole, useSession } from '@wallet/shared/session';
import { homeAreaOf } from '../federation/runtime-areas';
import { SCREEN_READER_ONLY } from '../layout/screen-reader-only';
import { useT } from '../i18n';
import { notificationLink, notificationSentence } from './notification-text';

/** One notification: its sentence and time, and where it leads (a link), if anywhere. */
function NotificationRow({
  notification,
  href,
  onOpen,
}: {
  notification: Notification;
  href?: string;
  onOpen: () => void;
}) {
  const t = useT();
  const unread = notification.readAt === null;
  const content = (
    <>
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          mt: 1,
          mr: 1.5,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <ListItemText
        sx={{ my: 0 }}
        primary={
          <>
            {unread && <Box component="span" sx={SCREEN_READER_ONLY}>{`${t('host.notifications.unread')} `}</Box>}
            {notificationSentence(t, notification)}
          </>
        }
        secondary={formatDateTime(notification.createdAt)}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: unread ? 600 : 400 } } }}
      />
    </>
  );
  const row = { alignItems: 'flex-start', py: 1.25 } as const;
  if (href)
    return (
      <ListItemButton component={RouterLink} to={href} onClick={onOpen} sx={row}>
        {content}
      </ListItemButton>
    );
  // Nowhere to go (a request, for now): clicking an unread one marks it read.
  return unread ? (
    <ListItemButton onClick={onOpen} sx={row}>
      {content}
    </ListItemButton>
  ) : (
    <Box sx={{ display: 'flex', px: 2, ...row }}>{content}</Box>
  );
}

const CURRENT_ROW = { bgcolor: 'action.selected' } as const;

/** The row a page brought forward (`?open=`): highlighted, named current, and where the focus goes. */
export interface CurrentRow {
  id: string;
  ref: Ref<HTMLLIElement>;
}

/**
 * Notifications, newest first, as the bell's panel and the Notifications page list them: one
 * sentence and a time each, unread ones marked (a dot, bold, and "Unread:" for a screen reader),
 * each leading where its kind leads in the person's own area. Opening one marks it read; then
 * `onOpen` (the panel closes when it leads somewhere).
 */
export function NotificationList({
  notifications,
  labelledBy,
  onOpen,
  current,
}: {
  notifications: Notification[];
  labelledBy: string;
  onOpen?: (notification: Notification, href: string | undefined) => void;
  current?: CurrentRow;
}) {
  const basePath = homeAreaOf(useSession(selectRole))?.[1].basePath;
  const { markRead } = useNotifications();
  const open = (notification: Notification, href: string | undefined) => {
    // The list says it is read again from the server if this fails: nothing to tell the person.
    if (notification.readAt === null) void markRead([notification._id]).catch(() => undefined);
    onOpen?.(notification, href);
  };
  return (
    <List disablePadding aria-labelledby={labelledBy}>
      {notifications.map((notification) => {
        const href = notificationLink(notification, basePath);
        const isCurrent = notification._id === current?.id;
        return (
          <ListItem
            key={notification._id}
            disablePadding
            divider
            {...(isCurrent ? { ref: current.ref, tabIndex: -1, 'aria-current': true, sx: CURRENT_ROW } : {})}
          >
            <NotificationRow notification={notification} href={href} onOpen={() => open(notification, href)} />
          </ListItem>
        );
      })}
    </List>
  );
}
