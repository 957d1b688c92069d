import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAGE_SLOT } from '@wallet/shared/prerendered-pages';
import { registerStartupToken } from '../src/site/deploy-tokens';
import { createTestContext, type TestContext } from './helpers';

/**
 * A checkout whose host build carries its pre-rendered shells, and public releases with their
 * pre-rendered pages, as the production builds write them (`prerender/<language>/<page>.html`).
 */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-prerendered-'));
const releasesDir = path.join(root, 'releases');
const hostDist = path.join(root, 'host', 'dist');
const TOKEN = 'a-deploy-token-of-enough-length-0123456789';

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

write(
  path.join(hostDist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Digital Wallet</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>',
);
write(path.join(hostDist, 'main.0123abcd.js'), 'console.log("host")');
for (const [language, home] of [
  ['en', 'Home'],
  ['bn', 'হোম'],
]) {
  for (const page of ['index', 'features']) {
    write(
      path.join(hostDist, 'prerender', language!, `${page}.html`),
      `<header>${home} (${page})</header><main>${PAGE_SLOT}</main><footer>Digital Wallet</footer>`,
    );
  }
}

/** A public release; `pages` are its pre-rendered pages by language, none for a build from before. */
function publicRelease(version: string, pages?: Record<string, Record<string, string>>) {
  const dir = path.join(releasesDir, 'public', version);
  write(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }),
  );
  write(path.join(dir, 'remoteEntry.js'), `var wallet_public_${version} = {}`);
  for (const [language, byName] of Object.entries(pages ?? {})) {
    for (const [name, html] of Object.entries(byName))
      write(path.join(dir, 'prerender', language, `${name}.html`), html);
  }
}

/**
 * Another origin (a CDN's stand-in) serving public releases by URL: `/<version>/...`. Its files are
 * what `cdnFiles` holds; `/broken/` answers 500 for every pre-rendered page.
 */
const cdnFiles = new Map<string, string>();
let cdn: Server;
let cdnOrigin: string;
const fetched: string[] = [];

