import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, signInAs, windowOf, type Account } from '../support/accounts';
import { expectAccessibleInBothSchemes, opened } from '../support/axe';
import { confirmWithPin } from '../support/pin';

/** The schedule as a fresh database holds it: the row this spec changes, put back when it ends. */
const CASH_OUT_DEFAULT = {
  percent: 1.85,
  fixed: 0,
  minimum: null,
  maximum: null,
  freeMonthly: null,
  agentShare: 22,
  agentCommission: 0,
};

/** The value of a review or receipt line: the <dd> after the <dt> that says `label`. */
const line = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);
const feesRow = (page: Page, movement: string) =>
  page
    .getByRole('table', { name: 'Fees' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: movement }) });
const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

test('an admin sets the cash-out fee on Fees; a person sees it before Confirm, pays it, and finds it on their statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const person = await registerAccount();
  const agent = await registerAccount();
  const admin = await windowOf(browser);
  expect((await admin.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  try {
    await test.step('the admin reads the schedule and sets cash-out to 2% + 1.00 Taka, audited', async () => {
      await admin.emulateMedia({ colorScheme: 'light' });
      await admin.goto('/admin/fees');
      await expect(admin.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
      await expect(feesRow(admin, 'Cash out')).toContainText('1.85%');
      await expect(feesRow(admin, 'Cash out')).toContainText('22% of the fee');
      await expect(feesRow(admin, 'Cash in')).toContainText('0.4% of the amount (4.00 Taka per 1,000)');
      await admin.getByRole('button', { name: 'Edit Cash out fees' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Cash out fees' });
      await opened(dialog);
      await expectAccessibleInBothSchemes(admin);
      await dialog.getByRole('textbox', { name: 'Percentage' }).fill('2');
      await dialog.getByRole('textbox', { name: 'Fixed part' }).fill('1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('Fees updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(feesRow(admin, 'Cash out')).toContainText('2% + 1.00 Taka');

      await admin.goto('/admin/audit-log');
      await admin.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed fees' });
      const row = admin.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
      await expect(row).toContainText('Fees · Cash out');
      await expect(row).toContainText('Percentage: 1.85% → 2%');
      await expect(row).toContainText('Fixed part: 0.00 Taka → 1.00 Taka');
    });

    await test.step('the person sees the fee and the total in the review, pays them, and the receipt says so', async () => {
      await moveMoney(person, '/wallet/deposit', { balance: 500 });
      await signInAs(page, person);
      await page.goto('/user/withdraw');
      await page.getByLabel('Agent').fill(agent.email);
      await page.getByRole('option', { name: agent.name }).click();
      await page.getByLabel('Amount').fill('100');
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const review = page.getByRole('dialog', { name: 'Review withdraw' });
      await expect(line(review, 'Fee')).toHaveText('3.00 Taka');
      await expect(line(review, 'Total')).toHaveText('103.00 Taka');
      await expect(line(review, 'Balance after')).toHaveText('447.00 Taka');
      await confirmWithPin(review);
      await expect(page.getByText('Withdraw successful!')).toBeVisible();
      await expect(line(page.getByRole('main'), 'Fee')).toHaveText('3.00 Taka');
      expect(await balanceOf(person)).toBe(447);
      // The agent earns 22% of the fee: 0.66.
      expect(await balanceOf(agent)).toBe(150.66);
    });

    await test.step('the statement has the fee as a line of its own, after its movement', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const statement = await person.api.get(`/api/v1/transaction/me/statement?from=${today}&to=${today}`);
      expect(statement.status()).toBe(200);
      const lines = (await statement.text()).split('\r\n').filter((text) => text.includes(',cash-out'));
      expect(lines.map((text) => text.split(',').slice(2))).toEqual([
        ['cash-out', agent.name, '', '100.00', '450.00'],
        ['cash-out fee', agent.name, '', '3.00', '447.00'],
      ]);
    });
  } finally {
    const reset = await admin.request.put('/api/v1/admin/fees/cash-out', { data: CASH_OUT_DEFAULT });
    expect(reset.status()).toBe(200);
    await admin.context().close();
  }
});

test("an admin reverses a transfer on All Transactions, and it shows in both parties' histories without a reload", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const payer = await registerAccount();
  const payee = await registerAccount();
  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 12 });
  const original = (await apiGet(payer.api, '/transaction/me?limit=1')).data[0];
  const history = async (account: Account) => {
    const window = await windowOf(browser, account);
    await window.goto('/user/history');
    await expect(window.getByRole('table', { name: 'Transaction History' })).toBeVisible();
    return window;
  };
  const [payerWindow, payeeWindow] = [await history(payer), await history(payee)];

  const admin = await windowOf(browser);
  await admin.emulateMedia({ colorScheme: 'light' });
  await admin.goto('/admin/all-transaction');
  const reverse = admin.getByRole('button', { name: `Reverse the transfer from ${payer.name} to ${payee.name}` });
  await reverse.click();
  const dialog = admin.getByRole('dialog', { name: 'Reverse the transfer of 12.00 Taka?' });
  await opened(dialog);
  await expectAccessibleInBothSchemes(admin);
  await dialog.getByLabel('Reason').fill('Sent to the wrong person; the payee agreed on the phone');
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(admin.getByText('Transfer reversed', { exact: true })).toBeVisible();
  await expect(reverse).toHaveCount(0);

  // Live: neither party reloads.
  const link = `Reversed by `;
  for (const [window, amount] of [
    [payerWindow, '+12.00'],
    [payeeWindow, '-12.00'],
  ] as const) {
    const rows = window
      .getByRole('table', { name: 'Transaction History' })
      .getByRole('row')
      .filter({ hasNot: window.getByRole('columnheader') });
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText(/^Reversal Reverses /);
    await expect(rows.nth(0).getByRole('cell').nth(4)).toHaveText(amount);
    await expect(rows.nth(1).getByRole('cell').nth(1)).toContainText(link);
  }
  expect(await balanceOf(payer)).toBe(50);
  expect(await balanceOf(payee)).toBe(50);
  const { data: payerRows } = await apiGet(payer.api, '/transaction/me?limit=2');
  expect(payerRows[1]).toMatchObject({ _id: original._id, reversedBy: payerRows[0]._id });
  expect(payerRows[0]).toMatchObject({ type: 'reversal', reverses: original._id });
  for (const window of [payerWindow, payeeWindow, admin]) await window.context().close();
});

test('a cash-in the empty commission float cannot cover posts with no commission and says why; an owner funds the float on Fees, and the next pays it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = await registerAccount();
  const customer = await registerAccount();
  const admin = await windowOf(browser);
  expect((await admin.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  const float = async () => (await apiGet(admin.request, '/admin/commission-float')).data.balance as number;
  // A fresh site's float is empty: nobody has funded it yet.
  expect(await float()).toBe(0);
  const agentWindow = await windowOf(browser, agent);
  const cashIn = async (amount: string) => {
    await agentWindow.goto('/agent/cash-in');
    await agentWindow.getByLabel('User').fill(customer.email);
    await agentWindow.getByRole('option', { name: customer.name }).click();
    await agentWindow.getByLabel('Amount').fill(amount);
    await agentWindow.getByRole('button', { name: 'Cash In', exact: true }).click();
    return agentWindow.getByRole('dialog', { name: 'Review cash in' });
  };
  try {
    await test.step('the agent is told before Confirm, and on the receipt, that the float pays nothing now', async () => {
      const review = await cashIn('10');
      await expect(line(review, 'You earn')).toHaveText(
        'Nothing now: the commission float cannot cover your 0.04 Taka commission. The cash-in still goes through.',
      );
      await expect(line(review, 'Balance after')).toHaveText('40.00 Taka');
      await confirmWithPin(review);
      await expect(agentWindow.getByText('CashIn successful!')).toBeVisible();
      await expect(line(agentWindow.getByRole('main'), 'You earned')).toHaveText(
        'Nothing: the commission float could not cover your 0.04 Taka commission. The cash-in went through.',
      );
      expect(await balanceOf(agent)).toBe(40);
      expect(await balanceOf(customer)).toBe(60);
      const { data } = await apiGet(agent.api, '/transaction/me?limit=1');
      expect(data[0]).toMatchObject({ type: 'cash-in', balance: 10, commission: 0 });
    });

    await test.step('the owner funds the float on Fees by a deposit, audited', async () => {
      await admin.emulateMedia({ colorScheme: 'light' });
      await admin.goto('/admin/fees');
      const card = admin.getByRole('region', { name: 'Commission float' });
      await expect(card).toContainText('The float is empty');
      await card.getByRole('button', { name: 'Fund the float' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Fund the commission float' });
      await opened(dialog);
      await expectAccessibleInBothSchemes(admin);
      await dialog.getByRole('textbox', { name: 'Amount (Taka)' }).fill('1000');
      await dialog.getByRole('combobox', { name: 'From' }).selectOption({ label: 'A deposit from the bank' });
      await dialog.getByRole('button', { name: 'Fund the float' }).click();
      await expect(admin.getByText('Commission float funded')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(card).toContainText('1,000.00 Taka');
      await expect(card).not.toContainText('The float is empty');
      expect(await float()).toBe(1000);
      const audit = await apiGet(admin.request, '/admin/audit-log?action=float_fund&limit=1');
      expect(audit.data[0].reason).toMatch(/^Funded the commission float with 1000 Taka from a deposit from the bank/);
    });

    await test.step('the next cash-in pays the commission, out of the float', async () => {
      const review = await cashIn('10');
      await expect(line(review, 'You earn')).toHaveText('0.04 Taka');
      await confirmWithPin(review);
      await expect(line(agentWindow.getByRole('main'), 'You earned')).toHaveText('0.04 Taka');
      expect(await balanceOf(agent)).toBe(30.04);
      expect(await float()).toBe(999.96);
    });
  } finally {
    for (const window of [agentWindow, admin]) await window.context().close();
  }
});
