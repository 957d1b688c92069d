import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AreaName, RuntimeConfig } from '@wallet/shared/federation';
import { isUnavailableRemote, RemoteUnavailableError } from './remote-unavailable';

/**
 * Every remote builds under the federation name the area registry gives it, `wallet_<area>` (a
 * test holds the two together). Computed here, not read from the registry: this module runs
 * before the async boundary, where no shared module can be loaded yet.
 */
export const remoteName = (area: AreaName) => `wallet_${area}`;

let manifests: RuntimeConfig['remotes'] = {};
let integrity: NonNullable<RuntimeConfig['integrity']> = {};

/**
 * A release's `remoteEntry.js` sits beside its `mf-manifest.json` (every app builds both into one
 * folder). The host loads the entry straight away: no manifest round trip, and a federation
 * runtime without the manifest ("snapshot") code.
 */
const entryOf = (manifestUrl: string) => manifestUrl.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');

/**
 * The script element of an area's remoteEntry.js carries the hash its release recorded
 * (`integrity`, with `crossorigin="anonymous"`, which the check needs): the browser refuses code
 * that differs, and the load fails into the area's fallback.
 */
export function pinnedEntryScript(url: string, owner: string): HTMLScriptElement | undefined {
  const area = (Object.keys(manifests) as AreaName[]).find((name) => remoteName(name) === owner);
  const hash = area && integrity[area];
  // The runtime may hand the entry's URL resolved against the page: compare absolute URLs.
  const absolute = (href: string) => new URL(href, document.baseURI).href;
  if (!area || !hash || absolute(url) !== absolute(entryOf(manifests[area]!))) return undefined;
  const script = document.createElement('script');
  script.src = url;
  script.integrity = hash;
  script.crossOrigin = 'anonymous';
  return script;
}

let pinning = false;

/** Runs before the first render; no remote is known at build time. */
export function registerConfiguredRemotes(config: RuntimeConfig) {
  manifests = config.remotes;
  integrity = config.integrity ?? {};
  if (!pinning) {
    pinning = true;
    registerPlugins([
      {
        name: 'wallet-pinned-entries',
        createScript: ({ url, remoteInfo }) => pinnedEntryScript(url, remoteInfo?.name ?? ''),
      },
    ]);
  }
  registerRemotes(
    Object.entries(config.remotes).map(([area, manifest]) => ({
      name: remoteName(area as AreaName),
      entry: entryOf(manifest as string),
    })),
  );
}

/** A fresh attempt after a failure: re-registering with force drops what the runtime cached. */
export function reRegisterRemote(area: AreaName) {
  const manifest = manifests[area];
  if (manifest) registerRemotes([{ name: remoteName(area), entry: entryOf(manifest) }], { force: true });
}

export async function loadRemoteModule<T>(area: AreaName, expose: string): Promise<T> {
  const id = `${remoteName(area)}/${expose}`;
  if (!manifests[area])
    throw new RemoteUnavailableError(id, new Error(`No manifest URL for the ${area} area in the runtime config`));
  const module = await loadRemote<T>(id).catch((error: unknown) => {
    throw new RemoteUnavailableError(id, error);
  });
  if (module === null || module === undefined || isUnavailableRemote(module)) {
    throw new RemoteUnavailableError(id, isUnavailableRemote(module) ? module.error : undefined);
  }
  return module;
}
