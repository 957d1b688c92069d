import { expect, test, type Browser, type Page } from '@playwright/test';
import { moveMoney, registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { AREA_SCREENS } from '../support/screens';

/** Every screen of every role (spec §2-§6 and the screens added since), as each role reaches it. */
const SCREENS = {
  public: [
    '/',
    '/features',
    '/about',
    '/faq',
    '/pricing',
    '/contact',
    '/login',
    '/register',
    '/verify-email',
    '/unauthorized',
  ],
  ...AREA_SCREENS,
};
const VARIANTS = [
  { mode: 'light', width: 1280 },
  { mode: 'dark', width: 1280 },
  { mode: 'light', width: 390 },
  { mode: 'dark', width: 390 },
] as const;

/** The screen once it has loaded: no spinner, no "Loading..." left. */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function sweep(
  browser: Browser,
  variant: (typeof VARIANTS)[number],
  role: keyof typeof SCREENS,
  signIn?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    colorScheme: variant.mode,
    viewport: { width: variant.width, height: 900 },
  });
  const page = await context.newPage();
  await signIn?.(page);
  for (const path of SCREENS[role]) {
    await test.step(`${path} (${variant.mode}, ${variant.width} px)`, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
      await settled(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${variant.mode}(\\s|$)`));
      await expectAccessible(page);
    });
  }
  await context.close();
}

for (const variant of VARIANTS) {
  test(`every screen of every role passes axe (WCAG 2.1 AA) in ${variant.mode} at ${variant.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const user = await registerAccount();
    const agent = await registerAccount();
    await moveMoney(user, '/wallet/deposit', { balance: 120 });
    await moveMoney(user, '/wallet/transfer', { receiverId: agent.id, balance: 20 });
    const adminPage = await (await browser.newContext()).newPage();
    await signInAsAdmin(adminPage);
    expect((await adminPage.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
    await adminPage.context().close();

    await sweep(browser, variant, 'public');
    await sweep(browser, variant, 'user', (page) => signInAs(page, user));
    await sweep(browser, variant, 'agent', (page) => signInAs(page, agent));
    await sweep(browser, variant, 'admin', signInAsAdmin);
  });
}
