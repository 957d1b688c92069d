import { expect, test, type Browser, type Page } from '@playwright/test';
import { moveMoney, registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { colorScheme, expectAccessible } from '../support/axe';
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
/**
 * Each screen is judged in both schemes at both widths. It is loaded once, then the scheme follows
 * the emulated system preference and the viewport is resized in place: the four judgements cost
 * one load, not four.
 */
const VARIANTS = [
  { mode: 'light', width: 1280 },
  { mode: 'dark', width: 1280 },
  { mode: 'dark', width: 390 },
  { mode: 'light', width: 390 },
] as const;
const HEIGHT = 900;

/** The screen once it has loaded: no spinner, no "Loading..." left. */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

async function sweep(browser: Browser, role: keyof typeof SCREENS, signIn?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: HEIGHT } });
  const page = await context.newPage();
  await signIn?.(page);
  for (const path of SCREENS[role]) {
    // Each screen opens as the first variant; the page keeps the emulated scheme across loads.
    await page.setViewportSize({ width: VARIANTS[0].width, height: HEIGHT });
    await page.emulateMedia({ colorScheme: VARIANTS[0].mode });
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}$`));
    for (const variant of VARIANTS) {
      await test.step(`${path} (${variant.mode}, ${variant.width} px)`, async () => {
        await page.setViewportSize({ width: variant.width, height: HEIGHT });
        await colorScheme(page, variant.mode);
        await settled(page);
        await expectAccessible(page);
      });
    }
  }
  await context.close();
}

test.describe('every screen passes axe (WCAG 2.1 AA) in light and dark, at 1280 px and 390 px', () => {
  test.describe.configure({ mode: 'serial' });
  let user: Awaited<ReturnType<typeof registerAccount>>;
  let agent: Awaited<ReturnType<typeof registerAccount>>;

  test.beforeAll(async ({ browser }) => {
    user = await registerAccount();
    agent = await registerAccount();
    await moveMoney(user, '/wallet/deposit', { balance: 120 });
    await moveMoney(user, '/wallet/transfer', { receiverId: agent.id, balance: 20 });
    const adminPage = await (await browser.newContext()).newPage();
    await signInAsAdmin(adminPage);
    expect((await adminPage.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
    await adminPage.context().close();
  });

  test('the public pages', async ({ browser }) => {
    test.setTimeout(240_000);
    await sweep(browser, 'public');
  });

  test("a user's screens", async ({ browser }) => {
    test.setTimeout(240_000);
    await sweep(browser, 'user', (page) => signInAs(page, user));
  });

  test("an agent's screens", async ({ browser }) => {
    test.setTimeout(240_000);
    await sweep(browser, 'agent', (page) => signInAs(page, agent));
  });

  test("an admin's screens", async ({ browser }) => {
    test.setTimeout(240_000);
    await sweep(browser, 'admin', signInAsAdmin);
  });
});