let t: TestContext;
const deploy = (url: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api/v1/releases${url}`, headers: { authorization: `Bearer ${TOKEN}` }, payload });

before(async () => {
  cdn = createServer((request, response) => {
    fetched.push(request.url!);
    if (request.url!.startsWith('/broken/prerender/')) return void response.writeHead(500).end();
    const file = cdnFiles.get(request.url!);
    if (file === undefined) return void response.writeHead(404).end();
    response.writeHead(200).end(file);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as { port: number }).port}`;
  for (const version of ['cdn1', 'bare', 'broken']) {
    cdnFiles.set(`/${version}/mf-manifest.json`, '{}');
    cdnFiles.set(`/${version}/remoteEntry.js`, `var wallet_public_${version} = {}`);
  }
  cdnFiles.set('/cdn1/prerender/en/index.html', '<h1>Welcome, from the CDN</h1>');
  cdnFiles.set('/cdn1/prerender/bn/index.html', '<h1>সিডিএন থেকে স্বাগতম</h1>');
  t = await createTestContext({ SITE_ROOT: root, RELEASES_DIR: releasesDir, RELEASE_ORIGINS: cdnOrigin });
  await registerStartupToken(t.db, TOKEN);
  publicRelease('p1', {
    en: { index: '<h1>Welcome to Digital Wallet</h1>', features: '<h1>Features</h1>' },
    bn: { index: '<h1>ডিজিটাল ওয়ালেটে স্বাগতম</h1>', features: '<h1>সুবিধা</h1>' },
  });
  publicRelease('p2', { en: { index: '<h1>Welcome, release two</h1>' }, bn: {} });
  publicRelease('p3');
  expect((await deploy('', { area: 'public', version: 'p1' })).statusCode).toBe(201);
  expect((await deploy('', { area: 'public', version: 'p2', activate: false })).statusCode).toBe(201);
  expect((await deploy('', { area: 'public', version: 'p3', activate: false })).statusCode).toBe(201);
});
after(async () => {
  await t.close();
  await new Promise((resolve) => cdn.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const page = async (url: string, cookie?: string) =>
  (await t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).body;
/** What the page shows before its scripts: the pre-rendered element, and whether the app's root is hidden. */
const prerendered = (html: string) =>
  /<div id="wallet-prerendered">(.*?)<\/div><div id="root" hidden><\/div>/.exec(html)?.[1];

describe('pre-rendered public pages', () => {
  it("should send a public page rendered: the host's shell around the live public release's page, the app's root hidden", async () => {
    const html = await page('/');
    expect(prerendered(html)).toBe(
      '<header>Home (index)</header><main><h1>Welcome to Digital Wallet</h1></main><footer>Digital Wallet</footer>',
    );
    expect(html).not.toContain('<div id="root"></div>');
    expect(prerendered(await page('/features'))).toContain('<main><h1>Features</h1></main>');
  });

  it("should render it in the visitor's language", async () => {
    expect(prerendered(await page('/', 'wallet_lang=bn'))).toBe(
      '<header>হোম (index)</header><main><h1>ডিজিটাল ওয়ালেটে স্বাগতম</h1></main><footer>Digital Wallet</footer>',
    );
    const byHeader = await t.inject({
      method: 'GET',
      url: '/features',
      headers: { 'accept-language': 'bn-BD,en;q=0.5' },
    });
    expect(prerendered(byHeader.body)).toContain('সুবিধা');
  });

  it('should leave every other page to the browser: areas, unknown paths, and pages either release lacks', async () => {
    for (const url of ['/user/overview', '/admin/all-user', '/no-such-page', '/about']) {
      const html = await page(url);
      expect(prerendered(html)).toBeUndefined();
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('should serve a new public release’s pages on the next load, with no restart, and the old ones again after a rollback', async () => {
    expect((await deploy('/public/activate', { version: 'p2' })).statusCode).toBe(200);
    expect(prerendered(await page('/'))).toContain('<h1>Welcome, release two</h1>');
    // Release two has no Bangla page for /: the page is rendered in the browser.
    expect(prerendered(await page('/', 'wallet_lang=bn'))).toBeUndefined();
    // A release built before pages were pre-rendered has none: every page is the browser's.
    expect((await deploy('/public/activate', { version: 'p3' })).statusCode).toBe(200);
    expect(prerendered(await page('/'))).toBeUndefined();
    expect((await deploy('/public/activate', { version: 'p1' })).statusCode).toBe(200);
    expect(prerendered(await page('/'))).toContain('<h1>Welcome to Digital Wallet</h1>');
  });

  it("should send a signed-in person who follows the rendered Get Started to their role's home", async () => {
    const person = await t.user('Signed In');
    const signedIn = await t.inject({ method: 'GET', url: '/register', cookie: person.cookie });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/user/overview');
    const agent = await t.agent('Agent');
    expect((await t.inject({ method: 'GET', url: '/register', cookie: agent.cookie })).headers.location).toBe(
      '/agent/cash-in',
    );
    // The rendered header is a visitor's: with a session cookie its Login is hidden, keeping its room.
    const home = (await t.inject({ method: 'GET', url: '/', cookie: person.cookie })).body;
    expect(home).toContain('<style>#wallet-prerendered [data-session-button]{visibility:hidden}</style>');
    expect(await page('/')).not.toContain('[data-session-button]');
    // A visitor gets the sign-up page; a stale cookie is a visitor's.
    expect((await t.inject({ method: 'GET', url: '/register' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/register', cookie: 'wallet_session=stale' })).statusCode).toBe(200);
  });

  it('should fetch the pages of a release published by URL when it is published, and serve them from the database', async () => {
    const published = await deploy('', { area: 'public', version: 'cdn1', url: `${cdnOrigin}/cdn1/mf-manifest.json` });
    expect(published.statusCode).toBe(201);
    expect(fetched).toContain('/cdn1/prerender/bn/index.html');
    const stored = await t.database.query<{ language: string; page: string }>(
      {
        name: 'release_pages_of',
        text: 'select language, page from release_pages where release_id = $1 order by 1, 2',
      },
      [published.json().data._id],
    );
    expect(stored).toEqual([
      { language: 'bn', page: 'index' },
      { language: 'en', page: 'index' },
    ]);
    fetched.length = 0;
    expect(prerendered(await page('/'))).toContain('<main><h1>Welcome, from the CDN</h1></main>');
    expect(prerendered(await page('/', 'wallet_lang=bn'))).toContain('সিডিএন থেকে স্বাগতম');
    // Served with no fetch from the other origin while the visitor waits; a page it lacks is the browser's.
    expect(prerendered(await page('/features'))).toBeUndefined();
    expect(fetched).toEqual([]);
    expect((await deploy('/public/activate', { version: 'p1' })).statusCode).toBe(200);
  });

  it('should publish a release by URL without pages as before, and refuse one whose pages fail to arrive, storing nothing', async () => {
    expect(
      (
        await deploy('', {
          area: 'public',
          version: 'bare',
          url: `${cdnOrigin}/bare/mf-manifest.json`,
          activate: false,
        })
      ).statusCode,
    ).toBe(201);
    const refused = await deploy('', {
      area: 'public',
      version: 'broken',
      url: `${cdnOrigin}/broken/mf-manifest.json`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'PAGE_STATUS' });
    expect(refused.json().message).toMatch(
      /^The release's pre-rendered page could not be fetched: http:\/\/127\.0\.0\.1:\d+\/broken\/prerender\/\w+\/\w+\.html answered 500$/,
    );
    const rows = await t.database.query<{ count: number }>(
      { name: 'broken_release', text: "select count(*)::int as count from releases where version = 'broken'" },
      [],
    );
    expect(rows).toEqual([{ count: 0 }]);
  });

  it("should render the page of the public release each visitor is given: an admins' preview for admins only", async () => {
    expect((await deploy('/public/rollout', { version: 'p2', audience: 'admins' })).statusCode).toBe(200);
    const admin = await t.admin();
    const asAdmin = await t.inject({ method: 'GET', url: '/', cookie: admin.cookie });
    expect(prerendered(asAdmin.body)).toContain('<h1>Welcome, release two</h1>');
    expect(prerendered(await page('/'))).toContain('<h1>Welcome to Digital Wallet</h1>');
    expect((await deploy('/public/rollback', {})).statusCode).toBe(200);
    expect(prerendered((await t.inject({ method: 'GET', url: '/', cookie: admin.cookie })).body)).toContain(
      '<h1>Welcome to Digital Wallet</h1>',
    );
  });
});
