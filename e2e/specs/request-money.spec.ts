import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, windowOf, type Account } from '../support/accounts';
import { expectAccessible, opened } from '../support/axe';
import { confirmWithPin } from '../support/pin';

const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

/** The row of a requests table that names `who`. */
const requestRow = (page: Page, table: string, who: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: who });

/** The value of a review or receipt line: the <dd> after the <dt> that says `label`. */
const line = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

test('a user asks another for Tk 500 with a note; the other pays it through the pre-filled review with the PIN, and both lists and the API say paid', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const [asker, payer] = await Promise.all([registerAccount({ kyc: false }), registerAccount({ kyc: false })]);
  await moveMoney(payer, '/wallet/deposit', { balance: 1_000 });
  const [askerPage, payerPage] = await Promise.all([windowOf(browser, asker), windowOf(browser, payer)]);
  try {
    const [askerBefore, payerBefore] = [await balanceOf(asker), await balanceOf(payer)];

    await test.step('the asker finds the payer in the picker and asks for 500 with a note', async () => {
      await askerPage.goto('/user/request-money');
      await expect(askerPage.getByRole('heading', { level: 1, name: 'Request money' })).toBeVisible();
      const form = askerPage.getByRole('form', { name: 'Ask for money' });
      await expect(form.getByText('From 100.00 to 2,500.00 Taka')).toBeVisible();
      await expect(askerPage.getByRole('table', { name: 'Asked of you' })).toContainText('No one has asked you');
      await expectAccessible(askerPage);
      await form.getByLabel('Person', { exact: true }).fill(payer.email);
      await askerPage.getByRole('option', { name: payer.name }).click();
      await form.getByLabel('Amount').fill('500');
      await form.getByLabel('Note').fill('Dinner on Friday');
      await form.getByRole('button', { name: 'Send request' }).click();
      const sent = askerPage.getByRole('status', { name: 'Request sent' });
      await expect(sent).toContainText(`You asked ${payer.name} for 500.00 Taka.`);
      await expect(sent).toContainText('A request never takes money by itself');
      await askerPage.getByRole('tab', { name: 'Sent by you' }).click();
      const row = requestRow(askerPage, 'Sent by you', payer.name);
      await expect(row).toContainText('500.00');
      await expect(row).toContainText('Dinner on Friday');
      await expect(row).toContainText('Open');
      await expectAccessible(askerPage);
    });

    await test.step('the payer sees it and pays it through the pre-filled review, with the PIN', async () => {
      await payerPage.goto('/user/request-money');
      const row = requestRow(payerPage, 'Asked of you', asker.name);
      await expect(row).toContainText('Dinner on Friday');
      await row.getByRole('link', { name: `Pay ${asker.name} 500.00 Taka` }).click();
      await expect(payerPage).toHaveURL(/\/user\/transfer\?request=/);
      const form = payerPage.getByRole('form', { name: 'Transfer' });
      await expect(form).toContainText(`You are paying the request of ${asker.name}.`);
      await expect(line(form, 'Receiver')).toHaveText(asker.name);
      await expect(line(form, 'Amount')).toHaveText('500.00 Taka');
      await expect(form.getByRole('textbox')).toHaveCount(0);
      await form.getByRole('button', { name: 'Transfer', exact: true }).click();
      const review = payerPage.getByRole('dialog', { name: 'Review transfer' });
      await opened(review);
      await expect(line(review, 'Receiver')).toHaveText(asker.name);
      await expect(line(review, 'Amount')).toHaveText('500.00 Taka');
      await expect(line(review, 'Note')).toHaveText('Dinner on Friday');
      await expect(line(review, 'Fee')).toHaveText('No fee');
      await confirmWithPin(review);
      await expect(payerPage.getByText('Transfer successful!')).toBeVisible();
      await payerPage.getByRole('button', { name: 'Done' }).click();
      await expect(payerPage).toHaveURL(/\/user\/request-money$/);
      await expect(requestRow(payerPage, 'Asked of you', asker.name)).toContainText('Paid');
    });

    await test.step("the asker is told at once: their open page's bell lists the request paid", async () => {
      const bell = askerPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
      await bell.click();
      const panel = askerPage.getByRole('dialog', { name: 'Notifications' });
      await expect(panel.getByRole('listitem').first()).toHaveText(
        new RegExp(`^Unread: ${payer.name} paid your request for 500\\.00 Taka`),
      );
      await askerPage.keyboard.press('Escape');
      const [told] = (await apiGet(asker.api, '/notifications?limit=1')).data;
      expect(told).toMatchObject({ kind: 'request_paid', amount: 500, counterpart: payer.name, readAt: null });
    });

    await test.step("the asker's list says paid, and so does the API, with the transfer that paid it", async () => {
      await askerPage.reload();
      await askerPage.getByRole('tab', { name: 'Sent by you' }).click();
      await expect(requestRow(askerPage, 'Sent by you', payer.name)).toContainText('Paid');
      const [request] = (await apiGet(asker.api, '/requests?direction=outgoing&limit=1')).data;
      expect(request).toMatchObject({
        payer: { _id: payer.id, name: payer.name },
        amount: 500,
        note: 'Dinner on Friday',
        status: 'paid',
        transactionId: expect.any(String),
      });
      const [latest] = (await apiGet(payer.api, '/transaction/me?limit=1')).data;
      expect(latest).toMatchObject({ _id: request.transactionId, type: 'transfer', balance: 500, fee: 0 });
      expect(await balanceOf(asker)).toBeCloseTo(askerBefore + 500, 2);
      expect(await balanceOf(payer)).toBeCloseTo(payerBefore - 500, 2);
    });

    await test.step('in Bangla, the page and its lists pass axe', async () => {
      expect((await payer.api.patch('/api/v1/user/me', { data: { language: 'bn' } })).status()).toBe(200);
      await payerPage.goto('/user/request-money');
      await expect(payerPage.getByRole('heading', { level: 1, name: 'রিকোয়েস্ট মানি' })).toBeVisible();
      await expect(payerPage.getByRole('form', { name: 'টাকা চান' })).toContainText('১০০.০০৳ থেকে ২,৫০০.০০৳ পর্যন্ত');
      await expect(requestRow(payerPage, 'আপনার কাছে চাওয়া', asker.name)).toContainText('পরিশোধিত');
      await expectAccessible(payerPage);
    });
  } finally {
    await Promise.all([askerPage.context().close(), payerPage.context().close()]);
  }
});
