import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { liveManifestUrl } from '../support/site';

/**
 * Prints what a browser downloads: the first load of / (every script), and each role remote's
 * own scripts on entering its area from /. Sizes are gzip -9 of the bytes the browser received.
 */
const rows: string[] = [];

function weigh(page: Page, accept: (path: string) => boolean) {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && accept(new URL(response.url()).pathname))
      scripts.push(response);
  });
  return async (label: string) => {
    await page.waitForLoadState('networkidle');
    let raw = 0;
    let gzip = 0;
    for (const response of scripts) {
      const body = await response.body();
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    expect(scripts.length).toBeGreaterThan(0);
    rows.push(
      `${label.padEnd(34)} ${String(scripts.length).padStart(5)} ${(raw / 1024).toFixed(1).padStart(14)} ${(gzip / 1024).toFixed(1).padStart(10)}`,
    );
  };
}

async function enterArea(page: Page, area: 'user' | 'agent' | 'admin', link: string, ready: () => Promise<void>) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  // The area's live release, wherever it is published (its manifest's folder).
  const manifest = new URL(await liveManifestUrl(page, area));
  const base = manifest.pathname.replace(/mf-manifest\.json$/, '');
  const done = weigh(page, (path) => path.startsWith(base));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await ready();
  await done(`remote-${area} on entering /${area}`);
}

test.afterAll(() => {
  console.log(`\n${'JavaScript'.padEnd(34)} files minified (KiB)  gzip (KiB)\n${rows.join('\n')}\n`);
});

test('first load of /', async ({ page }) => {
  const done = weigh(page, () => true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  await done('first load of / (all scripts)');
});

test('remote-user', async ({ page }) => {
  await signInAs(page, await registerAccount());
  await enterArea(page, 'user', 'User-Dashboard', () =>
    expect(page.getByRole('link', { name: /^Deposit/ }).first()).toBeVisible(),
  );
});

test('remote-agent', async ({ page }) => {
  const agent = await registerAccount();
  await signInAsAdmin(page);
  expect((await page.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  await page.context().clearCookies();
  await signInAs(page, agent);
  await enterArea(page, 'agent', 'Agent-Dashboard', () =>
    expect(page.getByRole('button', { name: 'Cash In' })).toBeVisible(),
  );
});

test('remote-admin', async ({ page }) => {
  await signInAsAdmin(page);
  await enterArea(page, 'admin', 'Admin-Dashboard', () =>
    expect(page.getByRole('table', { name: 'Users' })).toBeVisible(),
  );
});
