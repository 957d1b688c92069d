import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { resetCallerAccount } from './caller-account';
import { resetSession } from './render-with-providers';
import { server } from './server';
import { currentLanguage, setLanguage } from '@wallet/shared/i18n';

// Run by the shared jest preset before every front-end test file: the msw server, and a clean page between tests.

// A dialog's closing transition and a refetch take their time on a busy machine (CI runs the
// packages' suites while other work runs): waits give up after 10 s, not Testing Library's 1 s.
// 5 s was seen to run out on the 2-core CI machine (remote-admin's limits dialog closing after a
// save); a test still fails on a wait that never ends, within Jest's 20 s per test.
configure({ asyncUtilTimeout: 10_000 });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // A test that switched to Bangla leaves the next one in English, as a new page would be.
  if (currentLanguage() !== 'en') await setLanguage('en');
  document.cookie = 'wallet_lang=; path=/; max-age=0';
  server.resetHandlers();
  resetCallerAccount();
  resetSession();
  localStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());
