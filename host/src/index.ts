import { mount } from './bootstrap';
import { loadRuntimeConfig } from './federation/runtime-config';
import { registerConfiguredRemotes } from './federation/remote-registry';
import { startReleaseReports } from './federation/release-reports';

/**
 * No async boundary: everything the host shares is eager (in this first script), so React starts
 * as soon as the runtime config is read and the remotes are registered.
 */
void loadRuntimeConfig().then((config) => {
  startReleaseReports(config);
  registerConfiguredRemotes(config);
  mount(config);
});
