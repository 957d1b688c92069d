import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AreaName } from '@wallet/shared/federation';
import { catalogsReady } from '@wallet/shared/i18n';
import { reportRelease } from './release-reports';

type Load = <T>(area: AreaName, expose: string) => Promise<T>;

interface RemoteLoader {
  /** The same promise for the same module until `retry`, as React's `use` needs. */
  get<T>(area: AreaName, expose: string): Promise<T>;
  retry(area: AreaName): void;
  /** An area's screen (its page, or its fallback) is on the page: called by `RemoteArea`. */
  shown(): void;
  /** Resolves once the first area screen is on the page. */
  firstScreen: Promise<void>;
}

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

/** An area's routes are what it shows: loaded, a view of its release; failed, the area unavailable. */
function reportRoutesLoad(area: AreaName, routes: Promise<unknown>) {
  void routes.then(
    () => reportRelease(area, 'view'),
    () => reportRelease(area, 'unavailable'),
  );
  return routes;
}

/** One loader per page: each module fetched once (until `retry`), and the first screen's signal. */
function createRemoteLoader(load: Load, reset?: (area: AreaName) => void): RemoteLoader {
  const modules = new Map<string, Promise<unknown>>();
  let showFirstScreen!: () => void;
  const firstScreen = new Promise<void>((resolve) => (showFirstScreen = resolve));
  return {
    get<T>(area: AreaName, expose: string) {
      const key = `${area}/${expose}`;
      if (!modules.has(key)) {
        // Shown once the catalogs its code registered are ready in the page's language.
        const module = load<T>(area, expose).then(async (loaded) => (await catalogsReady(), loaded));
        modules.set(key, expose === 'routes' ? reportRoutesLoad(area, module) : module);
      }
      return modules.get(key) as Promise<T>;
    },
    retry(area) {
      for (const key of modules.keys()) if (key.startsWith(`${area}/`)) modules.delete(key);
      reset?.(area);
    },
    shown: () => showFirstScreen(),
    firstScreen,
  };
}

/** How areas get their remote modules: the federation runtime in the app, a stand-in in tests. */
export function RemoteLoaderProvider({
  load,
  reset,
  children,
}: {
  load: Load;
  reset?: (area: AreaName) => void;
  children: ReactNode;
}) {
  const loader = useMemo(() => createRemoteLoader(load, reset), [load, reset]);
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader() {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used inside RemoteLoaderProvider');
  return loader;
}
