import { fetchRuntimeConfig } from './federation/runtime-config';
import { registerConfiguredRemotes } from './federation/remote-registry';

/** The async boundary: read the runtime config, register the remotes, then start React. */
fetchRuntimeConfig().then(async (config) => {
  registerConfiguredRemotes(config);
  const { mount } = await import('./bootstrap');
  mount(config);
});
