/**
 * The reference the first-view benchmark measures against: the same product (the host's shell and
 * every area's routes) built the way a single-page app usually is, as one script with no module
 * federation. Never served to anyone; only `bench/first-view.bench.ts` builds and loads it.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@wallet/shared/router';
import { configureApi } from '@wallet/shared/api';
import type { AreaName } from '@wallet/shared/federation';
import { App } from '@wallet/host/src/app/app';
import { RemoteLoaderProvider } from '@wallet/host/src/federation/remote-loader';
import * as publicArea from '@wallet/remote-public/src/routes';
import * as userArea from '@wallet/remote-user/src/routes';
import * as agentArea from '@wallet/remote-agent/src/routes';
import * as adminArea from '@wallet/remote-admin/src/routes';

const areas: Record<AreaName, unknown> = { public: publicArea, user: userArea, agent: agentArea, admin: adminArea };
const load = async <T,>(area: AreaName) => areas[area] as T;

configureApi({ baseUrl: '/api/v1' });
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <RemoteLoaderProvider load={load}>
      <App />
    </RemoteLoaderProvider>
  </BrowserRouter>,
);
