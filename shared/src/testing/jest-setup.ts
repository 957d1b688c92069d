import type { SetupServer } from 'msw/node';
import { resetSession } from '@wallet/shared/testing';

/** For a package's jest.setup.ts: the msw server for every test, and a clean page between tests. */
export function setupTestServer(server: SetupServer) {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetSession();
    localStorage.clear();
    document.documentElement.className = '';
  });
  afterAll(() => server.close());
}
