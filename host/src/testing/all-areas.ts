import { PROTECTED_AREAS, runtimeArea, type ProtectedAreaName } from '@wallet/shared/areas';
import { setRuntimeAreas } from '../federation/runtime-areas';

/**
 * The runtime config's areas as the API writes them for a site with every area published (the
 * tests may read the build-time registry; the host's code never does). Importing this module
 * gives the host that list, as index.ts does from the page's config.
 */
export const ALL_AREAS = Object.fromEntries(
  (Object.keys(PROTECTED_AREAS) as ProtectedAreaName[]).map((name) => [name, runtimeArea(name)]),
);
setRuntimeAreas({ areas: ALL_AREAS });
