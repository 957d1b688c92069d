import '@testing-library/jest-dom';
import { resetSession } from './render-with-providers';
import { server } from './server';

// Run by the shared jest preset before every front-end test file: the msw server, and a clean page between tests.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetSession();
  localStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());
