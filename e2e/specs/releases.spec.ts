import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { liveManifestUrl } from '../support/site';
import { changedCopy, deployToken, filesUnder, releases, releasesDir, versionOf } from '../support/releases';
import { OTHER_ORIGIN_PORT } from '../playwright.config';

const hostDist = path.resolve(__dirname, '..', '..', 'host', 'dist');

/** Every file of the host's build with its hash: the host must not change when an area is released. */
const hostFingerprint = () =>
  filesUnder(hostDist)
    .sort()
    .map((file) => `${path.relative(hostDist, file)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`);

/** The version the page's @wallet/shared singletons carry, and the next major one (incompatible). */
const SHARED_VERSION = (
  JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'shared', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const NEXT_MAJOR = `${Number(SHARED_VERSION.split('.')[0]) + 1}.0.0`;

test('an admin area released on the running site shows on the next page load, an open page keeps working, and a rollback brings it back', async ({
  page,
  context,
}) => {
  await signInAsAdmin(page);
  const hostBefore = hostFingerprint();
  const tokenBefore = deployToken();
  const live = versionOf(await liveManifestUrl(page, 'admin'));
  const version = `e2e-${Date.now()}`;
  changedCopy('admin', live, version, '"All Users"', '"All Users (new release)"');

  // A page opened before the release, on the old one.
  const opened = await context.newPage();
  await opened.goto('/admin/all-user');
  await expect(opened.getByRole('heading', { name: 'All Users', exact: true })).toBeVisible();

  const published = (await releases(page.request, 'POST', '', { area: 'admin', version })) as {
    data: { integrity: string };
  };
  try {
    await releasedAndRolledBack();
  } finally {
    // Whatever happened, the site is left on the release it had.
    if (versionOf(await liveManifestUrl(page, 'admin')) !== live) {
      await releases(page.request, 'POST', '/admin/activate', { version: live });
    }
  }

  async function releasedAndRolledBack() {
    await page.goto('/admin/all-user');
    await expect(page.getByRole('heading', { name: 'All Users (new release)' })).toBeVisible();
    expect(hostFingerprint()).toEqual(hostBefore);
    expect(deployToken()).toBe(tokenBefore);

    // The page opened before still moves between the admin screens: the old release is still served.
    await opened.getByRole('link', { name: 'All Agents' }).click();
    await expect(opened.getByRole('heading', { name: 'All Agents' })).toBeVisible();
    await opened.getByRole('link', { name: 'All Transactions' }).click();
    await expect(opened.getByRole('table', { name: 'Transactions', exact: true })).toBeVisible();

    // Rolled back from the Releases screen, as an admin would.
    await page.goto('/admin/releases');
    await expect(page.getByRole('heading', { name: 'Releases' })).toBeVisible();
    await expectAccessible(page);
    // The host is a release like the others: the checkout's build, published at start, is live.
    await expect(page.getByRole('region', { name: 'Host', exact: true })).toContainText('Live release: build-');
    const adminSection = page.getByRole('region', { name: 'Admin', exact: true });
    // Where each release's code comes from, and the hash its entry is pinned to.
    const releaseRow = adminSection.getByRole('row', { name: new RegExp(version) });
    await expect(releaseRow).toContainText('This site');
    await expect(releaseRow).toContainText(published.data.integrity.slice('sha256-'.length, 'sha256-'.length + 16));
    await adminSection
      .getByRole('row', { name: new RegExp(live) })
      .getByRole('button', { name: 'Roll back' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`is now on ${live}`)).toBeVisible();
    await page.goto('/admin/all-user');
    await expect(page.getByRole('heading', { name: 'All Users', exact: true })).toBeVisible();
    await expect(page.getByText('All Users (new release)')).toHaveCount(0);
    expect(versionOf(await liveManifestUrl(page, 'admin'))).toBe(live);
  }
});

test("an area whose code no longer matches its release's hash shows its fallback while the other areas keep working", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const agent = await registerAccount();
  expect((await page.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
  const live = versionOf(await liveManifestUrl(page, 'agent'));
  // A release published as built, whose entry script is then changed where it is served.
  const version = `tampered-${Date.now()}`;
  cpSync(path.join(releasesDir, 'agent', live), path.join(releasesDir, 'agent', version), { recursive: true });
  const published = await releases(page.request, 'POST', '', { area: 'agent', version });
  expect(published.data.integrity).toMatch(/^sha256-/);
  const entry = path.join(releasesDir, 'agent', version, 'remoteEntry.js');
  writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n;fetch('/steal?' + document.cookie);`);
  rmSync(`${entry}.gz`, { force: true });
  rmSync(`${entry}.br`, { force: true });
  try {
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    const stolen: string[] = [];
    agentPage.on('request', (request) => {
      if (request.url().includes('/steal')) stolen.push(request.url());
    });
    await signInAs(agentPage, agent);
    await agentPage.goto('/agent/cash-in');
    await expect(agentPage.getByText('This area is unavailable')).toBeVisible();
    expect(stolen).toEqual([]);
    await agentContext.close();

    await page.goto('/admin/all-user');
    await expect(page.getByRole('heading', { name: 'All Users', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  } finally {
    await releases(page.request, 'POST', '/agent/activate', { version: live });
  }
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signInAs(agentPage, agent);
  await agentPage.goto('/agent/cash-in');
  await expect(agentPage.getByRole('heading', { name: 'Cash In' })).toBeVisible();
  await agentContext.close();
});

/** Another origin, as a CDN would be: a plain static server of one folder, with the CORS header a cross-origin load needs. */
async function staticOrigin(dir: string): Promise<{ url: string; server: Server; served: string[] }> {
  const served: string[] = [];
  const types: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };
  const server = createServer((request, response) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)));
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    served.push(path.basename(file));
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
    });
    response.end(readFileSync(file));
  });
  // The one other origin the site under test trusts (RELEASE_ORIGINS in playwright.config.ts).
  await new Promise<void>((resolve) => server.listen(OTHER_ORIGIN_PORT, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${OTHER_ORIGIN_PORT}`, server, served };
}

/**
 * Publishes the user release `publish` describes (made from the live one's version), runs `check`
 * on a newly registered user's page while it is live, then puts the live release back.
 */
async function whileUserRelease(
  page: Page,
  browser: Browser,
  publish: (live: string) => Promise<{ version: string; url?: string }>,
  check: (userPage: Page) => Promise<void>,
) {
  await signInAsAdmin(page);
  const live = versionOf(await liveManifestUrl(page, 'user'));
  const person = await registerAccount();
  await releases(page.request, 'POST', '', { area: 'user', ...(await publish(live)) });
  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    await signInAs(userPage, person);
    await check(userPage);
  } finally {
    await context.close();
    await releases(page.request, 'POST', '/user/activate', { version: live });
  }
}

test('an area served from another origin loads and works', async ({ page, browser }) => {
  let origin: Awaited<ReturnType<typeof staticOrigin>> | undefined;
  try {
    await whileUserRelease(
      page,
      browser,
      async (live) => {
        origin = await staticOrigin(path.join(releasesDir, 'user', live));
        return { version: `elsewhere-${Date.now()}`, url: `${origin.url}/mf-manifest.json` };
      },
      async (userPage) => {
        await userPage.goto('/user/deposit');
        await userPage.getByLabel('Amount').fill('25');
        await userPage.getByRole('button', { name: 'Deposit', exact: true }).click();
        await expect(userPage.getByText('Deposit successful!')).toBeVisible();
        // The host enters a release by its remoteEntry.js, beside the manifest the config names.
        expect(origin!.served).toContain('remoteEntry.js');
        // The Releases screen says where it comes from.
        await page.goto('/admin/releases');
        await expect(
          page.getByRole('region', { name: 'User', exact: true }).getByRole('row', { name: /elsewhere-/ }),
        ).toContainText(origin!.url);
      },
    );
  } finally {
    origin?.server.close();
  }
});

test('a fix to a stateless shared module ships with the remote that bundles it, with no host rebuild', async ({
  page,
  browser,
}) => {
  await whileUserRelease(
    page,
    browser,
    async (live) => {
      const version = `shared-fix-${Date.now()}`;
      // The amount's rule lives in @wallet/shared/contracts, which the host bundles too.
      changedCopy('user', live, version, 'must have at most 2 decimal places', 'must have at most two decimal places');
      return { version };
    },
    async (userPage) => {
      await userPage.goto('/user/deposit');
      await userPage.getByLabel('Amount').fill('1.234');
      await userPage.getByLabel('Amount').blur();
      await expect(userPage.getByText('Amount must have at most two decimal places')).toBeVisible();
    },
  );
});

test('a remote built against an incompatible @wallet/shared shows its area fallback and says why in the console', async ({
  page,
  browser,
}) => {
  await whileUserRelease(
    page,
    browser,
    async (live) => {
      const version = `shared-next-${Date.now()}`;
      // What a remote built against the next major @wallet/shared asks of the page's singletons.
      changedCopy('user', live, version, `"^${SHARED_VERSION}"`, `"^${NEXT_MAJOR}"`);
      return { version };
    },
    async (userPage) => {
      const logged: string[] = [];
      userPage.on('console', (message) => logged.push(message.text()));
      userPage.on('pageerror', (error) => logged.push(error.message));
      await userPage.goto('/user/deposit');
      await expect(userPage.getByText('This area is unavailable')).toBeVisible();
      const next = NEXT_MAJOR.replaceAll('.', '\\.');
      expect(logged.join('\n')).toMatch(
        new RegExp(
          `@wallet/shared/(api|session|providers|router)[\\s\\S]*\\^${next}|\\^${next}[\\s\\S]*@wallet/shared`,
        ),
      );
    },
  );
});
