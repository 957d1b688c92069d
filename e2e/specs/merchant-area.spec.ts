import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiGet, approvedMerchant, moveMoney, registerAccount, windowOf, WITH_PIN } from '../support/accounts';
import { expectAccessible, opened } from '../support/axe';
import { confirmWithPin } from '../support/pin';
import { deployToken, filesUnder, releasesDir } from '../support/releases';
import { BASE_URL } from '../playwright.config';

const root = path.resolve(__dirname, '..', '..');

interface Config {
  areas: Record<string, { basePath: string }>;
  releases: Record<string, string>;
}
const configOf = async (page: Page) => (await (await page.request.get('/app-config.json')).json()) as Config;

/**
 * A browser's speech synthesis that says nothing and keeps what it was asked to say: the test's
 * ears. It has an English and a Bangla voice, as a phone with both installed would.
 */
function stubSpeech() {
  const spoken: { text: string; lang: string }[] = [];
  const voices = ['en-US', 'bn-BD'].map((lang) => ({
    lang,
    name: lang,
    default: false,
    localService: true,
    voiceURI: lang,
  }));
  class Utterance {
    lang = '';
    voice: unknown = null;
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, '__spoken', { value: spoken });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => voices,
      speak: (utterance: Utterance) => spoken.push({ text: utterance.text, lang: utterance.lang }),
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
}
const spokenOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);

