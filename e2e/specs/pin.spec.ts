import { expect, test, type Page } from '@playwright/test';
import { apiGet, E2E_PIN, registerAccount, signInAs, windowOf, WITH_PIN, type Account } from '../support/accounts';
import { expectAccessibleInBothSchemes, opened } from '../support/axe';
import { confirmWithPin, pinField } from '../support/pin';
import { pinResetCodeTo } from '../support/mail';

const WRONG_PIN = '13579';
const NEW_PIN = '86420';
const FIRST_WRONG = 'Wrong PIN: 2 more tries before it locks for an hour';
const LOCKED = 'Your PIN is locked after 3 wrong tries';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true });
const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

/** The transfer form, opened afresh, filled for `receiver` and reviewed: the review dialog, open. */
async function reviewTransfer(page: Page, receiver: Account, amount: string) {
  await page.goto('/user/transfer');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer' })).toBeVisible();
  await page.getByLabel('Receiver').fill(receiver.email);
  await page.getByRole('option', { name: receiver.name }).click();
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review transfer' });
  await opened(dialog);
  return dialog;
}

test('a person sets a PIN on Security, sends with it, is locked after 3 wrong PINs, an admin unlocks it, and a forgotten PIN is reset with a mailed code', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Verified through the mailed link, but no PIN yet: the Security page sets it.
  const person = await registerAccount({ pin: false });
  const friend = await registerAccount();
  await signInAs(page, person);
  await page.emulateMedia({ colorScheme: 'light' });
  expect((await apiGet(person.api, '/user/me')).data).toMatchObject({ pinSet: false, pinLockedUntil: null });

  await test.step('Security sets the PIN with the password, and passes axe', async () => {
    await page.goto('/user/overview');
    await sidebarLink(page, 'Security').click();
    await expect(page).toHaveURL(/\/user\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByText(/We will never ask for your PIN/).first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectAccessibleInBothSchemes(page);
    await page.getByLabel('New PIN', { exact: true }).fill(E2E_PIN);
    // The Security page asks for the password in two forms (the PIN's, a passkey's): this is the PIN's.
    await page
      .getByRole('form', { name: 'Set your PIN' })
      .getByLabel('Your password', { exact: true })
      .fill(person.password);
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await expect(page.getByText('Your PIN is set', { exact: true })).toBeVisible();
    expect((await apiGet(person.api, '/user/me')).data.pinSet).toBe(true);
  });

  await test.step('a transfer is confirmed with the PIN; its review passes axe', async () => {
    const dialog = await reviewTransfer(page, friend, '10');
    await expect(pinField(dialog)).toBeVisible();
    await expectAccessibleInBothSchemes(page);
    await confirmWithPin(dialog);
    await expect(page.getByText('Transfer successful!')).toBeVisible();
    expect(await balanceOf(person)).toBe(40);
    expect(await balanceOf(friend)).toBe(60);
  });

  await test.step('three wrong PINs: each refused in the review, the third locks the PIN', async () => {
    const dialog = await reviewTransfer(page, friend, '5');
    await confirmWithPin(dialog, WRONG_PIN);
    await expect(dialog.getByRole('alert')).toContainText(FIRST_WRONG);
    await expect(pinField(dialog)).toHaveValue('');
    await confirmWithPin(dialog, WRONG_PIN);
    await expect(dialog.getByRole('alert')).toContainText(/Wrong PIN: 1 more/);
    await confirmWithPin(dialog, WRONG_PIN);
    await expect(dialog.getByRole('alert')).toContainText(LOCKED);
    await expect(page.getByText('Transfer successful!')).toHaveCount(0);
    // Locked, even the right PIN is refused.
    const refused = await person.api.post('/api/v1/wallet/transfer', {
      data: { receiverId: friend.id, balance: 5 },
      headers: WITH_PIN,
    });
    expect(refused.status()).toBe(423);
    expect((await refused.json()).message).toContain(LOCKED);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await balanceOf(person)).toBe(40);
    expect(await balanceOf(friend)).toBe(60);
    expect((await apiGet(person.api, '/user/me')).data.pinLockedUntil).not.toBeNull();
  });

  await test.step('the admin sees the lock by "System" in the audit log and lifts it on All Users', async () => {
    const admin = await windowOf(browser);
    const { data: locks } = await apiGet(admin.request, '/admin/audit-log?action=pin_lock&limit=5');
    expect(locks.find((row: { target: { _id: string } | null }) => row.target?._id === person.id)).toMatchObject({
      action: 'pin_lock',
      admin: null,
    });
    await admin.goto('/admin/audit-log');
    await admin.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Locked PIN' });
    const lockRow = admin.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: person.email });
    await expect(lockRow).toContainText('System');
    await expect(lockRow).toContainText('Locked PIN');

    await admin.goto('/admin/all-user');
    await admin.getByRole('searchbox', { name: 'Search by name or email' }).fill(person.email);
    const row = admin.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Unlock PIN of ${person.name}` }).click();
    await expect(admin.getByText('PIN unlocked')).toBeVisible();
    await expect(row.getByRole('button', { name: /Unlock PIN/ })).toHaveCount(0);
    expect((await apiGet(person.api, '/user/me')).data.pinLockedUntil).toBeNull();
    await admin.context().close();
  });

  await test.step('unlocked, the PIN confirms a transfer again', async () => {
    const dialog = await reviewTransfer(page, friend, '5');
    await confirmWithPin(dialog);
    await expect(page.getByText('Transfer successful!')).toBeVisible();
    expect(await balanceOf(person)).toBe(35);
  });

  await test.step('a forgotten PIN: the change asks for the current PIN only; a mailed code and the password reset it; money out waits a day', async () => {
    await page.goto('/user/security');
    const change = page.getByRole('form', { name: 'Change your PIN' });
    await expect(change.getByLabel('Current PIN', { exact: true })).toBeVisible();
    await expect(change.getByLabel('Your password', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText('We emailed you a code to reset your PIN')).toBeVisible();
    const reset = page.getByRole('form', { name: 'Reset your PIN' });
    await expect(reset).toBeVisible();
    const code = await pinResetCodeTo(person.api, person.email);
    await reset.getByLabel('Reset code', { exact: true }).fill(code);
    await reset.getByLabel('New PIN', { exact: true }).fill(NEW_PIN);
    await reset.getByLabel('Your password', { exact: true }).fill(person.password);
    await expect(page.locator('[data-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessibleInBothSchemes(page);
    await reset.getByRole('button', { name: 'Reset PIN' }).click();
    await expect(page.getByText('Your PIN is reset. Money can leave your wallet again in 24 hours')).toBeVisible();
    await expect(page.getByText(/Your PIN was reset\. Money can leave your wallet again at/)).toBeVisible();
    const me = (await apiGet(person.api, '/user/me')).data;
    expect(new Date(me.pinResetHoldUntil).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // The new PIN is the PIN, and money leaving waits; nothing moved.
    const held = await person.api.post('/api/v1/wallet/transfer', {
      data: { receiverId: friend.id, balance: 5 },
      headers: { 'x-wallet-pin': NEW_PIN },
    });
    expect(held.status()).toBe(423);
    expect((await held.json()).message).toBe('Your PIN was reset: money can leave your wallet again in 24 hours');
    expect(await balanceOf(person)).toBe(35);
    // The admin's audit log shows it, by the person themselves.
    const admin = await windowOf(browser);
    const { data: resets } = await apiGet(admin.request, '/admin/audit-log?action=pin_reset&limit=5');
    expect(resets.find((row: { target: { _id: string } | null }) => row.target?._id === person.id)).toMatchObject({
      action: 'pin_reset',
      admin: { _id: person.id },
    });
    await admin.context().close();
  });
});
