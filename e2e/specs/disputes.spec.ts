import { expect, test, type Page } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, windowOf, type Account } from '../support/accounts';
import { expectAccessibleInBothSchemes, opened } from '../support/axe';

/** The row of a history, found by the signed amount it shows. */
const historyRow = (page: Page, amount: string) =>
  page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ has: page.getByText(amount, { exact: true }) });
/** The report in the admin's queue, found by the sender's reason. */
const reportRow = (page: Page, reason: string) =>
  page.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: reason });
const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

test('a sender reports transfers from the history; an admin rejects one and reverses the other on Disputes, and the sender sees each outcome without a reload', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const payer = await registerAccount();
  const payee = await registerAccount();
  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 7 });
  await moveMoney(payer, '/wallet/transfer', { receiverId: payee.id, balance: 9 });
  const [nine, seven] = (await apiGet(payer.api, '/transaction/me?limit=2')).data as [{ _id: string }, { _id: string }];
  const [firstReason, secondReason] = [`Paid twice by mistake ${payer.name}`, `Wrong number ${payer.name}`];

  const sender = await windowOf(browser, payer);
  await sender.emulateMedia({ colorScheme: 'light' });
  await sender.goto('/user/history');

  await test.step('the sender reports both transfers with their reasons; the receiver is not offered it', async () => {
    for (const [amount, reason] of [
      ['-7.00', firstReason],
      ['-9.00', secondReason],
    ] as const) {
      await historyRow(sender, amount)
        .getByRole('button', { name: /^Report a problem/ })
        .click();
      const dialog = sender.getByRole('dialog', { name: 'Report a problem with this transfer' });
      await opened(dialog);
      if (amount === '-7.00') await expectAccessibleInBothSchemes(sender);
      await dialog.getByRole('textbox', { name: 'What went wrong' }).fill(reason);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      // The toast of the report before may still be showing: the newest is the last.
      await expect(
        sender.getByText('Your report was sent. We will look into it within 24 hours.').last(),
      ).toBeVisible();
      await expect(historyRow(sender, amount)).toContainText('Reported: under review');
    }
    const receiverReports = await payee.api.post(`/api/v1/transaction/${seven._id}/dispute`, {
      data: { reason: 'Not mine to report' },
    });
    expect(receiverReports.status()).toBe(403);
  });

  const admin = await windowOf(browser);
  await admin.emulateMedia({ colorScheme: 'light' });
  await admin.goto('/admin/disputes');

  await test.step('the admin finds both reports in the queue, oldest first, against the 24-hour target', async () => {
    await expect(admin.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
    await expect(reportRow(admin, firstReason)).toContainText('7.00 Taka');
    await expect(reportRow(admin, firstReason)).toContainText('Target 24 h');
    await expect(reportRow(admin, secondReason)).toContainText('9.00 Taka');
    await expect(
      admin.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: payer.name }),
    ).toHaveText([new RegExp(firstReason), new RegExp(secondReason)]);
    await expectAccessibleInBothSchemes(admin);
  });

  await test.step('the admin rejects the first with a reason; the sender sees it live, and nothing moved', async () => {
    await reportRow(admin, firstReason)
      .getByRole('button', { name: /^Reject/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: `Reject the report of ${payer.name}?` });
    await opened(dialog);
    await expectAccessibleInBothSchemes(admin);
    await dialog.getByLabel('Reason').fill('Both payments were for separate orders');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Report rejected', { exact: true })).toBeVisible();
    await expect(reportRow(admin, firstReason)).toHaveCount(0);
    await expect(historyRow(sender, '-7.00')).toContainText('Report rejected: Both payments were for separate orders');
    expect(await balanceOf(payer)).toBe(34);
  });

  await test.step('the admin reverses the second; the money and the outcome reach the sender live', async () => {
    await reportRow(admin, secondReason)
      .getByRole('button', { name: /^Reverse/ })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Reverse the transfer of 9.00 Taka?' });
    await opened(dialog);
    await dialog.getByLabel('Reason').fill('The receiver confirmed it was not theirs');
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await expect(admin.getByText('Transfer reversed', { exact: true })).toBeVisible();
    await expect(historyRow(sender, '-9.00')).toContainText(
      'Report upheld, transfer reversed: The receiver confirmed it was not theirs',
    );
    await expect(historyRow(sender, '+9.00')).toContainText('Reverses');
    expect(await balanceOf(payer)).toBe(43);
    expect(await balanceOf(payee)).toBe(57);

    await admin.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Reversed' });
    await expect(reportRow(admin, secondReason)).toContainText('The receiver confirmed it was not theirs');
    await expectAccessibleInBothSchemes(admin);
  });

  const { data: reports } = await apiGet(payer.api, '/transaction/disputes');
  expect(reports.map((row: { transactionId: string; status: string }) => [row.transactionId, row.status])).toEqual([
    [nine._id, 'reversed'],
    [seven._id, 'rejected'],
  ]);
  for (const window of [sender, admin]) await window.context().close();
});
