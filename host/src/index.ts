import { mount } from './bootstrap';
import { loadRuntimeConfig } from './federation/runtime-config';
import { registerConfiguredRemotes } from './federation/remote-registry';

/**
 * No async boundary: everything the host shares is eager (in this first script), so React starts
 * as soon as the runtime config is read and the remotes are registered.
 */
void loadRuntimeConfig().then((config) => {
  registerConfiguredRemotes(config);
  mount(config);
});