test('the merchant area goes live on the running site with a release, and a shop takes, hears, refunds and links payments', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const shop = await approvedMerchant('Rahim Mart');
  const payer = await registerAccount();
  await moveMoney(payer, '/wallet/deposit', { balance: 1000 });
  const merchant = await windowOf(browser, shop);
  await merchant.context().addInitScript(stubSpeech);
  const customer = await windowOf(browser, payer);
  try {
    const hostBefore = (await configOf(merchant)).releases.host;
    const tokenBefore = deployToken();

    await test.step('unpublished, the area is nowhere: not in the config, not in the host, not on the site', async () => {
      const config = await configOf(merchant);
      expect(Object.keys(config.areas)).toEqual(['user', 'agent', 'admin']);
      // The host as it is served (its live release), and as the checkout built it.
      const hostRelease = path.join(releasesDir, 'host', config.releases.host!);
      const builds = [hostRelease, path.join(root, 'host', 'dist')].filter((dir) => existsSync(dir));
      expect(builds.length).toBeGreaterThan(0);
      for (const file of builds.flatMap(filesUnder).filter((name) => /\.(js|html|json)$/.test(name))) {
        const code = readFileSync(file, 'utf8');
        expect(code, file).not.toContain('wallet_merchant');
        // `/merchant` as a path of its own (the staff routes' `/admin/merchant-applications` is the admin's).
        expect(code, file).not.toMatch(/\/merchant(?![\w-])/);
      }
      await merchant.goto('/merchant/overview');
      await expect(merchant.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });

    await test.step('`pnpm release merchant` on the running site: the area appears on the next load', async () => {
      execFileSync(process.execPath, [path.join(root, 'scripts', 'release.mjs'), 'release', 'merchant'], {
        cwd: root,
        env: { ...process.env, API_URL: BASE_URL, DATA_DIR: process.env.E2E_DATA_DIR },
        stdio: 'pipe',
      });
      const config = await configOf(merchant);
      expect(config.areas.merchant).toMatchObject({ basePath: '/merchant' });
      // Neither the host nor the site changed: the same host release, the same start's token.
      expect(config.releases.host).toBe(hostBefore);
      expect(deployToken()).toBe(tokenBefore);

      await merchant.goto('/user/overview');
      const others = merchant.getByRole('list', { name: 'Your other areas' });
      await others.getByRole('link', { name: 'Shop' }).click();
      await expect(merchant.getByRole('heading', { name: 'Today at your shop' })).toBeVisible();
      await expect(merchant).toHaveURL(/\/merchant\/overview$/);
      await expectAccessible(merchant);
      // A user with no shop is turned away by the host's guard.
      await customer.goto('/merchant/overview');
      await expect(customer).toHaveURL(/\/unauthorized$/);
    });

    const reference = `INV-${Date.now() % 1_000_000}`;
    let qrPhoto: Buffer;
    const counter = await merchant.context().newPage();
    await test.step('the shop makes a QR code for one payment of 300 Taka', async () => {
      await counter.goto('/merchant/qr');
      await expect(counter.getByRole('img', { name: `QR code to pay ${shop.business}` })).toBeVisible();
      await counter.getByRole('textbox', { name: 'Amount (Taka)' }).fill('300');
      await counter.getByRole('textbox', { name: 'Reference' }).fill(reference);
      await counter.getByRole('button', { name: 'Make QR code' }).click();
      const code = counter.getByRole('img', { name: new RegExp(`^QR code to pay .*300.* for ${reference}$`) });
      await expect(code).toBeVisible();
      await expectAccessible(counter);
      // What the customer's phone sees: a screenshot of the code on the counter's screen.
      qrPhoto = await code.screenshot();
    });

    await test.step("the customer pays it from the photo, and the shop's open page shows it live", async () => {
      await customer.goto('/user/pay');
      await customer
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: qrPhoto });
      await expect(customer.getByRole('heading', { name: `Pay ${shop.business}` })).toBeVisible();
      await customer.getByRole('button', { name: 'Review' }).click();
      const review = customer.getByRole('dialog', { name: 'Review your payment' });
      await opened(review);
      await confirmWithPin(review);
      await expect(customer.getByText('Payment successful!')).toBeVisible();

      const row = merchant
        .getByRole('table', { name: "Today's payments" })
        .getByRole('row')
        .filter({ hasText: reference });
      await expect(row).toContainText(payer.name);
      await expect(row).toContainText('One-payment QR');
      const [paid] = (await apiGet(shop.api, '/merchant/payments')).data;
      expect(paid).toMatchObject({ amount: 300, fee: 3, reference, channel: 'dynamic', refunded: 0 });
    });

    await test.step('read aloud: the amount is said in the page language', async () => {
      // The shop's own screen again: a tab behind another gets no animation frames, and its
      // dialogs would open at a background tab's pace.
      await merchant.bringToFront();
      const row = merchant.getByRole('row').filter({ hasText: reference });
      await row.getByRole('button', { name: /^Read aloud/ }).click();
      await expect.poll(() => spokenOn(merchant)).toEqual([{ text: 'Received 300 Taka', lang: 'en-US' }]);
    });

    await test.step('the shop refunds half, with its PIN', async () => {
      const before = (await apiGet(payer.api, '/wallet/me')).data.balance as number;
      await merchant
        .getByRole('row')
        .filter({ hasText: reference })
        .getByRole('button', { name: /^Refund/ })
        .click();
      const dialog = merchant.getByRole('dialog', { name: 'Refund a payment' });
      await opened(dialog);
      await dialog.getByRole('textbox', { name: 'Amount to give back (Taka)' }).fill('150');
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Half the order was out of stock');
      await expectAccessible(merchant);
      await dialog.getByLabel('PIN', { exact: true }).fill('24680');
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(merchant.getByText('Refund successful!')).toBeVisible();
      const [paid] = (await apiGet(shop.api, '/merchant/payments')).data;
      expect(paid).toMatchObject({ amount: 300, refunded: 150 });
      expect((await apiGet(payer.api, '/wallet/me')).data.balance).toBeCloseTo(before + 150, 2);
    });

    await test.step('in Bangla: the shop reads and hears its day in Bangla', async () => {
      expect((await shop.api.patch('/api/v1/user/me', { data: { language: 'bn' } })).status()).toBe(200);
      await merchant.reload();
      await expect(merchant.getByRole('heading', { name: 'আজ আপনার দোকানে' })).toBeVisible();
      await expectAccessible(merchant);
      await merchant.getByRole('row').filter({ hasText: reference }).getByRole('button').first().click();
      await expect.poll(async () => (await spokenOn(merchant)).at(-1)?.lang).toBe('bn-BD');
      expect((await spokenOn(merchant)).at(-1)?.text).toContain('৩০০');
      await counter.bringToFront();
      for (const screen of ['/merchant/qr', '/merchant/links']) {
        await counter.goto(screen);
        await expect(counter.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(counter);
      }
      expect((await shop.api.patch('/api/v1/user/me', { data: { language: 'en' } })).status()).toBe(200);
    });

    let link = '';
    await test.step('the shop makes a payment link that can be paid once', async () => {
      await counter.bringToFront();
      await counter.goto('/merchant/links');
      await counter.getByRole('textbox', { name: 'What it is for' }).fill('Tea for two');
      await counter.getByRole('textbox', { name: 'Amount (Taka)' }).fill('50');
      await counter.getByRole('textbox', { name: 'Times it can be paid' }).fill('1');
      await counter.getByRole('button', { name: 'Create link' }).click();
      await expect(counter.getByText('Payment link created')).toBeVisible();
      await expect(counter.getByRole('table', { name: 'Payment links' })).toContainText('Tea for two');
      await expectAccessible(counter);
      link = (await apiGet(shop.api, '/merchant/links')).data[0].code;
      for (const screen of ['/merchant/history', '/merchant/analytics']) {
        await counter.goto(screen);
        await expect(counter.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(counter);
      }
    });

    await test.step('a visitor signs in from the link, comes back to it and pays; a second payment is refused', async () => {
      const visitor = await (await browser.newContext()).newPage();
      try {
        await visitor.goto(`/pay/${link}`);
        await expect(visitor.getByRole('heading', { name: `Pay ${shop.business}` })).toBeVisible();
        await expectAccessible(visitor);
        await visitor.getByRole('link', { name: 'Sign in to pay' }).click();
        await visitor.getByLabel('Email').fill(payer.email);
        await visitor.getByLabel('Password', { exact: true }).fill(payer.password);
        await visitor.getByRole('button', { name: 'Login', exact: true }).click();
        await expect(visitor).toHaveURL(new RegExp(`/pay/${link}$`));
        await visitor.getByRole('button', { name: 'Review' }).click();
        const review = visitor.getByRole('dialog', { name: 'Review your payment' });
        await opened(review);
        await confirmWithPin(review);
        await expect(visitor.getByText('Payment successful!')).toBeVisible();

        await visitor.reload();
        await expect(visitor.getByText('This link cannot be paid')).toBeVisible();
        const again = await payer.api.post('/api/v1/wallet/pay', {
          data: { link, amount: 50 },
          headers: { 'Idempotency-Key': `e2e-link-again-${Date.now()}`, ...WITH_PIN },
        });
        expect(again.status()).toBe(409);
        expect((await again.json()).code).toBe('PAY_LINK_USED_UP');
        expect((await apiGet(shop.api, '/merchant/links')).data[0]).toMatchObject({ uses: 1, maxUses: 1 });

        expect((await payer.api.patch('/api/v1/user/me', { data: { language: 'bn' } })).status()).toBe(200);
        await visitor.reload();
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(visitor);
      } finally {
        await visitor.context().close();
      }
    });
  } finally {
    for (const window of [merchant, customer]) await window.context().close();
  }
});
