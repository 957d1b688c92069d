import { expect, test } from '@playwright/test';
import { apiGet, registerAccount, windowOf } from '../support/accounts';
import { expectAccessible, opened } from '../support/axe';

test('a user applies to sell with their wallet, and compliance approves them as a merchant', async ({ browser }) => {
  test.setTimeout(120_000);
  const person = await registerAccount();
  // Unique on this site's shared queue, and within the QR's 25 characters.
  const business = `Rahim Store ${Date.now() % 100_000}`;
  const user = await windowOf(browser, person);
  const admin = await windowOf(browser);
  try {
    await test.step('the user applies on Limits, in Bangla as in English', async () => {
      await user.goto('/user/limits');
      const section = user.getByRole('region', { name: 'Sell with your wallet' });
      await section.getByRole('textbox', { name: 'Business name', exact: true }).fill(business);
      await section.getByRole('textbox', { name: 'Business name in Bangla' }).fill('রহিম স্টোর');
      await section.getByRole('combobox', { name: 'What you sell' }).selectOption({ label: 'Pharmacies' });
      await section.getByRole('textbox', { name: 'City', exact: true }).fill('Dhaka');
      await section.getByRole('textbox', { name: 'City in Bangla' }).fill('ঢাকা');
      await expectAccessible(user);
      await section.getByRole('button', { name: 'Apply as a merchant' }).click();
      await expect(user.getByText('Your application was sent')).toBeVisible();
      await expect(section.getByRole('status')).toContainText(
        `Your application for ${business} is waiting for a compliance officer.`,
      );
      await expect(section.getByRole('button', { name: 'Apply as a merchant' })).toHaveCount(0);

      expect((await person.api.patch('/api/v1/user/me', { data: { language: 'bn' } })).status()).toBe(200);
      await user.reload();
      await expect(user.getByRole('region', { name: 'আপনার ওয়ালেটে বিক্রি করুন' })).toContainText(business);
      await expectAccessible(user);
      expect((await person.api.patch('/api/v1/user/me', { data: { language: 'en' } })).status()).toBe(200);
    });

    await test.step('compliance approves it on Verification, with a reason, audited', async () => {
      await admin.goto('/admin/verification');
      const table = admin.getByRole('table', { name: 'Merchant applications' });
      const row = table.getByRole('row').filter({ hasText: business });
      await expect(row).toContainText('Pharmacies');
      await expect(row).toContainText(person.email);
      await row.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.getByRole('dialog', { name: `Approve ${business} as a merchant?` });
      await opened(dialog);
      await expectAccessible(admin);
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Trade licence and pharmacy registration seen');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(admin.getByText('Merchant approved')).toBeVisible();
      await expect(row).toHaveCount(0);
      const audit = await apiGet(admin.request, '/admin/audit-log?action=merchant_approve&limit=1');
      expect(audit.data[0]).toMatchObject({ reason: 'Trade licence and pharmacy registration seen' });
    });

    await test.step('the user is a merchant, and still a user', async () => {
      await user.reload();
      await expect(user.getByRole('region', { name: 'Sell with your wallet' })).toContainText(
        `You are a merchant: ${business} (রহিম স্টোর), Pharmacies, Dhaka.`,
      );
      const me = (await apiGet(person.api, '/user/me')).data;
      expect(me).toMatchObject({ role: 'USER', merchant: { name: business, category: '5912', city: 'Dhaka' } });
    });
  } finally {
    for (const window of [user, admin]) await window.context().close();
  }
});
