import { useEffect } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveEvents } from '@wallet/shared/live';
import { useLocation } from '@wallet/shared/router';
import { useRemoteLoader } from '../../federation/remote-loader';
import { useT } from '../../i18n';
import { SETTINGS_ANCHOR } from '../page-path';
import { NotificationSettings } from '../settings/notification-settings';
import { AllNotifications } from './all-notifications';

/**
 * The Notifications page (/notifications, anyone signed in): every notification, and their
 * settings. A user's or agent's wallet stream runs here as in their area, so the bell and the list
 * move as money does.
 */
export default function NotificationsPage() {
  const t = useT();
  const loader = useRemoteLoader();
  const { hash } = useLocation();
  useLiveEvents();
  // A first screen, as an area's page is: what waits for one (the prefetches) may start.
  useEffect(() => loader.shown(), [loader]);
  useEffect(() => {
    if (hash === `#${SETTINGS_ANCHOR}`) document.getElementById(SETTINGS_ANCHOR)?.scrollIntoView?.();
  }, [hash]);
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('host.notifications.title')}
      </Typography>
      <AllNotifications />
      <NotificationSettings />
    </Stack>
  );
}
