import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AreaName } from '@wallet/shared/federation';

type Load = <T>(area: AreaName, expose: string) => Promise<T>;

interface RemoteLoader {
  /** The same promise for the same module until `retry`, as React's `use` needs. */
  get<T>(area: AreaName, expose: string): Promise<T>;
  retry(area: AreaName): void;
}

const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

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
  const loader = useMemo<RemoteLoader>(() => {
    const modules = new Map<string, Promise<unknown>>();
    return {
      get<T>(area: AreaName, expose: string) {
        const key = `${area}/${expose}`;
        if (!modules.has(key)) modules.set(key, load<T>(area, expose));
        return modules.get(key) as Promise<T>;
      },
      retry(area) {
        for (const key of modules.keys()) if (key.startsWith(`${area}/`)) modules.delete(key);
        reset?.(area);
      },
    };
  }, [load, reset]);
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

export function useRemoteLoader() {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used inside RemoteLoaderProvider');
  return loader;
}
