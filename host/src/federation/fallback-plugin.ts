import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_UNAVAILABLE, type UnavailableRemote } from './remote-unavailable';

/**
 * A remote whose manifest, entry or module cannot be fetched resolves to a marker instead of
 * rejecting, so the host renders its "area unavailable" fallback and keeps every other area.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'wallet-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[federation] ${id} could not be loaded (${lifecycle})`, error);
      if (lifecycle !== 'onLoad') return undefined;
      const unavailable: UnavailableRemote = { [REMOTE_UNAVAILABLE]: true, id, error };
      return unavailable;
    },
  };
}
