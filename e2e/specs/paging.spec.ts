import { expect, test } from '@playwright/test';
import { apiGet, registerAccount, signInAs, signInAsAdmin } from '../support/accounts';

test('12 transactions are paged 5 at a time on /user/history (the third page holding 2) and on /admin/all-transaction', async ({
  page,
}) => {
  const person = await registerAccount();
  // The registration bonus and 11 deposits of 1 to 11 Taka: 12 transactions, newest first.
  for (let amount = 1; amount <= 11; amount += 1) {
    const deposit = await person.api.post('/api/v1/wallet/deposit', {
      data: { balance: amount },
      headers: { 'Idempotency-Key': `paging-${person.id}-${amount}` },
    });
    expect(deposit.status()).toBe(201);
  }
  const api = await apiGet(person.api, '/transaction/me?page=3&limit=5');
  expect(api.meta).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3, hasNext: false });
  expect(api.data.map((row: { type: string; balance: number }) => [row.type, row.balance])).toEqual([
    ['deposit', 1],
    ['bonus', 50],
  ]);

  await signInAs(page, person);
  await page.goto('/user/history');
  const table = page.getByRole('table', { name: 'Transaction History' });
  const rows = table.getByRole('row');
  const amounts = async () =>
    (await table.locator('tbody tr td:nth-child(5)').allInnerTexts()).map((text) => text.trim());
  const prev = page.getByRole('button', { name: 'Prev' });
  const next = page.getByRole('button', { name: 'Next' });

  await expect(rows).toHaveCount(6);
  await expect.poll(amounts).toEqual(['+11.00', '+10.00', '+9.00', '+8.00', '+7.00']);
  await expect(prev).toBeDisabled();

  await next.click();
  await expect.poll(amounts).toEqual(['+6.00', '+5.00', '+4.00', '+3.00', '+2.00']);

  await next.click();
  await expect.poll(amounts).toEqual(['+1.00', '+50.00']);
  await expect(rows).toHaveCount(3);
  await expect(next).toBeDisabled();
  await expect(rows.filter({ hasText: '+50.00' }).getByText('N/A')).toBeVisible();

  await prev.click();
  await expect.poll(amounts).toEqual(['+6.00', '+5.00', '+4.00', '+3.00', '+2.00']);

  // The admin's list holds everyone's movements, newest first: these 12 are its latest.
  await signInAsAdmin(page);
  const { data: latest } = await apiGet(page.request, '/admin/transactions?page=1&limit=5');
  expect(latest.map((row: { balance: number }) => row.balance)).toEqual([11, 10, 9, 8, 7]);
  await page.goto('/admin/all-transaction');
  const all = page.getByRole('table', { name: 'Transactions', exact: true });
  const adminRows = all.locator('tbody tr');
  const adminAmounts = async () =>
    (await all.locator('tbody tr td:nth-child(5)').allInnerTexts()).map((text) => text.trim());
  await expect.poll(adminAmounts).toEqual(['11.00', '10.00', '9.00', '8.00', '7.00']);
  await expect(adminRows.first()).toContainText(`DepositN/A${person.name}`);
  await next.click();
  await expect.poll(adminAmounts).toEqual(['6.00', '5.00', '4.00', '3.00', '2.00']);
  await next.click();
  await expect.poll(async () => (await adminAmounts()).slice(0, 2)).toEqual(['1.00', '50.00']);
  await expect(adminRows.nth(1)).toContainText(`BonusN/A${person.name}`);
  await prev.click();
  await expect.poll(adminAmounts).toEqual(['6.00', '5.00', '4.00', '3.00', '2.00']);
});
