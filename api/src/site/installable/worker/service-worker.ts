import { fromNetwork, isAnsweredNavigation, NEVER_ANSWERED } from './navigations';
import { personLanguage } from './language';
import { offlinePage } from './offline-page';
import { openNotification, showPush } from './push';

/**
 * The site's service worker, served at /sw.js (api/src/site/installable/README.md). It answers
 * page navigations alone, from the network (navigation preload), and shows an offline page in the
 * person's language when the network cannot be reached. It keeps no page and no file. It shows
 * the API's Web Push messages in the person's language, and a click on one opens it (push.ts).
 *
 * It grows here: a new kind of event is a module of this folder with its listener added below,
 * its words in locales/<language>.json.
 */
declare const self: ServiceWorkerGlobalScope;

/** The static routing API (Chromium): rules the browser applies without starting the worker. */
interface RouterRule {
  condition: Record<string, unknown>;
  source: 'network' | 'fetch-event';
}
type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

const STATIC_ROUTES: RouterRule[] = [
  // Only navigations ever reach the worker: every file and call goes straight to the network.
  { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
  ...NEVER_ANSWERED.map((urlPattern): RouterRule => ({ condition: { urlPattern }, source: 'network' })),
];

self.addEventListener('install', (event: RoutingInstallEvent) => {
  // It holds nothing an open page depends on: the newest worker takes over at once.
  void self.skipWaiting();
  // A browser without static routes (or without one of their conditions) sends every request to
  // the fetch handler below, which leaves alone all it does not answer.
  if (event.addRoutes) event.waitUntil(event.addRoutes(STATIC_ROUTES).catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      // The page that registered it is answered from its next navigation on, with no reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (!isAnsweredNavigation(event.request, self)) return;
  event.respondWith(fromNetwork(event, async () => offlinePage(await personLanguage(self), event.request.url)));
});

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self, event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotification(self, event.notification));
});
