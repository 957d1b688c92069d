/**
 * The host's Notifications page, for anyone signed in. The site's service worker opens
 * `/notifications?open=<id>` when a pushed notification is clicked (api/src/site/installable/).
 */
export const NOTIFICATIONS_PAGE = '/notifications';
/** The query naming the notification to bring forward. */
export const OPEN_PARAM = 'open';
/** The page's settings section, which the bell's "Notification settings" leads to. */
export const SETTINGS_ANCHOR = 'settings';
