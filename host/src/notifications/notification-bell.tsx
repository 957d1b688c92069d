import { lazy, Suspense, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useNotifications } from '@wallet/shared/data';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n';
import { selectRole, useSession } from '@wallet/shared/session';
import { icon } from '@wallet/shared/ui/kit/icons';
import { useT } from '../i18n';

/** The list's code: not needed for a first view, fetched after it for a signed-in person (prefetch-area.ts) or when opened. */
export const loadNotificationPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadNotificationPanel);

/** Material Symbols' "notifications" (Apache-2.0). */
const BellIcon = icon(
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z',
  'BellIcon',
);

/** More unread than this shows as "99+". */
const MOST_SHOWN = 99;

/**
 * The header's bell for anyone signed in: the unread count on it (in the page's digits), and the
 * latest notifications in a panel it opens. An admin has no live stream, so their count is asked
 * for again every minute; a user's or agent's comes with each wallet event (useLiveEvents).
 */
export function NotificationBell() {
  const t = useT();
  const role = useSession(selectRole);
  const { unread } = useNotifications({ poll: role === 'ADMIN' });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Nothing of the panel is drawn until it first opens; it then stays, to close with its transition.
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const figure = (value: number) => value.toLocaleString(INTL_LOCALE[pageLanguage()]);
  return (
    <>
      <IconButton
        aria-label={
          unread > 0 ? t('host.notifications.bellUnread', { count: figure(unread) }) : t('host.notifications.title')
        }
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? panelId : undefined}
        color="inherit"
        size="small"
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <Badge
          badgeContent={unread > MOST_SHOWN ? `${figure(MOST_SHOWN)}+` : unread > 0 ? figure(unread) : null}
          color="error"
          overlap="circular"
          // The button's name says the count; read again, "99+" or a count fading out would contradict it.
          slotProps={{ badge: { 'aria-hidden': true } }}
          // White on error.main is 3.7:1 in the dark scheme; on error.dark it is 5:1 in both (WCAG AA).
          sx={{ '& .MuiBadge-badge': { bgcolor: 'error.dark' } }}
        >
          <BellIcon fontSize="small" />
        </Badge>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
