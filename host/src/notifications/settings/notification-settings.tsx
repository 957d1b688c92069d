import { useId } from 'react';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '@wallet/shared/session';
import { useT } from '../../i18n';
import { SETTINGS_ANCHOR } from '../page-path';
import { KindSettings } from './kind-settings';
import { ThisBrowser } from './this-browser';
import { useNotificationPreferences } from './use-notification-preferences';

/** The settings: this browser's notifications, then what each kind does (pushed, mailed). */
export function NotificationSettings() {
  const t = useT();
  const headingId = useId();
  const userId = useSession((state) => state.user?._id);
  const preferences = useNotificationPreferences();
  return (
    <Paper
      component="section"
      id={SETTINGS_ANCHOR}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        {t('host.notifications.settings')}
      </Typography>
      <ThisBrowser userId={userId} subscriptions={preferences.data?.subscriptions} onChanged={preferences.refresh} />
      <Divider sx={{ my: 3 }} />
      <KindSettings preferences={preferences} />
    </Paper>
  );
}
