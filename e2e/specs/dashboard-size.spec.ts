import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { registerAccount, signInAs, signInAsAdmin } from '../support/accounts';

/**
 * A guard against regressions: what each area's remote cost when this spec was written (user 57.6,
 * agent 84.5, admin 56.1 KiB; about 30 of them the federation runtime in remoteEntry.js), plus headroom.
 */
const AREA_BUDGET_KIB = { user: 70, agent: 100, admin: 70 };

/** From the home page, follow the role's header link and weigh the scripts the area's remote sent. */
async function enterArea(page: Page, area: 'user' | 'agent' | 'admin', link: string, ready: () => Promise<void>) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith(`/remotes/${area}/`)) scripts.push(response);
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await ready();
  await page.waitForLoadState('networkidle');
  let raw = 0;
  let gzip = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const summary = `remote-${area} on entering /${area}: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(1)} KiB gzip`;
  console.log(summary);
  test.info().annotations.push({ type: 'remote-js', description: summary });
  expect(scripts.length).toBeGreaterThan(0);
  expect(gzip / 1024).toBeLessThan(AREA_BUDGET_KIB[area]);
}

test('remote-user stays within its JavaScript budget on entering /user (gzip)', async ({ page }) => {
  await signInAs(page, await registerAccount());
  await enterArea(page, 'user', 'User-Dashboard', () => expect(page.getByRole('link', { name: /^Deposit/ }).first()).toBeVisible());
});

test('remote-agent stays within its JavaScript budget on entering /agent (gzip)', async ({ page }) => {
  const agent = await registerAccount();
  await signInAsAdmin(page);
  expect((await page.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  await page.context().clearCookies();
  await signInAs(page, agent);
  await enterArea(page, 'agent', 'Agent-Dashboard', () => expect(page.getByRole('button', { name: 'Cash In' })).toBeVisible());
});

test('remote-admin stays within its JavaScript budget on entering /admin (gzip)', async ({ page }) => {
  await signInAsAdmin(page);
  await enterArea(page, 'admin', 'Admin-Dashboard', () => expect(page.getByRole('table', { name: 'Users' })).toBeVisible());
});
