import { expect, test, type Page } from '@playwright/test';
import { apiGet, registerAccount, windowOf, type Account } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { verificationLinkTo } from '../support/mail';
import { confirmSettingPin } from '../support/pin';
import { newPerson } from '../support/site';

const BANNER = 'Verify your email to send money and cash out.';
const SENDER_UNVERIFIED = 'Verify your email before you send money or cash out';
const LINK_USED = 'This link was already used. Your email may already be verified';

const banner = (page: Page) => page.getByRole('status', { name: 'Email verification' });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name });

/**
 * A transfer of `amount` to `receiver` on /user/transfer, reviewed and confirmed: the person,
 * registered in the browser, has no PIN at first, so the review sets it with their `password`.
 */
async function transfer(page: Page, receiver: Account, amount: string, password: string) {
  await page.getByLabel('Receiver').fill(receiver.email);
  await page.getByRole('option', { name: receiver.name }).click();
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await confirmSettingPin(page.getByRole('dialog'), password);
}

test('a new person confirms their email through the mailed link, then sends money', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Seeded people are verified (support/accounts.ts follows the mailed link for them).
  const friend = await registerAccount();
  const person = newPerson();

  await test.step('register with "Sing Up" and log in, in the browser', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sing Up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Typed at once, as a person does when the address changes: the register form is never shown
    // under /login (the login page's chunk may still be coming), so this lands in the login form.
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Login to your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the user area asks to verify, above every page, and passes axe', async () => {
    await page.goto('/user/overview');
    await expect(banner(page)).toContainText(`${BANNER} Open the link we sent to ${person.email}.`);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Balance $ 50.00')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await expectAccessible(page);
    // The banner's colours hold in the dark scheme too (the theme follows the system's by default).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await sidebarLink(page, 'Transfer').click();
    await expect(banner(page)).toBeVisible();
  });

  await test.step('an unverified person cannot send, and nobody finds them in the picker', async () => {
    await transfer(page, friend, '10', person.password);
    await expect(page.getByText(SENDER_UNVERIFIED)).toBeVisible();
    // The review stays open after a refusal, for another try: the person cancels it.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const friendPage = await windowOf(browser, friend);
    await friendPage.goto('/user/transfer');
    await friendPage.getByLabel('Receiver').fill(person.email);
    await expect(friendPage.getByText(`No one matches "${person.email}"`)).toBeVisible();
    await friendPage.context().close();
  });

  const firstLink = await verificationLinkTo(page.request, person.email);
  await test.step('"Resend the link" mails a new link, which replaces the first', async () => {
    await banner(page).getByRole('button', { name: 'Resend the link' }).click();
    await expect(page.getByText('We sent a new link to your email')).toBeVisible();
    await expect.poll(() => verificationLinkTo(page.request, person.email)).not.toBe(firstLink);
  });
  const link = await verificationLinkTo(page.request, person.email);

  await test.step('the link in the mail, opened from /dev/mail, verifies the email once', async () => {
    await page.goto('/dev/mail');
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('main').getByText('Your email is verified')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'User-Dashboard' })).toHaveAttribute(
      'href',
      '/user/overview',
    );

    // Used, the link says so at once: nothing to confirm, nothing to close.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: LINK_USED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm my email' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'I did not sign up' })).toHaveCount(0);
    await expect(page.getByText('Your email is verified')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('back in the user area the banner is gone and a transfer of money they added goes through', async () => {
    await page.goto('/user/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Balance $ 50.00')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    // A verified email is not a checked person: the bonus stays held, and the header says why.
    await expect(page.getByText('50.00 held until we check your identity')).toBeVisible();
    await page.goto('/user/deposit');
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect(page.getByText('Deposit successful!')).toBeVisible();
    await expect(page.getByText('Balance $ 150.00')).toBeVisible();
    await sidebarLink(page, 'Transfer').click();
    await transfer(page, friend, '20', person.password);
    await expect(page.getByText('Transfer successful!')).toBeVisible();
    await expect(page.getByText('Balance $ 130.00')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    // Verified, the person is found where they were not before.
    const found = await apiGet(friend.api, `/user/all-user?search=${encodeURIComponent(person.email)}`);
    expect(found.data.map((row: { name: string }) => row.name)).toEqual([person.name]);
  });
});

test('the owner of an address someone signed up with closes that account from the mailed link', async ({ browser }) => {
  // Someone signs up with another person's address, through the API.
  const squatter = newPerson();
  const api = await browser.newContext();
  expect((await api.request.post('/api/v1/user/register', { data: squatter })).status()).toBe(201);
  const link = await verificationLinkTo(api.request, squatter.email);

  // The address's owner opens the link: it names the account by the address, never by its name.
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByText(`This link is for the account signed up with ${squatter.email} on`)).toBeVisible();
  await expect(page.getByText(squatter.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'I did not sign up' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close the account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We closed the account.' })).toBeVisible();

  // The account is closed: its password signs no one in, and the address is free to sign up with.
  const login = await api.request.post('/api/v1/auth/login', {
    data: { email: squatter.email, password: squatter.password },
  });
  expect(login.status()).toBe(401);
  const owner = { ...newPerson(), email: squatter.email };
  expect((await api.request.post('/api/v1/user/register', { data: owner })).status()).toBe(201);
  await page.context().close();
  await api.close();
});
