import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Notification } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { useNotifications } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { Link as RouterLink } from '@wallet/shared/router';
import { selectRole, useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { homeAreaOf } from '../federation/runtime-areas';
import { SCREEN_READER_ONLY } from '../layout/screen-reader-only';
import { useT } from '../i18n';
import { notificationLink, notificationSentence } from './notification-text';

interface NotificationPanelProps {
  id: string;
  /** The bell; null while the panel is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

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

/** The bell's panel: the latest notifications, newest first, unread ones marked; "Mark all as read". */
export default function NotificationPanel({ id, anchor, onClose }: NotificationPanelProps) {
  const t = useT();
  const headingId = useId();
  const basePath = homeAreaOf(useSession(selectRole))?.[1].basePath;
  const { notifications, unread, error, isLoading, markRead, isMarking } = useNotifications();

  const markAll = async () => {
    try {
      await markRead('all');
    } catch (failure) {
      showToast(errorMessage(failure, t('host.notifications.markFailed')), { variant: 'error' });
    }
  };
  const open = (notification: Notification, href: string | undefined) => {
    // The list says it is read again from the server if this fails: nothing to tell the person.
    if (notification.readAt === null) void markRead([notification._id]).catch(() => undefined);
    if (href) onClose();
  };

  let body;
  if (notifications.length > 0) {
    body = (
      <List disablePadding aria-labelledby={headingId}>
        {notifications.map((notification) => {
          const href = notificationLink(notification, basePath);
          return (
            <ListItem key={notification._id} disablePadding divider>
              <NotificationRow notification={notification} href={href} onOpen={() => open(notification, href)} />
            </ListItem>
          );
        })}
      </List>
    );
  } else {
    const state = isLoading ? 'loading' : error ? 'failed' : 'empty';
    body = (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ px: 2, py: 3 }}>
        {t(`host.notifications.${state}`)}
      </Typography>
    );
  }

  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-labelledby': headingId,
          sx: { width: 360, maxWidth: 'calc(100vw - 32px)' },
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('host.notifications.title')}
        </Typography>
        <Button size="small" disabled={unread === 0 || isMarking} onClick={() => void markAll()}>
          {t('host.notifications.markAll')}
        </Button>
      </Stack>
      <Divider />
      {body}
    </Popover>
  );
}
