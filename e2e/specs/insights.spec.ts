import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, windowOf } from '../support/accounts';
import { expectAccessible } from '../support/axe';

test("a transfer from one browser changes the other's header balance, overview and history without a reload", async ({
  browser,
}) => {
  const [payer, payee] = [await registerAccount(), await registerAccount()];
  const payeeWindow = await windowOf(browser, payee);
  // The transfer is made once the window's live stream is open: an event before it has no one to reach.
  const streamOpen = payeeWindow.waitForResponse((response) => response.url().includes('/api/v1/events'));
  await payeeWindow.goto('/user/overview');
  const header = payeeWindow.getByRole('banner');
  await expect(payeeWindow.getByText('Balance $ 50.00')).toBeVisible();
  await streamOpen;
  let reloads = 0;
  payeeWindow.on('framenavigated', (frame) => {
    if (frame === payeeWindow.mainFrame()) reloads += 1;
  });

  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 12.5 });

  await expect(payeeWindow.getByText('Balance $ 62.50').first()).toBeVisible({ timeout: 5_000 });
  await expect(payeeWindow.getByRole('main').getByText(payer.name).first()).toBeVisible();
  expect(reloads).toBe(0);
  expect((await apiGet(payee.api, '/wallet/me')).data.balance).toBe(62.5);
  await expect(header).toBeVisible();
  await expectAccessible(payeeWindow);
});

test("a downloaded statement closes on the wallet's balance", async ({ browser }) => {
  const [payer, payee] = [await registerAccount(), await registerAccount()];
  await moveMoney(payer, '/wallet/deposit', { balance: 100 });
  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 30.25 });
  const page = await windowOf(browser, payer);
  await page.goto('/user/history');
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download statement (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  const closing = lines.at(-1)!.split(',');
  expect(closing[0]).toBe('Closing balance');
  const wallet = (await apiGet(payer.api, '/wallet/me')).data.balance as number;
  expect(closing.at(-1)).toBe(wallet.toFixed(2));
  expect(wallet).toBe(119.75);
  expect(lines.some((line) => line.includes(payee.name) && line.includes('30.25'))).toBe(true);

  // The PDF beside it, switched to বাংলা: in Bangla, closing on the same balance (poppler's pdftotext).
  await page.getByRole('button', { name: 'বাংলা' }).click();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'স্টেটমেন্ট ডাউনলোড করুন (পিডিএফ)' }).click();
  const pdf = await (await pdfDownload).path();
  expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('ওয়ালেট স্টেটমেন্ট');
  expect(text).toMatch(/শেষের ব্যালেন্স\s+১১৯\.৭৫/);
});

test('the analytics charts render with their tables', async ({ browser }) => {
  const [payer, payee] = [await registerAccount(), await registerAccount()];
  await moveMoney(payer, '/wallet/deposit', { balance: 40 });
  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 15 });
  const page = await windowOf(browser, payer);
  await page.goto('/user/overview');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/user\/analytics$/);
  const tables = page.getByRole('main').getByRole('table');
  await expect(tables.first()).toBeVisible();
  expect(await tables.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('main').getByRole('table').getByText(payee.name).first()).toBeAttached();
  for (const chart of ['Money in and out per month', 'Balance over time', 'Top counterparts']) {
    await expect(page.getByRole('figure', { name: chart })).toBeVisible();
    await expect(page.getByRole('figure', { name: chart }).locator('svg').first()).toBeAttached();
  }
  await expectAccessible(page);
});

test('the audit log shows an admin action just taken', async ({ browser }) => {
  const agent = await registerAccount();
  const admin = await windowOf(browser);
  expect((await admin.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  await admin.goto('/admin/all-user');
  await admin.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit-log$/);
  const row = admin.getByRole('row').filter({ hasText: agent.email }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(agent.name);
  await expectAccessible(admin);
});
