import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, registerAccount, windowOf, type Account } from '../support/accounts';
import { confirmWithPin } from '../support/pin';

/** One person's own browser window, signed in. */
async function choose(page: Page, picker: string, account: Account) {
  await page.getByLabel(picker).fill(account.email);
  await page.getByRole('option', { name: account.name }).click();
}

/** Money that leaves a wallet is reviewed first: only Confirm, with the PIN, sends it. */
async function send(page: Page, button: string, amount: string) {
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: button, exact: true }).click();
  const review = page.getByRole('dialog');
  await expect(review).toBeVisible();
  await confirmWithPin(review);
}

/** The value of a review or receipt line: the <dd> after the <dt> that says `label`. */
const reviewLine = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;
const historyRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

async function expectRow(row: Locator, cells: { type: string; from: string; to: string; amount: string }) {
  await expect(row.getByRole('cell').nth(1)).toHaveText(cells.type);
  await expect(row.getByRole('cell').nth(2)).toHaveText(cells.from);
  await expect(row.getByRole('cell').nth(3)).toHaveText(cells.to);
  await expect(row.getByRole('cell').nth(4)).toHaveText(cells.amount);
}

/** The admin's list row of one person, found through the list's server search (remote-admin's screen). */
async function adminRow(page: Page, path: string, table: 'Users' | 'Agents', account: Account) {
  await page.goto(path);
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(account.email);
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  return row;
}

