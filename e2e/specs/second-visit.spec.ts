import { expect, test } from '@playwright/test';

/**
 * A second visit costs one request for files: the page itself (revalidated, it names the live
 * releases). Every script is versioned and kept by the browser for good; the runtime config comes
 * inside the page. What the page then asks the API (who is signed in) is data, not files.
 */
test('a second visit to / loads the page and nothing else from the network', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromNetwork: string[] = [];
  const fromCache = new Set<string>();
  let counting = false;
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const cached = fromCache.has(requestId) || response.fromDiskCache || response.fromPrefetchCache;
    if (counting && !cached) fromNetwork.push(new URL(response.url).pathname);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The shell fetches its later parts when the browser is idle, 2 s after the first screen at the
  // latest (host/src/app/after-first-screen.ts): a busy machine can be quiet for longer before that.
  await page.waitForTimeout(2_500);

  counting = true;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(fromNetwork.filter((path) => !path.startsWith('/api/'))).toEqual(['/']);
});
