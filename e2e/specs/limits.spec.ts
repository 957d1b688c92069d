import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, moveMoney, registerAccount, signInAs, windowOf, type Account } from '../support/accounts';
import { expectAccessibleInBothSchemes, opened } from '../support/axe';
import { confirmWithPin } from '../support/pin';

/*
 * An email-verified person's defaults (api/drizzle/0012_limits.sql): 25,000 Taka a day to add and
 * to send, 25,000 at a time. The 50 Taka bonus is not counted.
 */
const DAILY_SEND_REFUSED = 'Daily send limit reached: 5,000.00 Taka left today';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true });

/** The value of a review line: the <dd> after the <dt> that says `label`. */
const reviewLine = (dialog: Locator, label: string) => dialog.locator(`dt:text-is("${label}") + dd`);

/** The transfer form filled for `receiver`, reviewed: the review dialog, open. */
async function reviewTransfer(page: Page, receiver: Account, amount: string) {
  await sidebarLink(page, 'Transfer').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
  await page.getByLabel('Receiver').fill(receiver.email);
  await page.getByRole('option', { name: receiver.name }).click();
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review transfer' });
  await opened(dialog);
  return dialog;
}

const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

test("a verified person sends up to the day's limit, sees it on Limits, and is refused past it", async ({ page }) => {
  test.setTimeout(180_000);
  // Both verified through the link mailed to them (support/accounts.ts reads the dev outbox); the
  // person's identity not yet reviewed (their bonus stays held: it is never sent here).
  const person = await registerAccount({ kyc: false });
  const friend = await registerAccount();
  await signInAs(page, person);
  await page.emulateMedia({ colorScheme: 'light' });

  await test.step('add 25,000 Taka, the whole day’s limit', async () => {
    await page.goto('/user/deposit');
    await page.getByLabel('Amount').fill('25000');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByText('Deposit successful!')).toBeVisible();
    expect(await balanceOf(person)).toBe(25_050);
  });

  await test.step('the review of 20,000 says what the day and the month leave, and passes axe', async () => {
    const dialog = await reviewTransfer(page, friend, '20000');
    await expect(reviewLine(dialog, 'Left today after this')).toHaveText('5,000.00 Taka');
    await expect(reviewLine(dialog, 'Left this month after this')).toHaveText('130,000.00 Taka');
    await expectAccessibleInBothSchemes(page);
    await confirmWithPin(dialog);
    await expect(page.getByText('Transfer successful!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transfer receipt' })).toBeVisible();
    expect(await balanceOf(person)).toBe(5_050);
  });

  await test.step('Limits shows 20,000.00 of the 25,000.00 a day used, and passes axe', async () => {
    await sidebarLink(page, 'Limits').click();
    await expect(page).toHaveURL(/\/user\/limits$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Limits' })).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'Send money today: 20,000.00 of 25,000.00 Taka used' }),
    ).toBeVisible();
    const send = page.getByRole('region', { name: 'Send money' });
    await expect(send.getByText('Used 20,000.00 · left 5,000.00 Taka')).toBeVisible();
    await expect(send.getByText('Up to 25,000.00 Taka')).toBeVisible();
    await expect(
      page.getByRole('progressbar', { name: 'Add money today: 25,000.00 of 25,000.00 Taka used' }),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Balance: 5,050.00 of 250,000.00 Taka held' })).toBeVisible();
    const review = page.getByRole('region', { name: 'Identity review' });
    await expect(review.getByText('Email verified')).toBeVisible();
    await expect(review.getByRole('button', { name: 'Ask for a review' })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectAccessibleInBothSchemes(page);
  });

  await test.step('5,001 more is over the day: the review says so, and the server refuses it', async () => {
    // The friend sends 100 back first: money received is the person's to move (the bonus is held).
    await moveMoney(friend, '/wallet/transfer', { receiverId: person.id, balance: 100 });
    const dialog = await reviewTransfer(page, friend, '5001');
    await expect(dialog.getByText('This is more than your daily limit allows: 5,000.00 Taka left today')).toBeVisible();
    await expect(reviewLine(dialog, 'Left this month after this')).toHaveText('124,999.00 Taka');
    await expectAccessibleInBothSchemes(page);
    await confirmWithPin(dialog);
    await expect(page.getByText(DAILY_SEND_REFUSED, { exact: true })).toBeVisible();
    // The review stays open after a refusal, for another try: the person cancels it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await balanceOf(person)).toBe(5_150);
    expect(await balanceOf(friend)).toBe(19_950);
  });

  await test.step('the person asks for an identity review from Limits', async () => {
    await sidebarLink(page, 'Limits').click();
    const review = page.getByRole('region', { name: 'Identity review' });
    await review.getByRole('button', { name: 'Ask for a review' }).click();
    await expect(page.getByText('Your request for a review was sent')).toBeVisible();
    await expect(review.getByText(/^Your review is waiting for an admin/)).toBeVisible();
    await expect(review.getByRole('button', { name: 'Ask for a review' })).toHaveCount(0);
    expect((await apiGet(person.api, '/user/kyc-request')).data.status).toBe('pending');
  });
});

test('an agent sees the cash-ins they give and the cash-outs they take on Limits', async ({ page, browser }) => {
  const agent = await registerAccount();
  const admin = await windowOf(browser);
  expect((await admin.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  await admin.context().close();

  await signInAs(page, agent);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/agent/cash-in');
  await sidebarLink(page, 'Limits').click();
  await expect(page).toHaveURL(/\/agent\/limits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Limits' })).toBeVisible();
  await expect(
    page.getByRole('progressbar', { name: 'Cash in (given) today: 0.00 of 1,000,000.00 Taka used' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cash in (given)' }).getByText('Up to 50,000.00 Taka')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cash out (taken)' }).getByText('No limit')).toHaveCount(5);
  await expect(page.getByRole('progressbar', { name: 'Balance: 50.00 of 5,000,000.00 Taka held' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Identity review' })).toHaveCount(0);
  await expectAccessibleInBothSchemes(page);
});