test('users, an agent and an admin move money through the dashboards, checked on screen and through the API', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const payer = await registerAccount();
  const friend = await registerAccount();
  const agent = await registerAccount();

  // The admin makes a registered user an agent on /admin/all-user.
  const admin = await windowOf(browser);
  await (await adminRow(admin, '/admin/all-user', 'Users', agent)).getByRole('button', { name: 'Make Agent' }).click();
  await expect(admin.getByText('User approved successfully')).toBeVisible();
  expect((await apiGet(agent.api, '/user/me')).data.role).toBe('AGENT');

  // The payer deposits 500 (a double click still moves it once), transfers 120, withdraws 80 through the agent.
  const user = await windowOf(browser, payer);
  await user.goto('/user/overview');
  await expect(user.getByText('Balance $ 50.00')).toBeVisible();
  await user.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Deposit' }).click();
  await user.getByLabel('Amount').fill('500');
  await user.getByRole('button', { name: 'Deposit', exact: true }).dblclick();
  await expect(user.getByText('Deposit successful!')).toBeVisible();
  await expect(user.getByText('Balance $ 550.00')).toBeVisible();
  expect(await balanceOf(payer)).toBe(550);

  await user.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Transfer' }).click();
  await choose(user, 'Receiver', friend);
  await send(user, 'Transfer', '120');
  await expect(user.getByText('Transfer successful!')).toBeVisible();
  await expect(user.getByText('Balance $ 430.00')).toBeVisible();
  expect(await balanceOf(payer)).toBe(430);
  expect(await balanceOf(friend)).toBe(170);

  // A withdrawal costs 1.85% (1.48 on 80), shown before Confirm; the agent earns 22% of it, rounded down (0.32).
  await user.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Withdraw' }).click();
  await choose(user, 'Agent', agent);
  await user.getByLabel('Amount').fill('80');
  await user.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const review = user.getByRole('dialog', { name: 'Review withdraw' });
  await expect(reviewLine(review, 'Fee')).toHaveText('1.48 Taka');
  await expect(reviewLine(review, 'Total')).toHaveText('81.48 Taka');
  await expect(reviewLine(review, 'Balance after')).toHaveText('348.52 Taka');
  await confirmWithPin(review);
  await expect(user.getByText('Withdraw successful!')).toBeVisible();
  await expect(reviewLine(user.locator('main'), 'Fee')).toHaveText('1.48 Taka');
  await expect(user.getByText('Balance $ 348.52')).toBeVisible();
  expect(await balanceOf(payer)).toBe(348.52);
  expect(await balanceOf(agent)).toBe(130.32);

  await user.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'History' }).click();
  await expect(historyRows(user)).toHaveCount(4);
  await expectRow(historyRows(user).nth(0), {
    type: 'Cash-out',
    from: payer.name,
    to: agent.name,
    amount: '-80.00 fee 1.48',
  });
  await expectRow(historyRows(user).nth(1), { type: 'Transfer', from: payer.name, to: friend.name, amount: '-120.00' });
  await expectRow(historyRows(user).nth(2), { type: 'Deposit', from: 'N/A', to: payer.name, amount: '+500.00' });
  await expectRow(historyRows(user).nth(3), { type: 'Bonus', from: 'N/A', to: payer.name, amount: '+50.00' });
  const { data: payerHistory } = await apiGet(payer.api, '/transaction/me?limit=5');
  expect(payerHistory.map((row: { type: string; balance: number }) => [row.type, row.balance])).toEqual([
    ['cash-out', 80],
    ['transfer', 120],
    ['deposit', 500],
    ['bonus', 50],
  ]);

  // Cash-in commissions come from the commission float: the owner funds it if no spec has yet.
  if ((await apiGet(admin.request, '/admin/commission-float')).data.balance < 1) {
    const funded = await admin.request.post('/api/v1/admin/commission-float', {
      data: { amount: 1000, source: 'deposit' },
    });
    expect(funded.status()).toBe(200);
  }

  // The agent cashes in 40 to the friend; success shows once the server accepted it.
  const agentWindow = await windowOf(browser, agent);
  await agentWindow.goto('/agent/cash-in');
  await expect(agentWindow.getByText('Balance $ 130.32')).toBeVisible();
  await choose(agentWindow, 'User', friend);
  await send(agentWindow, 'Cash In', '40');
  await expect(agentWindow.getByText('CashIn successful!')).toBeVisible();
  // The agent earns 0.4% of a cash-in (0.16 on 40), paid from the commission float.
  await expect(agentWindow.getByText('Balance $ 90.48')).toBeVisible();
  expect(await balanceOf(agent)).toBe(90.48);
  expect(await balanceOf(friend)).toBe(210);
  await agentWindow.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'History' }).click();
  await expectRow(historyRows(agentWindow).nth(0), {
    type: 'Cash-in',
    from: agent.name,
    to: friend.name,
    amount: '-40.00 commission +0.16',
  });
  await expectRow(historyRows(agentWindow).nth(1), {
    type: 'Cash-out',
    from: payer.name,
    to: agent.name,
    amount: '+80.00 commission +0.32',
  });
  const { data: agentHistory } = await apiGet(agent.api, '/transaction/me?limit=5');
  expect(agentHistory.map((row: { type: string; balance: number }) => [row.type, row.balance])).toEqual([
    ['cash-in', 40],
    ['cash-out', 80],
    ['bonus', 50],
  ]);
  const { data: friendHistory } = await apiGet(friend.api, '/transaction/me?limit=5');
  expect(friendHistory[0]).toMatchObject({
    type: 'cash-in',
    balance: 40,
    sender: { _id: agent.id },
    receiver: { _id: friend.id },
  });

  // The admin blocks the friend's wallet: the friend's transfer fails with the server's message.
  await (
    await adminRow(admin, '/admin/all-user', 'Users', friend)
  )
    .getByRole('button', { name: 'Block Wallet' })
    .click();
  await expect(admin.getByText('Wallet blocked successfully')).toBeVisible();
  const friendWindow = await windowOf(browser, friend);
  await friendWindow.goto('/user/transfer');
  await expect(friendWindow.getByText('Balance $ 210.00')).toBeVisible();
  await expect(friendWindow.getByText('Wallet blocked')).toBeVisible();
  await choose(friendWindow, 'Receiver', payer);
  await send(friendWindow, 'Transfer', '10');
  await expect(friendWindow.getByText('Wallet is blocked', { exact: true })).toBeVisible();
  // The refused movement's review stays open until the person leaves it.
  await friendWindow.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(friendWindow.getByText('Transfer successful!')).toHaveCount(0);
  expect(await balanceOf(friend)).toBe(210);
  await friendWindow.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'History' }).click();
  await expect(historyRows(friendWindow)).toHaveCount(3);
  await expectRow(historyRows(friendWindow).nth(0), {
    type: 'Cash-in',
    from: agent.name,
    to: friend.name,
    amount: '+40.00',
  });
  await expectRow(historyRows(friendWindow).nth(1), {
    type: 'Transfer',
    from: payer.name,
    to: friend.name,
    amount: '+120.00',
  });
  await expectRow(historyRows(friendWindow).nth(2), { type: 'Bonus', from: 'N/A', to: friend.name, amount: '+50.00' });

  // The admin suspends the agent: its cash-in is refused and never shown as done.
  await (await adminRow(admin, '/admin/all-agent', 'Agents', agent)).getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText('Agent suspended successfully')).toBeVisible();
  await agentWindow.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Cash In' }).click();
  await choose(agentWindow, 'User', payer);
  await send(agentWindow, 'Cash In', '10');
  await expect(agentWindow.getByText('Agent is suspended')).toBeVisible();
  await expect(agentWindow.getByText('CashIn successful!')).toHaveCount(0);
  await expect(agentWindow.getByText('Balance $ 90.48')).toBeVisible();
  expect(await balanceOf(agent)).toBe(90.48);
  expect(await balanceOf(payer)).toBe(348.52);
});
