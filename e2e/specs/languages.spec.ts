import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/admin-account';
import { moveMoney, registerAccount, windowOf, type Account } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { AREA_SCREENS } from '../support/screens';

/** What may stay in Latin script on a Bangla screen: people's names and emails, ids, versions, hashes, origins. */
const ALLOWED_LATIN = [
  // Hashes, versions, origins: no word is this long.
  /\S{16,}/g,
  /\S+@\S+\.\w+/g,
  /E2E Person \w+/g,
  /https?:\/\/\S+/g,
  /sha(256|384)-\S+/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g,
  /[\w.+-]*\d[\w.+-]*/g,
];

/**
 * The Latin-script words left in the main region once names, emails and versions are taken out.
 * `chromeOnly`: the screen's own words (headings, column heads, buttons, labels), not its rows,
 * where an admin reads what people wrote themselves (a report's or a decision's reason).
 */
async function latinIn(page: Page, names: string[], { chromeOnly = false } = {}) {
  const main = page.getByRole('main');
  let text = chromeOnly
    ? (await main.locator('h1, h2, h3, th, button, label, legend, [role="tab"]').allInnerTexts()).join('\n')
    : await main.innerText();
  // Marked as English: product names (a session's browser and system), written as their makers do.
  const english = await main.locator('[lang="en"]').allInnerTexts();
  for (const name of [...names, ...english]) text = text.split(name).join(' ');
  for (const pattern of ALLOWED_LATIN) text = text.replace(pattern, ' ');
  return text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
}

/** The screen once it has loaded: no page spinner and no "লোড হচ্ছে" left (a limit's bar is a progressbar too). */
async function settled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[role="status"] .MuiCircularProgress-root')).toHaveCount(0);
  await expect(page.getByText(/^লোড হচ্ছে/)).toHaveCount(0);
}

/** A new window on `/`, switched to বাংলা there, with a mark that a reload would wipe out. */
async function banglaWindow(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Digital Wallet');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Welcome to Digital Wallet');
  await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
  return page;
}

const stillUnreloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

/** Signs in through the login form, in Bangla (it leads home, spec §2), then takes the header's role link. */
async function signInHere(page: Page, account: { email: string; password: string }, home: string) {
  await page.getByRole('banner').locator('a[href="/login"]').click();
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  const roleLink = page.getByRole('banner').locator(`a[href="${home}"]`).first();
  await roleLink.click();
  await expect(page).toHaveURL(new RegExp(`${home}$`));
}

/** Walks an area by its sidebar: every screen in Bangla, no Latin script but names, emails and versions. */
async function walk(page: Page, paths: readonly string[], names: string[], { axe = false, chromeOnly = false } = {}) {
  for (const path of paths) {
    await test.step(`${path} in Bangla`, async () => {
      await page.getByRole('navigation').locator(`a[href="${path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await settled(page);
      await expect.poll(() => latinIn(page, names, { chromeOnly }), { message: `Latin text on ${path}` }).toEqual([]);
      if (axe) await expectAccessible(page);
    });
  }
  expect(await stillUnreloaded(page), 'no reload while walking').toBe(true);
}

test.describe('Bangla and English', () => {
  // The tests share the people made once for them.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  let user: Account;
  let agent: Account;
  test.beforeAll(async ({ browser }) => {
    user = await registerAccount();
    agent = await registerAccount();
    await moveMoney(user, '/wallet/deposit', { balance: 1234.5 });
    const admin = await windowOf(browser);
    expect((await admin.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
    await admin.context().close();
  });

  // The admin is every spec's: its profile goes back to English, which the other specs read.
  test.afterAll(async ({ browser }) => {
    const admin = await windowOf(browser);
    expect((await admin.request.patch('/api/v1/user/me', { data: { language: 'en' } })).status()).toBe(200);
    await admin.context().close();
  });

  test('a user chooses বাংলা on /, signs in and walks the area in Bangla, with Taka in Bangla digits', async ({
    browser,
  }) => {
    const page = await banglaWindow(browser);
    // The server sends the page in the chosen language from the first response.
    expect(await (await page.request.get('/user/overview')).text()).toContain('<html lang="bn"');
    await signInHere(page, user, '/user/overview');
    // Balance $ 1,284.50 (the 50 Taka bonus and the deposit), in Bangla digits and lakh groups.
    await expect(page.getByRole('banner').or(page.getByRole('main')).getByText('১,২৮৪.৫০').first()).toBeVisible();
    await walk(page, AREA_SCREENS.user, [user.name], { axe: true });
    // The choice is kept on the profile: another device of this person starts in Bangla.
    await expect.poll(async () => (await (await page.request.get('/api/v1/user/me')).json()).data.language).toBe('bn');

    // English again: the spec's texts, exactly, still without a reload.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByText('Balance $ 1,284.50')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User-Dashboard' }),
    ).toBeVisible();
    expect(await stillUnreloaded(page)).toBe(true);
    await page.context().close();
  });

  test('an agent and an admin walk their areas in Bangla', async ({ browser }) => {
    const agentPage = await banglaWindow(browser);
    await signInHere(agentPage, agent, '/agent/cash-in');
    await walk(agentPage, AREA_SCREENS.agent, [agent.name]);
    await agentPage.context().close();

    const adminPage = await banglaWindow(browser);
    await signInHere(adminPage, E2E_ADMIN, '/admin/all-user');
    const me = (await (await adminPage.request.get('/api/v1/user/me')).json()).data as { name: string };
    // Who published a release (the site at its start) and its deploy token, by the names they have.
    await walk(adminPage, AREA_SCREENS.admin, [me.name, 'pnpm start', 'startup'], { chromeOnly: true });
    await adminPage.context().close();
  });

  test('a signed-in person’s language follows them to a new device', async ({ browser }) => {
    // Chosen on another device of theirs (their own API session): Bangla, kept on the profile.
    const chosen = await agent.api.patch('/api/v1/user/me', { data: { language: 'bn' } });
    expect(chosen.status()).toBe(200);
    const page = await windowOf(browser, agent);
    await page.goto('/agent/cash-in');
    // This new window made no choice of its own: the profile's, the latest, wins.
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText(/[A-Za-z]/);
    await page.context().close();
  });
});
