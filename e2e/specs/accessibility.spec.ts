import { expect, test, type Browser, type Page } from '@playwright/test';
import { moveMoney, registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { colorScheme, expectAccessible } from '../support/axe';
import { AREA_SCREENS } from '../support/screens';
import { newPerson } from '../support/site';

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

test.describe("a person's overview on a phone (390 px), in English and Bangla", () => {
  /** Each figure of the overview (balance, money in, money out): its text, its lines, whether it fits its card. */
  const figureLines = (page: Page) =>
    page
      .getByRole('region', { name: /^(Your wallet|আপনার ওয়ালেট)$/ })
      .getByRole('group')
      // Each figure's value, below its label.
      .locator('p:last-child')
      .evaluateAll((figures) =>
        figures.map((figure) => {
          const range = document.createRange();
          range.selectNodeContents(figure);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
          // On one line, and inside its card (shrunk to fit, not spilling out).
          return [figure.textContent, lines, figure.scrollWidth <= figure.clientWidth];
        }),
      );

  test('an unverified person: the banner wraps a long address instead of scrolling, axe clean in both schemes', async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: HEIGHT } })).newPage();
    // One unbroken word, as long as a real address may be: nothing to wrap at but "anywhere".
    const person = { ...newPerson(), email: `averyveryverylongmailboxname${Date.now()}@examplemaildomain.com` };
    expect((await page.request.post('/api/v1/user/register', { data: person })).status()).toBe(201);
    await signInAs(page, person);
    await page.goto('/user/overview');
    for (const language of ['en', 'bn'] as const) {
      if (language === 'bn') await page.getByRole('button', { name: 'বাংলা' }).click();
      const banner = page.getByRole('status', { name: language === 'en' ? 'Email verification' : 'ইমেইল যাচাই' });
      await expect(banner).toContainText(person.email);
      for (const mode of ['light', 'dark'] as const) {
        await test.step(`${language}, ${mode}`, async () => {
          await colorScheme(page, mode);
          await settled(page);
          await expectAccessible(page);
          // The message is as tall as its text: nothing in it scrolls.
          const message = banner.locator('.MuiAlert-message');
          expect(await message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
        });
      }
    }
    await page.context().close();
  });

  test('a six-figure month in Bangla: every amount stays whole on one line', async ({ browser }) => {
    // A verified person deposits at most 25,000 a day: four friends send the rest of the six figures.
    // One after another: the site hashes at most two passwords from one address at once.
    const people = [];
    for (let n = 0; n < 5; n += 1) people.push(await registerAccount());
    const [person, ...friends] = people;
    await moveMoney(person!, '/wallet/deposit', { balance: 25000 });
    for (const friend of friends) {
      await moveMoney(friend, '/wallet/deposit', { balance: 25000 });
      await moveMoney(friend, '/wallet/transfer', { receiverId: person!.id, balance: 24444.44 });
    }
    const page = await (await browser.newContext({ viewport: { width: 390, height: HEIGHT } })).newPage();
    await signInAs(page, person!);
    await page.goto('/user/overview');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    // 25,000 + 4 × 24,444.44 + the 50 bonus: ১,২২,৮২৭.৭৬ in and held.
    await expect(page.getByText(/১,২২,৮২৭\.৭৬/).first()).toBeVisible();
    // That text is the header's balance too: the overview's three figures may come a moment later.
    await expect.poll(async () => (await figureLines(page)).length).toBe(3);
    const lines = await figureLines(page);
    expect(lines).toEqual(lines.map(([text]) => [text, 1, true]));
    await page.context().close();
  });
});
