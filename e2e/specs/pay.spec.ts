import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { apiGet, approvedMerchant, moveMoney, registerAccount, windowOf, type Account } from '../support/accounts';
import { expectAccessible, opened } from '../support/axe';
import { confirmWithPin } from '../support/pin';

const balanceOf = async (account: Account) => (await apiGet(account.api, '/wallet/me')).data.balance as number;

test("a user pays a shop from a photo of its QR code: the shop as verified, no fee for the payer, and the merchant's fee as its own leg", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shop = await approvedMerchant();
  const payer = await registerAccount();
  await moveMoney(payer, '/wallet/deposit', { balance: 500 });
  const page = await windowOf(browser, payer);
  try {
    const { payload } = (await apiGet(shop.api, '/merchant/qr')).data;
    // The code as a phone's photo of the shop's counter card would hold it: a PNG of the QR.
    const photo = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', scale: 6 });
    const [payerBefore, shopBefore] = [await balanceOf(payer), await balanceOf(shop)];

    await test.step('the Pay screen takes a photo of the code, in both languages', async () => {
      await page.goto('/user/pay');
      await expect(page.getByRole('heading', { name: 'Pay a shop' })).toBeVisible();
      await expectAccessible(page);
      // A damaged code is told in the API's own words before anything is asked of the server.
      await page.getByRole('textbox', { name: 'QR code text' }).fill(payload.slice(0, -4) + '0000');
      await page.getByRole('button', { name: 'Use this code' }).click();
      await expect(page.getByRole('alert')).toHaveText('This QR code is damaged: scan it again');
      await page
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'shop-qr.png', mimeType: 'image/png', buffer: photo });
      await expect(page.getByRole('heading', { name: `Pay ${shop.business}` })).toBeVisible();
      await expect(page.getByText('Restaurants in Sylhet, verified by us.')).toBeVisible();
      await expectAccessible(page);
    });

    await test.step('the review shows no fee, asks for the PIN, and the payment posts', async () => {
      await page.getByRole('textbox', { name: 'Amount' }).fill('150');
      await page.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review your payment' });
      await opened(review);
      await expect(review).toContainText(shop.business);
      await expect(review).toContainText('No fee');
      await expectAccessible(page);
      await confirmWithPin(review);
      await expect(page.getByText('Payment successful!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Payment receipt' })).toBeVisible();
    });

    await test.step('the payer paid the amount alone; the merchant got it less its 1% fee', async () => {
      expect(await balanceOf(payer)).toBeCloseTo(payerBefore - 150, 2);
      expect(await balanceOf(shop)).toBeCloseTo(shopBefore + 150 - 1.5, 2);
      const [latest] = (await apiGet(payer.api, '/transaction/me?limit=1')).data;
      expect(latest).toMatchObject({ type: 'payment', balance: 150, fee: 1.5 });
    });

    await test.step('in Bangla', async () => {
      expect((await payer.api.patch('/api/v1/user/me', { data: { language: 'bn' } })).status()).toBe(200);
      await page.goto('/user/pay');
      await expect(page.getByRole('heading', { name: 'দোকানে পেমেন্ট' })).toBeVisible();
      await page
        .getByLabel('ছবি আপলোড করুন')
        .setInputFiles({ name: 'shop-qr.png', mimeType: 'image/png', buffer: photo });
      await expect(page.getByRole('heading', { name: 'করিম চা-কে পেমেন্ট' })).toBeVisible();
      await expectAccessible(page);
    });
  } finally {
    await page.context().close();
  }
});
