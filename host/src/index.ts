import { mount } from './bootstrap';
import { loadRuntimeConfig } from './federation/runtime-config';
import { registerConfiguredRemotes } from './federation/remote-registry';
import { startReleaseReports } from './federation/release-reports';
import { setRuntimeAreas } from './federation/runtime-areas';
import { hostCatalogReady } from './i18n';
import { registerServiceWorker } from './app/service-worker';

/**
 * No async boundary: everything the host shares is eager (in this first script), so React starts
 * as soon as the runtime config is read and the remotes are registered (and, in Bangla, the
 * shell's messages have arrived).
 */
void loadRuntimeConfig().then(async (config) => {
  setRuntimeAreas(config);
  startReleaseReports(config);
  registerConfiguredRemotes(config);
  // English is in this script; another language's messages arrive first, so nothing flashes in English.
  await hostCatalogReady.catch(() => undefined);
  mount(config);
  registerServiceWorker(config);
});
