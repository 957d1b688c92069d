import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@wallet/shared/router';
import { configureApi } from '@wallet/shared/api';
import type { RuntimeConfig } from '@wallet/shared/federation';
import { App } from './app/app';
import { RemoteLoaderProvider } from './federation/remote-loader';
import { loadRemoteModule, reRegisterRemote } from './federation/remote-registry';
import { takeOverPrerenderedPage } from './app/prerendered-page';

export function mount(config: RuntimeConfig) {
  configureApi({ baseUrl: config.apiBaseUrl });
  const root = document.getElementById('root')!;
  takeOverPrerenderedPage(root);
  createRoot(root).render(
    <BrowserRouter>
      <RemoteLoaderProvider load={loadRemoteModule} reset={reRegisterRemote}>
        <App />
      </RemoteLoaderProvider>
    </BrowserRouter>,
  );
}
