import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { apiGet, registerAccount, signInAsAdmin, windowOf } from '../support/accounts';
import { colorScheme, expectAccessible, opened } from '../support/axe';
import { newPerson } from '../support/site';

const section = (page: Page, name: 'Identity reviews' | 'Unverified emails') =>
  page.getByRole('region', { name, exact: true });

/** The row of `email` in the section's table, paging on with Next (5 rows a page) until it shows. */
async function rowIn(part: Locator, email: string) {
  const table = part.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: email });
  for (let page = 1; ; page += 1) {
    await expect(part.getByText(new RegExp(`^Page ${page} of`))).toBeVisible();
    await expect(table.getByText('Loading...')).toHaveCount(0);
    const next = part.getByRole('button', { name: 'Next' });
    if ((await row.count()) > 0 || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(row).toHaveCount(1);
  return row;
}

test('an admin approves an identity review with a reason and verifies an email by hand', async ({ page, browser }) => {
  const applicant = await registerAccount({ kyc: false });
  expect((await applicant.api.post('/api/v1/user/kyc-request')).status()).toBe(201);
  // Their bonus is in their balance, held until staff check who they are; it says so beside the balance.
  const own = await windowOf(browser, applicant);
  await own.goto('/user/overview');
  await expect(own.getByText('Balance $ 50.00')).toBeVisible();
  const hold = own.getByText('50.00 held until we check your identity');
  await expect(hold).toBeVisible();
  await expectAccessible(own);
  expect((await apiGet(applicant.api, '/wallet/me')).data).toMatchObject({ balance: 50, available: 0, held: 50 });

  // Registered only: the link mailed to them is never opened.
  const stranger = newPerson();
  const visitor = await request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await visitor.post('/api/v1/user/register', { data: stranger })).status()).toBe(201);
  await visitor.dispose();

  await signInAsAdmin(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/all-user');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Verification' }).click();
  await expect(page).toHaveURL(/\/admin\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();

  const reviews = section(page, 'Identity reviews');
  await expect(reviews.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
  const pending = await rowIn(reviews, applicant.email);
  await expect(pending).toContainText(applicant.name);
  // What an approval lets out of its hold.
  await expect(pending.getByRole('cell', { name: '50.00' })).toBeVisible();
  await rowIn(section(page, 'Unverified emails'), stranger.email);
  await expectAccessible(page);

  // The dialog, checked open in both schemes, then cancelled.
  await pending.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = page.getByRole('dialog', { name: `Reject the identity of ${applicant.name}?` });
  await expect(rejectDialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await opened(rejectDialog);
  await expectAccessible(page);
  await colorScheme(page, 'dark');
  await expectAccessible(page);
  await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rejectDialog).toHaveCount(0);
  await expectAccessible(page);
  await colorScheme(page, 'light');

  await pending.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog', { name: `Approve the identity of ${applicant.name}?` });
  await approveDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(approveDialog.getByText('Reason is required')).toBeVisible();
  const reason = 'Passport checked against the account holder';
  // What was seen is ticked: the identity document at least.
  await approveDialog.getByRole('checkbox', { name: 'Passport' }).check();
  await approveDialog.getByRole('checkbox', { name: 'Their face matches the document' }).check();
  await expectAccessible(page);
  await approveDialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await approveDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('KYC approved')).toBeVisible();
  await expect(approveDialog).toHaveCount(0);
  await expect(reviews.getByRole('row').filter({ hasText: applicant.email })).toHaveCount(0);

  await reviews.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Approved' });
  const approved = await rowIn(reviews, applicant.email);
  await expect(approved.getByRole('cell', { name: reason })).toBeVisible();
  await expect(approved.getByRole('cell', { name: 'Passport, Their face matches the document' })).toBeVisible();
  await expect(approved.getByRole('button')).toHaveCount(0);

  const unverified = section(page, 'Unverified emails');
  const strangerRow = await rowIn(unverified, stranger.email);
  await strangerRow.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(unverified.getByRole('row').filter({ hasText: stranger.email })).toHaveCount(0);

  // The bonus is let out: the applicant's header drops the hold as it happens (the live events).
  await expect(hold).toHaveCount(0);
  await expect(own.getByText('Balance $ 50.00')).toBeVisible();
  await own.context().close();

  // What the database now holds, as the people themselves and the admin read it.
  expect((await apiGet(applicant.api, '/user/me')).data.tier).toBe('KYC_APPROVED');
  expect((await apiGet(applicant.api, '/wallet/me')).data).toMatchObject({ balance: 50, available: 50, held: 0 });
  const { data: found } = await apiGet(page.request, `/admin/users?search=${encodeURIComponent(stranger.email)}`);
  expect(found).toEqual([expect.objectContaining({ email: stranger.email, emailVerified: true })]);
  const { data: decided } = await apiGet(page.request, '/admin/kyc?status=approved&limit=100');
  expect(decided).toContainEqual(
    expect.objectContaining({
      status: 'approved',
      reason,
      checked: ['passport', 'face_match'],
      person: expect.objectContaining({ email: applicant.email }),
    }),
  );
});
