import '@testing-library/jest-dom';
import { resetSession } from '@wallet/shared/testing';
import { server } from './src/testing/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetSession();
  localStorage.clear();
});
afterAll(() => server.close());
