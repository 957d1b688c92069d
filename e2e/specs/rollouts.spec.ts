import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { signInAsAdmin } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { liveManifestUrl } from '../support/site';
import { BASE_URL } from '../playwright.config';

/**
 * Gradual rollout on the running site: a new public release for half the visitors, by their
 * browser's bucket (the `wallet_bucket` cookie), or for admins only; and one that throws, rolled
 * back by the site itself while the live release keeps serving everyone.
 */
const dataDir = process.env.E2E_DATA_DIR!;
const releasesDir = path.join(dataDir, 'releases');
const deployToken = () => readFileSync(path.join(dataDir, 'deploy-token'), 'utf8').trim();
const versionOf = (manifestUrl: string) => new URL(manifestUrl).pathname.split('/').at(-2)!;
const HEADING = 'Welcome to Digital Wallet';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * The public release `from`, copied as `version` with its heading's text replaced in the English
 * catalog its code carries, and with `throws`, a script that throws once the heading's chunk runs.
 */
function publicCopy(from: string, version: string, heading: string, { throws = false } = {}) {
  const target = path.join(releasesDir, 'public', version);
  cpSync(path.join(releasesDir, 'public', from), target, { recursive: true });
  let changed = 0;
  for (const file of filesUnder(target).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes(`"${HEADING}"`)) continue;
    const bug = throws ? '\n;setTimeout(function () { throw new Error("release bug"); }, 0);' : '';
    writeFileSync(file, code.split(`"${HEADING}"`).join(JSON.stringify(heading)) + bug);
    rmSync(`${file}.gz`, { force: true });
    rmSync(`${file}.br`, { force: true });
    changed += 1;
  }
  expect(changed).toBeGreaterThan(0);
}

async function releases(api: APIRequestContext, url: string, data: object = {}) {
  const response = await api.fetch(`/api/v1/releases${url}`, {
    method: 'POST',
    data,
    headers: { authorization: `Bearer ${deployToken()}` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/** As the site draws it: the first 32 bits of SHA-256 of `<browser id>:<area>`, modulo 100. */
const bucketOf = (id: string, area: string) =>
  createHash('sha256').update(`${id}:${area}`).digest().readUInt32BE(0) % 100;

/** Two browser ids: one in the first `share` buckets of the public area, one not. */
function browsersAround(share: number) {
  let inside: string | undefined;
  let outside: string | undefined;
  while (!inside || !outside) {
    const id = randomBytes(16).toString('base64url');
    if (bucketOf(id, 'public') < share) inside ??= id;
    else outside ??= id;
  }
  return { inside, outside };
}

async function browserWithId(browser: Browser, id: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'wallet_bucket', value: id, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

test('a 50% rollout serves two browsers in different buckets different releases, and each keeps its own on reload', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const live = versionOf(await liveManifestUrl(page, 'public'));
  const version = `half-${Date.now()}`;
  publicCopy(live, version, `${HEADING}, half`);
  await releases(page.request, '', { area: 'public', version, activate: false });
  await releases(page.request, '/public/rollout', { version, share: 50 });
  try {
    const { inside, outside } = browsersAround(50);
    const [newer, older] = [await browserWithId(browser, inside), await browserWithId(browser, outside)];
    const [newPage, oldPage] = [await newer.newPage(), await older.newPage()];
    for (let visit = 0; visit < 2; visit += 1) {
      await (visit === 0 ? newPage.goto('/') : newPage.reload());
      await expect(newPage.getByRole('heading', { name: `${HEADING}, half`, exact: true })).toBeVisible();
      await (visit === 0 ? oldPage.goto('/') : oldPage.reload());
      await expect(oldPage.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
    }
    await Promise.all([newer.close(), older.close()]);
  } finally {
    await releases(page.request, '/public/rollback');
  }
});

test('a preview is seen by admins only', async ({ page, browser }) => {
  await signInAsAdmin(page);
  const live = versionOf(await liveManifestUrl(page, 'public'));
  const version = `preview-${Date.now()}`;
  publicCopy(live, version, `${HEADING}, preview`);
  await releases(page.request, '', { area: 'public', version, activate: false });
  await releases(page.request, '/public/rollout', { version, audience: 'admins' });
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `${HEADING}, preview`, exact: true })).toBeVisible();
    // Every bucket of visitor that is not an admin sees the live release.
    const { inside, outside } = browsersAround(50);
    for (const id of [inside, outside]) {
      const visitor = await browserWithId(browser, id);
      const visitorPage = await visitor.newPage();
      await visitorPage.goto('/');
      await expect(visitorPage.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
      await visitor.close();
    }
  } finally {
    await releases(page.request, '/public/rollback');
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
});

test('a gradual release that throws errors is rolled back automatically while the live release keeps serving everyone', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const live = versionOf(await liveManifestUrl(page, 'public'));
  const version = `throws-${Date.now()}`;
  // Its landing page throws an uncaught error each time it draws its heading.
  publicCopy(live, version, `${HEADING}, broken`, { throws: true });
  await releases(page.request, '', { area: 'public', version, activate: false });
  await releases(page.request, '/public/rollout', { version, share: 50 });
  const { inside, outside } = browsersAround(50);
  const [broken, fine] = [await browserWithId(browser, inside), await browserWithId(browser, outside)];
  const [brokenPage, finePage] = [await broken.newPage(), await fine.newPage()];
  const thrown: string[] = [];
  brokenPage.on('pageerror', (error) => thrown.push(error.message));
  try {
    await brokenPage.goto('/');
    await expect(brokenPage.getByRole('heading', { name: `${HEADING}, broken`, exact: true })).toBeVisible();
    await expect.poll(() => thrown.length).toBeGreaterThan(0);
    const firstError = Date.now();
    // Visitors keep coming: each page view of the broken release reports its view and its error
    // (sent as the page is left), until the site takes it back.
    await expect
      .poll(
        async () => {
          await finePage.goto('/');
          await expect(finePage.getByRole('heading', { name: HEADING, exact: true })).toBeVisible();
          await brokenPage.reload();
          return brokenPage.getByRole('heading', { name: HEADING, exact: true }).isVisible();
        },
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(true);
    const seconds = ((Date.now() - firstError) / 1000).toFixed(1);
    console.log(`rolled back automatically ${seconds} s after the broken release's first error`);

    const state = (
      (await (await page.request.get('/api/v1/releases')).json()) as {
        data: {
          area: string;
          candidate: unknown;
          live: { version: string };
          switches: { kind: string; switchedBy: string }[];
        }[];
      }
    ).data.find((entry) => entry.area === 'public')!;
    expect(state.candidate).toBeNull();
    expect(state.live.version).toBe(live);
    expect(state.switches[0]).toMatchObject({ kind: 'auto_rollback', switchedBy: 'system' });

    // The Releases screen says so, with each release's errors per 1,000 page views.
    await page.goto('/admin/releases');
    const area = page.getByRole('region', { name: 'Public', exact: true });
    const brokenRow = area.getByRole('row', { name: new RegExp(version) });
    await expect(brokenRow).toContainText(/\d[\d,]*\.\d/);
    await expect(brokenRow).not.toContainText('—');
    await expect(area.getByText(/^Rolled back automatically/)).toBeVisible();
    await expectAccessible(page);
  } finally {
    await Promise.all([broken.close(), fine.close()]);
    const state = (
      (await (await page.request.get('/api/v1/releases')).json()) as { data: { area: string; candidate: unknown }[] }
    ).data.find((entry) => entry.area === 'public')!;
    if (state.candidate) await releases(page.request, '/public/rollback');
  }
});
