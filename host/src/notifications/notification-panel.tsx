import { useId } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@wallet/shared/router';
import { useNotifications } from '@wallet/shared/data';
import { useT } from '../i18n';
import { NotificationList } from './notification-list';
import { NOTIFICATIONS_PAGE, SETTINGS_ANCHOR } from './page-path';
import { useMarkAllRead } from './use-mark-all-read';

interface NotificationPanelProps {
  id: string;
  /** The bell; null while the panel is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The bell's panel: the latest notifications, newest first, unread ones marked; "Mark all as
 * read"; and the way to all of them and to their settings, on the Notifications page.
 */
export default function NotificationPanel({ id, anchor, onClose }: NotificationPanelProps) {
  const t = useT();
  const headingId = useId();
  const { notifications, unread, error, isLoading } = useNotifications();
  const markAll = useMarkAllRead();

  let body;
  if (notifications.length > 0) {
    body = (
      <NotificationList
        notifications={notifications}
        labelledBy={headingId}
        onOpen={(_notification, href) => href && onClose()}
      />
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
        <Button size="small" disabled={unread === 0 || markAll.isMarking} onClick={() => void markAll.run()}>
          {t('host.notifications.markAll')}
        </Button>
      </Stack>
      <Divider />
      {body}
      <Divider />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', px: 1, py: 0.5 }}>
        <Button size="small" component={RouterLink} to={NOTIFICATIONS_PAGE} onClick={onClose}>
          {t('host.notifications.seeAll')}
        </Button>
        <Button size="small" component={RouterLink} to={`${NOTIFICATIONS_PAGE}#${SETTINGS_ANCHOR}`} onClick={onClose}>
          {t('host.notifications.settings')}
        </Button>
      </Stack>
    </Popover>
  );
}
