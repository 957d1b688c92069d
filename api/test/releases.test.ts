import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { registerDeployToken } from '../src/services/releases';
import { TEST_PIN_SECRET, createTestContext, TEST_PASSWORD_COST, type Person, type TestContext } from './helpers';

/** A checkout with a host build (what the site plugin needs to serve) and a releases directory. */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-releases-'));
const releasesDir = path.join(root, 'releases');
mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
writeFileSync(path.join(root, 'host', 'dist', 'index.html'), '<!doctype html><title>host</title>');
const env = { SITE_ROOT: root, RELEASES_DIR: releasesDir };
const TOKEN = 'a-deploy-token-of-enough-length-0123456789';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext(env);
  admin = await t.admin();
  await registerDeployToken(t.db, TOKEN);
});
after(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** A release's files as `pnpm release` copies them: a manifest and a chunk. */
function releaseFolder(area: string, version: string, text = version) {
  const dir = path.join(releasesDir, area, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: area, version: text }));
  writeFileSync(path.join(dir, 'chunk.js'), `console.log(${JSON.stringify(text)})`);
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url: `/api/v1/releases${url}`, cookie: admin.cookie, payload });
const asDeployer = (method: 'GET' | 'POST', url: string, payload?: object, token = TOKEN) =>
  t.inject({ method, url: `/api/v1/releases${url}`, headers: { authorization: `Bearer ${token}` }, payload });

