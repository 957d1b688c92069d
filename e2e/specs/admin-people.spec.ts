import { expect, test, type Page } from '@playwright/test';
import { apiGet, registerAccount, signInAsAdmin, WITH_PIN, type Account } from '../support/accounts';

/** Finds a person's row on an admin list through the list's own server search. */
async function rowOf(page: Page, table: 'Users' | 'Agents', account: Account) {
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(account.email);
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('table', { name: table }).getByRole('row')).toHaveCount(2);
  return row;
}

test('an admin makes a registered user an agent through /admin/all-user', async ({ page }) => {
  const person = await registerAccount();
  await signInAsAdmin(page);
  await page.goto('/admin/all-user');
  const row = await rowOf(page, 'Users', person);
  await expect(row.getByText('50.00')).toBeVisible();

  await row.getByRole('button', { name: 'Make Agent' }).click();
  await expect(page.getByText('User approved successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  const { data: agents } = await apiGet(page.request, `/admin/agents?search=${encodeURIComponent(person.email)}`);
  expect(agents).toEqual([expect.objectContaining({ _id: person.id, role: 'AGENT', isActive: true })]);
  expect((await apiGet(person.api, '/user/me')).data.role).toBe('AGENT');

  await page.goto('/admin/all-agent');
  const agentRow = await rowOf(page, 'Agents', person);
  await expect(agentRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(agentRow.getByRole('button', { name: 'Suspend' })).toBeVisible();
});

test("an admin blocks and unblocks a wallet, the button following the wallet's state", async ({ page }) => {
  const sender = await registerAccount();
  const receiver = await registerAccount();
  await signInAsAdmin(page);
  await page.goto('/admin/all-user');
  const row = await rowOf(page, 'Users', sender);

  await row.getByRole('button', { name: 'Block Wallet' }).click();
  await expect(page.getByText('Wallet blocked successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unblock Wallet' })).toBeVisible();
  expect((await apiGet(page.request, `/wallet/user/${sender.id}`)).data.isBlocked).toBe(true);
  const refused = await sender.api.post('/api/v1/wallet/transfer', {
    data: { receiverId: receiver.id, balance: 5 },
    headers: WITH_PIN,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Wallet is blocked');

  await page.reload();
  const reloaded = await rowOf(page, 'Users', sender);
  await expect(reloaded.getByRole('button', { name: 'Unblock Wallet' })).toBeVisible();
  await reloaded.getByRole('button', { name: 'Unblock Wallet' }).click();
  await expect(page.getByText('Wallet unblocked successfully')).toBeVisible();
  await expect(reloaded.getByRole('button', { name: 'Block Wallet' })).toBeVisible();
  expect((await apiGet(page.request, `/wallet/user/${sender.id}`)).data.isBlocked).toBe(false);
  const allowed = await sender.api.post('/api/v1/wallet/transfer', {
    data: { receiverId: receiver.id, balance: 5 },
    headers: WITH_PIN,
  });
  expect(allowed.status()).toBe(201);
});

test('an admin suspends and reactivates an agent on /admin/all-agent', async ({ page }) => {
  const agent = await registerAccount();
  const customer = await registerAccount();
  await signInAsAdmin(page);
  expect((await page.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  await page.goto('/admin/all-agent');
  const row = await rowOf(page, 'Agents', agent);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Agent suspended successfully')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  const { data: suspended } = await apiGet(page.request, `/admin/agents?search=${encodeURIComponent(agent.email)}`);
  expect(suspended[0]).toMatchObject({ _id: agent.id, isActive: false });
  const refused = await agent.api.post('/api/v1/agent/cash-in', {
    data: { userId: customer.id, balance: 10 },
    headers: WITH_PIN,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Agent is suspended');

  await row.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Agent reactivated successfully')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Suspend' })).toBeVisible();
  const { data: active } = await apiGet(page.request, `/admin/agents?search=${encodeURIComponent(agent.email)}`);
  expect(active[0]).toMatchObject({ _id: agent.id, isActive: true });
  const accepted = await agent.api.post('/api/v1/agent/cash-in', {
    data: { userId: customer.id, balance: 10 },
    headers: WITH_PIN,
  });
  expect(accepted.status()).toBe(201);
  expect((await accepted.json()).message).toBe('CashIn successful!');
});
