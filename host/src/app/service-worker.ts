import type { RuntimeConfig } from '@wallet/shared/federation';

/** Where the site serves its worker (api/src/site/installable/), outside any release: its scope is the whole site. */
const WORKER_URL = '/sw.js';

/**
 * Registers the site's service worker once the page has loaded: its download and start never
 * compete with the first screen. Only on a page the site wrote, whose config names its releases:
 * a dev server serves no worker. A failure costs the page nothing: it works as it did without one.
 */
export function registerServiceWorker(config: RuntimeConfig, page: Window = window) {
  if (!config.releases || !('serviceWorker' in page.navigator)) return;
  const register = () => {
    page.navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('[service worker] not registered', error);
    });
  };
  if (page.document.readyState === 'complete') register();
  else page.addEventListener('load', register, { once: true });
}