describe('release endpoints', () => {
  it('should let only an admin session or the deploy token read or change releases', async () => {
    const [user, agent] = [await t.user('Release User'), await t.agent('Release Agent')];
    expect((await t.inject({ method: 'GET', url: '/api/v1/releases' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/releases', cookie: user.cookie })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/v1/releases', cookie: agent.cookie })).statusCode).toBe(403);
    const wrongToken = await asDeployer('GET', '', undefined, 'not-the-token-but-long-enough-000000');
    expect(wrongToken.statusCode).toBe(401);
    expect(wrongToken.json().message).toBe('Invalid deploy token');
    const refused = await t.inject({
      method: 'POST',
      url: '/api/v1/releases/admin/activate',
      cookie: user.cookie,
      payload: { version: 'v1' },
    });
    expect(refused.statusCode).toBe(403);

    const listed = await asAdmin('GET', '');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((area: { area: string }) => area.area)).toEqual([
      'host',
      'public',
      'user',
      'agent',
      'admin',
    ]);
    expect((await asDeployer('GET', '')).statusCode).toBe(200);
  });

  it('should publish, switch and roll back an area, recording every switch, and serve the live one', async () => {
    releaseFolder('admin', 'v1');
    const first = await asAdmin('POST', '', { area: 'admin', version: 'v1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      area: 'admin',
      version: 'v1',
      manifestUrl: '/releases/admin/v1/mf-manifest.json',
      createdBy: admin.email,
    });
    releaseFolder('admin', 'v2');
    expect((await asDeployer('POST', '', { area: 'admin', version: 'v2' })).statusCode).toBe(201);

    let config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.admin).toBe('/releases/admin/v2/mf-manifest.json');
    const served = await t.inject({ method: 'GET', url: '/releases/admin/v2/chunk.js' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('console.log("v2")');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['access-control-allow-origin']).toBe('*');

    const rolledBack = await asDeployer('POST', '/admin/activate', { version: 'v1' });
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json().message).toBe('Release is live');
    const state = rolledBack.json().data;
    expect(state.live.version).toBe('v1');
    expect(state.liveBy).toBe('deploy token');
    expect(
      state.switches.map((s: { from: string | null; to: string; switchedBy: string }) => [s.from, s.to, s.switchedBy]),
    ).toEqual([
      ['v2', 'v1', 'deploy token'],
      ['v1', 'v2', 'deploy token'],
      [null, 'v1', admin.email],
    ]);
    config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.admin).toBe('/releases/admin/v1/mf-manifest.json');
    // The old release's files are still served: a page opened before the switch keeps working.
    expect((await t.inject({ method: 'GET', url: '/releases/admin/v2/chunk.js' })).statusCode).toBe(200);
  });

  it('should publish without switching, and register a release by URL alone', async () => {
    releaseFolder('user', 'quiet');
    const quiet = await asAdmin('POST', '', { area: 'user', version: 'quiet', activate: false });
    expect(quiet.statusCode).toBe(201);
    const [user] = (await asAdmin('GET', '')).json().data.filter((area: { area: string }) => area.area === 'user');
    expect(user.live).toBeNull();
    expect(user.releases.map((release: { version: string }) => release.version)).toEqual(['quiet']);

    const cdn = await asAdmin('POST', '', {
      area: 'agent',
      version: 'cdn-1',
      url: 'https://cdn.example/agent/1/mf-manifest.json',
    });
    expect(cdn.statusCode).toBe(201);
    const config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.agent).toBe('https://cdn.example/agent/1/mf-manifest.json');
    // The pages' policy lets that origin's code and manifest in, and nothing else new.
    const policy = String(
      (await t.inject({ method: 'GET', url: '/agent/cash-in' })).headers['content-security-policy'],
    );
    expect(policy).toMatch(/script-src 'self' https:\/\/cdn\.example(;|$)/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/cdn\.example(;|$)/);
    expect(policy).toMatch(/default-src 'self'/);
  });

  it('should refuse unknown areas and releases, repeats, bad versions and bad URLs, changing nothing', async () => {
    const before = (await asAdmin('GET', '')).json().data;
    const cases: [Awaited<ReturnType<typeof asAdmin>>, number, string | RegExp][] = [
      [await asAdmin('POST', '/nowhere/activate', { version: 'v1' }), 404, 'Unknown area'],
      [await asAdmin('POST', '/admin/activate', { version: 'v9' }), 404, 'Release not found'],
      [await asAdmin('POST', '', { area: 'nowhere', version: 'v1' }), 400, /^area must be one of host, public/],
      [await asAdmin('POST', '', { area: 'admin', version: '../../etc' }), 400, /^version must be 1 to 64 letters/],
      [
        await asAdmin('POST', '', { area: 'admin', version: 'v3', url: 'ftp://cdn.example/x.json' }),
        400,
        /http or https/,
      ],
      [await asAdmin('POST', '', { area: 'admin', version: 'v3', url: 'javascript:alert(1)' }), 400, /http or https/],
      [await asAdmin('POST', '', { area: 'admin', version: 'missing' }), 400, /has no mf-manifest.json/],
    ];
    for (const [response, status, message] of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    releaseFolder('public', 'p1');
    expect((await asAdmin('POST', '', { area: 'public', version: 'p1' })).statusCode).toBe(201);
    const repeat = await asAdmin('POST', '', { area: 'public', version: 'p1' });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe('This release already exists');
    const again = await asAdmin('POST', '/public/activate', { version: 'p1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This release is already live');
    const afterwards = (await asAdmin('GET', '')).json().data;
    for (const area of ['host', 'user', 'agent', 'admin']) {
      expect(afterwards.find((a: { area: string }) => a.area === area)).toEqual(
        before.find((a: { area: string }) => a.area === area),
      );
    }
  });

  it('should serve the live host release as every page, switch it back, and never take a host release by URL', async () => {
    const page = async (url: string) => (await t.inject({ method: 'GET', url })).body;
    expect(await page('/')).toContain('<title>host</title>');
    for (const version of ['h1', 'h2']) {
      const dir = path.join(releasesDir, 'host', version);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>host ${version}</title>`);
      expect((await asDeployer('POST', '', { area: 'host', version })).statusCode).toBe(201);
    }
    expect(await page('/')).toContain('<title>host h2</title>');
    expect(await page('/user/overview')).toContain('<title>host h2</title>');
    expect((await asDeployer('POST', '/host/activate', { version: 'h1' })).statusCode).toBe(200);
    expect(await page('/admin/all-user')).toContain('<title>host h1</title>');
    const byUrl = await asAdmin('POST', '', { area: 'host', version: 'h3', url: 'https://cdn.example/index.html' });
    expect(byUrl.statusCode).toBe(400);
    expect(byUrl.json().message).toBe('The host is released from files, not a URL');
  });

  it(
    'should give every instance on one PostgreSQL the new live release within a second',
    { skip: process.env.TEST_DB !== 'postgres' && 'two instances need one PostgreSQL' },
    async () => {
      const database = await openDatabase({ databaseUrl: t.database.url! });
      const other = await buildApp({
        config: loadConfig({ ...env, LOG_LEVEL: 'silent', PIN_SECRET: TEST_PIN_SECRET }),
        database,
        passwordCost: TEST_PASSWORD_COST,
      });
      await other.ready();
      try {
        releaseFolder('agent', 'a1');
        releaseFolder('agent', 'a2');
        await asAdmin('POST', '', { area: 'agent', version: 'a1' });
        await asAdmin('POST', '', { area: 'agent', version: 'a2' });
        const seenByOther = async () =>
          (await other.inject({ method: 'GET', url: '/app-config.json' })).json().remotes.agent;
        expect(await seenByOther()).toBe('/releases/agent/a2/mf-manifest.json');
        await asDeployer('POST', '/agent/activate', { version: 'a1' });
        // The instance that switched serves it at once; another keeps what it read for a second at most.
        expect((await t.inject({ method: 'GET', url: '/app-config.json' })).json().remotes.agent).toBe(
          '/releases/agent/a1/mf-manifest.json',
        );
        await new Promise((resolve) => setTimeout(resolve, 1_050));
        expect(await seenByOther()).toBe('/releases/agent/a1/mf-manifest.json');
        expect((await other.inject({ method: 'GET', url: '/releases/agent/a1/chunk.js' })).body).toBe(
          'console.log("a1")',
        );
      } finally {
        await other.close();
        await database.close();
      }
    },
  );
});
