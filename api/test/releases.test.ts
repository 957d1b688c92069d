import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { registerStartupToken } from '../src/site/deploy-tokens';
import { sql } from 'drizzle-orm';
import {
  TEST_PIN_SECRET,
  createTestContext,
  TEST_PASSWORD_COST,
  type Person,
  type TestContext,
  withTestContext,
} from './helpers';

/** A checkout with a host build (what the site plugin needs to serve) and a releases directory. */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-releases-'));
const releasesDir = path.join(root, 'releases');
mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
writeFileSync(path.join(root, 'host', 'dist', 'index.html'), '<!doctype html><title>host</title>');
const TOKEN = 'a-deploy-token-of-enough-length-0123456789';

/** Another origin, as a CDN is: serves `cdn/<path>` of this folder, and records what was asked. */
const cdnDir = path.join(root, 'cdn');
let cdn: Server;
let cdnOrigin: string;

let env: Record<string, string>;
let t: TestContext;
let admin: Person;
before(async () => {
  cdn = createServer((request, response) => {
    let file: Buffer;
    try {
      file = readFileSync(path.join(cdnDir, path.normalize(request.url!.split('?')[0]!)));
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200).end(file);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  env = { SITE_ROOT: root, RELEASES_DIR: releasesDir, RELEASE_ORIGINS: `${cdnOrigin}, https://cdn.example` };
  t = await createTestContext(env);
  admin = await t.admin();
  await registerStartupToken(t.db, TOKEN);
});
after(async () => {
  await t.close();
  cdn.close();
  rmSync(root, { recursive: true, force: true });
});

/** A release's files as `pnpm release` copies them: a manifest, its entry script and a chunk. */
function releaseFolder(area: string, version: string, text = version, dir = path.join(releasesDir, area, version)) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: area, version: text }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var wallet_${area} = ${JSON.stringify(text)};`);
  writeFileSync(path.join(dir, 'chunk.js'), `console.log(${JSON.stringify(text)})`);
  return dir;
}

/** The Subresource Integrity of a file, as a browser checks it. */
const integrityOf = (content: string | Buffer) => `sha256-${createHash('sha256').update(content).digest('base64')}`;

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url: `/api/v1/releases${url}`, cookie: admin.cookie, payload });
const asDeployer = (method: 'GET' | 'POST', url: string, payload?: object, token = TOKEN) =>
  t.inject({ method, url: `/api/v1/releases${url}`, headers: { authorization: `Bearer ${token}` }, payload });

describe('release endpoints', () => {
  it('should let only an admin session or a deploy token read releases', async () => {
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
      'merchant',
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
      origin: 'self',
      integrity: integrityOf('var wallet_admin = "v1";'),
      createdBy: admin.email,
    });
    releaseFolder('admin', 'v2');
    expect((await asDeployer('POST', '', { area: 'admin', version: 'v2' })).statusCode).toBe(201);

    let config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.admin).toBe('/releases/admin/v2/mf-manifest.json');
    expect(config.integrity.admin).toBe(integrityOf('var wallet_admin = "v2";'));
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
    expect(state.liveBy).toBe('token startup');
    expect(
      state.switches.map((s: { from: string | null; to: string; switchedBy: string }) => [s.from, s.to, s.switchedBy]),
    ).toEqual([
      ['v2', 'v1', 'token startup'],
      ['v1', 'v2', 'token startup'],
      [null, 'v1', admin.email],
    ]);
    config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.admin).toBe('/releases/admin/v1/mf-manifest.json');
    // The old release's files are still served: a page opened before the switch keeps working.
    expect((await t.inject({ method: 'GET', url: '/releases/admin/v2/chunk.js' })).statusCode).toBe(200);
  });

  it('should describe an area to the host only once it is published, from the registry', async () => {
    const before = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(before.areas.merchant).toBeUndefined();
    expect(before.remotes.merchant).toBeUndefined();
    releaseFolder('merchant', 'm1');
    expect((await asDeployer('POST', '', { area: 'merchant', version: 'm1' })).statusCode).toBe(201);
    const after = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(after.remotes.merchant).toBe('/releases/merchant/m1/mf-manifest.json');
    expect(after.areas.merchant).toEqual({
      basePath: '/merchant',
      role: 'USER',
      requires: 'merchant',
      home: '/merchant/overview',
      labels: { en: 'Shop', bn: 'দোকান' },
    });
  });

  it('should publish without switching, and register a release by URL alone', async () => {
    releaseFolder('user', 'quiet');
    const quiet = await asAdmin('POST', '', { area: 'user', version: 'quiet', activate: false });
    expect(quiet.statusCode).toBe(201);
    const [user] = (await asAdmin('GET', '')).json().data.filter((area: { area: string }) => area.area === 'user');
    expect(user.live).toBeNull();
    expect(user.releases.map((release: { version: string }) => release.version)).toEqual(['quiet']);

    releaseFolder('agent', '1', 'cdn one', path.join(cdnDir, 'agent', '1'));
    const published = await asAdmin('POST', '', {
      area: 'agent',
      version: 'cdn-1',
      url: `${cdnOrigin}/agent/1/mf-manifest.json`,
    });
    expect(published.statusCode).toBe(201);
    // Its entry script was fetched once from its origin and pinned by its hash.
    expect(published.json().data).toMatchObject({
      origin: cdnOrigin,
      integrity: integrityOf('var wallet_agent = "cdn one";'),
    });
    const config = (await t.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.remotes.agent).toBe(`${cdnOrigin}/agent/1/mf-manifest.json`);
    expect(config.integrity.agent).toBe(integrityOf('var wallet_agent = "cdn one";'));
    // The pages' policy lets that origin's code and manifest in, and nothing else new.
    const page = await t.inject({ method: 'GET', url: '/agent/cash-in' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${cdnOrigin};`);
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${cdnOrigin.replace(/\./g, '\\.')}(;|$)`));
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).not.toContain('cdn.example');

    // Code changed at the origin after it was published no longer matches what the page pins.
    writeFileSync(path.join(cdnDir, 'agent', '1', 'remoteEntry.js'), 'steal(document.cookie)');
    const changed = readFileSync(path.join(cdnDir, 'agent', '1', 'remoteEntry.js'));
    expect(integrityOf(changed)).not.toBe(config.integrity.agent);
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
      // Code from an origin RELEASE_ORIGINS does not list, or a URL that is not a manifest.
      [
        await asAdmin('POST', '', { area: 'admin', version: 'v3', url: 'https://evil.example/mf-manifest.json' }),
        400,
        /^Releases may not come from https:\/\/evil\.example: the site takes code only from/,
      ],
      [
        await asAdmin('POST', '', { area: 'admin', version: 'v3', url: `${cdnOrigin}/admin/remoteEntry.js` }),
        400,
        /must point at its mf-manifest.json/,
      ],
      // A listed origin whose entry script cannot be fetched: nothing to pin, nothing recorded.
      [
        await asAdmin('POST', '', { area: 'admin', version: 'v3', url: `${cdnOrigin}/nothing/mf-manifest.json` }),
        400,
        /remoteEntry.js could not be fetched: .* answered 404/,
      ],
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
    // A page is only ever the live host's: an old host's index.html is not served from its folder.
    expect((await t.inject({ method: 'GET', url: '/releases/host/h1/index.html' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/releases/host/h2/index.html' })).statusCode).toBe(404);
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

describe('who may release', () => {
  /** An admin the site was not set up with: not a deployer until another admin grants it. */
  async function plainAdmin() {
    const person = await t.admin();
    await t.db.execute(
      sql`update users set staff_roles = array_remove(staff_roles, 'DEPLOYER') where id = ${person.id}`,
    );
    return person;
  }
  const as = (
    who: { cookie?: string; token?: string },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.inject({
      method,
      url: `/api/v1/releases${url}`,
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.token ? { headers: { authorization: `Bearer ${who.token}` } } : {}),
      payload,
    });

  it('should hold a permission matrix: deployer, admin, user, area token, startup token', async () => {
    const deployer = admin;
    const other = await plainAdmin();
    const user = await t.user('Matrix User');
    const created = await as({ token: TOKEN }, 'POST', '/tokens', {
      name: 'ci-user',
      areas: ['user'],
      expiresInDays: 7,
    });
    expect(created.statusCode).toBe(201);
    const areaToken = created.json().data.secret as string;
    expect(areaToken).toMatch(/^wdt_[\w-]{43}$/);
    releaseFolder('user', 'm1');
    releaseFolder('admin', 'm1');

    const who = {
      deployer: { cookie: deployer.cookie },
      admin: { cookie: other.cookie },
      user: { cookie: user.cookie },
      'user token': { token: areaToken },
      'startup token': { token: TOKEN },
    };
    const matrix: Record<string, Record<keyof typeof who, number>> = {};
    const row = async (
      name: string,
      call: (caller: { cookie?: string; token?: string }) => Promise<{ statusCode: number }>,
    ) => {
      matrix[name] = {} as Record<keyof typeof who, number>;
      for (const [label, caller] of Object.entries(who)) {
        matrix[name]![label as keyof typeof who] = (await call(caller)).statusCode;
      }
    };
    await row('list releases', (c) => as(c, 'GET', ''));
    await row('publish user', (c) => as(c, 'POST', '', { area: 'user', version: 'm1', activate: false }));
    await row('publish admin', (c) => as(c, 'POST', '', { area: 'admin', version: 'm1', activate: false }));
    await row('switch user', (c) => as(c, 'POST', '/user/activate', { version: 'm1' }));
    await row('list tokens', (c) => as(c, 'GET', '/tokens'));
    await row('create token', (c) => as(c, 'POST', '/tokens', { name: 'x', areas: ['public'], expiresInDays: 1 }));
    await row('list deployers', (c) => as(c, 'GET', '/deployers'));
    expect(matrix).toEqual({
      'list releases': { deployer: 200, admin: 200, user: 403, 'user token': 200, 'startup token': 200 },
      // The first to publish gets 201, the rest 409 (it exists): the others are refused before that.
      'publish user': { deployer: 201, admin: 403, user: 403, 'user token': 409, 'startup token': 409 },
      'publish admin': { deployer: 201, admin: 403, user: 403, 'user token': 403, 'startup token': 409 },
      'switch user': { deployer: 200, admin: 403, user: 403, 'user token': 409, 'startup token': 409 },
      // Staff without DEPLOYER see no tokens either (the route table, shared/src/contracts/staff.ts).
      'list tokens': { deployer: 200, admin: 403, user: 403, 'user token': 403, 'startup token': 200 },
      'create token': { deployer: 201, admin: 403, user: 403, 'user token': 403, 'startup token': 409 },
      'list deployers': { deployer: 200, admin: 200, user: 403, 'user token': 403, 'startup token': 403 },
    });
    const refused = await as(who.admin, 'POST', '/user/activate', { version: 'm1' });
    expect(refused.json()).toMatchObject({ code: 'ROLE_NOT_ALLOWED', params: { roles: 'DEPLOYER' } });
    expect((await as(who['user token'], 'POST', '', { area: 'admin', version: 'm2' })).json()).toMatchObject({
      code: 'TOKEN_AREA',
      message: 'This deploy token may not release admin',
      params: { area: 'admin' },
    });
    expect(
      (await as(who.admin, 'POST', '/tokens', { name: 'y', areas: ['public'], expiresInDays: 1 })).json(),
    ).toMatchObject({ code: 'ROLE_NOT_ALLOWED', params: { roles: 'DEPLOYER' } });
    // What each may do, for the screen.
    expect((await as(who.admin, 'GET', '/access')).json().data).toEqual({
      canDeploy: false,
      areas: [],
      canManageTokens: false,
    });
    expect((await as(who['user token'], 'GET', '/access')).json().data).toEqual({
      canDeploy: true,
      areas: ['user'],
      canManageTokens: false,
    });
  });

  it('should let an admin grant DEPLOYER to another admin, never to themselves, audited', async () => {
    const [ann, ben] = [await plainAdmin(), await plainAdmin()];
    const self = await as({ cookie: ann.cookie }, 'PATCH', `/deployers/${ann.id}`, { deployer: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('An admin cannot grant or revoke their own deploy permission');
    releaseFolder('public', 'g1');
    expect(
      (await as({ cookie: ben.cookie }, 'POST', '', { area: 'public', version: 'g1', activate: false })).statusCode,
    ).toBe(403);

    const granted = await as({ cookie: ann.cookie }, 'PATCH', `/deployers/${ben.id}`, { deployer: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      message: 'Deploy permission granted',
      data: { _id: ben.id, deployer: true },
    });
    expect((await as({ cookie: ann.cookie }, 'PATCH', `/deployers/${ben.id}`, { deployer: true })).statusCode).toBe(
      409,
    );
    expect(
      (await as({ cookie: ben.cookie }, 'POST', '', { area: 'public', version: 'g1', activate: false })).statusCode,
    ).toBe(201);
    const listed = (await as({ cookie: ann.cookie }, 'GET', '/deployers')).json().data as {
      _id: string;
      deployer: boolean;
    }[];
    expect(listed.find((entry) => entry._id === ben.id)?.deployer).toBe(true);
    expect(listed.find((entry) => entry._id === ann.id)?.deployer).toBe(false);

    expect((await as({ cookie: ann.cookie }, 'PATCH', `/deployers/${ben.id}`, { deployer: false })).statusCode).toBe(
      200,
    );
    expect((await as({ cookie: ben.cookie }, 'POST', '/public/activate', { version: 'g1' })).statusCode).toBe(403);
    const user = await t.user('Not An Admin');
    expect((await as({ cookie: ann.cookie }, 'PATCH', `/deployers/${user.id}`, { deployer: true })).statusCode).toBe(
      404,
    );
    const audit = (await t.db.execute(
      sql`select action::text, admin_id, target_user_id from audit_log
          where action::text like 'deployer_%' and target_user_id = ${ben.id} order by created_at`,
    )) as unknown as { rows: { action: string; admin_id: string }[] };
    expect(audit.rows.map((entry) => [entry.action, entry.admin_id])).toEqual([
      ['deployer_grant', ann.id],
      ['deployer_revoke', ann.id],
    ]);
  });
});

describe('deploy tokens', () => {
  const withToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.inject({ method, url: `/api/v1/releases${url}`, headers: { authorization: `Bearer ${token}` }, payload });

  it('should expire, revoke and record the use of a named token, and refuse bad ones, changing nothing', async () => {
    const create = (payload: object) => withToken(TOKEN, 'POST', '/tokens', payload);
    const made = await create({ name: 'pipeline', areas: ['public', 'user'], expiresInDays: 30 });
    expect(made.statusCode).toBe(201);
    const { token, secret } = made.json().data as { token: { _id: string; expiresAt: string }; secret: string };
    expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    expect((await create({ name: 'pipeline', areas: ['user'], expiresInDays: 1 })).statusCode).toBe(409);
    for (const [payload, message] of [
      [{ name: 'startup', areas: ['user'], expiresInDays: 1 }, /kept for the site's own token/],
      [{ name: 'Bad Name', areas: ['user'], expiresInDays: 1 }, /^name must be 1 to 40 lower-case/],
      [{ name: 'ok', areas: [], expiresInDays: 1 }, /^areas must name at least one area/],
      [{ name: 'ok', areas: ['user', 'user'], expiresInDays: 1 }, /must not name an area twice/],
      [{ name: 'ok', areas: ['user'], expiresInDays: 366 }, /at most 365 days/],
      [{ name: 'ok', areas: ['nowhere'], expiresInDays: 1 }, /must be one of/],
    ] as const) {
      const refused = await create(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }

    // Listed without its secret, its last use recorded.
    expect((await withToken(secret, 'GET', '')).statusCode).toBe(200);
    const listed = (await withToken(TOKEN, 'GET', '/tokens')).json().data as {
      _id: string;
      lastUsedAt: string | null;
    }[];
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.find((entry) => entry._id === token._id)?.lastUsedAt).not.toBeNull();

    // Expired: refused, as if it never was.
    await t.db.execute(sql`update deploy_tokens set expires_at = now() - interval '1 second' where id = ${token._id}`);
    expect((await withToken(secret, 'GET', '')).statusCode).toBe(401);
    await t.db.execute(sql`update deploy_tokens set expires_at = now() + interval '1 day' where id = ${token._id}`);
    expect((await withToken(secret, 'GET', '')).statusCode).toBe(200);

    // Revoked: refused at once; revoked once; the startup token is replaced, never revoked.
    const revoked = await withToken(TOKEN, 'DELETE', `/tokens/${token._id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    expect((await withToken(secret, 'GET', '')).statusCode).toBe(401);
    expect((await withToken(TOKEN, 'DELETE', `/tokens/${token._id}`)).statusCode).toBe(409);
    const startup = listed.find((entry) => (entry as unknown as { name: string }).name === 'startup')!;
    const kept = await withToken(TOKEN, 'DELETE', `/tokens/${startup._id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe("The startup token is replaced at the site's next start, not revoked");
    // The name is free again once revoked.
    expect((await create({ name: 'pipeline', areas: ['user'], expiresInDays: 1 })).statusCode).toBe(201);
  });

  it('should replace the startup token at each start and leave named tokens alone', async () => {
    const named = (
      await withToken(TOKEN, 'POST', '/tokens', { name: 'survivor', areas: ['admin'], expiresInDays: 2 })
    ).json().data.secret as string;
    const next = 'the-next-start-token-of-enough-length-000';
    await registerStartupToken(t.db, next);
    expect((await withToken(TOKEN, 'GET', '')).statusCode).toBe(401);
    expect((await withToken(next, 'GET', '')).statusCode).toBe(200);
    expect((await withToken(named, 'GET', '')).statusCode).toBe(200);
    // Several instances starting with the same token leave one startup token.
    await Promise.all([registerStartupToken(t.db, next), registerStartupToken(t.db, next)]);
    const startups = (await t.db.execute(
      sql`select count(*)::int as n from deploy_tokens where name = 'startup' and revoked_at is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(startups.rows[0]!.n).toBe(1);
    await registerStartupToken(t.db, TOKEN);
    expect((await withToken(TOKEN, 'GET', '')).statusCode).toBe(200);
  });

  it('should limit wrong bearer attempts per address, and always let the right token through', async () => {
    await withTestContext({ ...env, DEPLOY_TOKEN_RATE_LIMIT: '3' }, async (limited) => {
      await registerStartupToken(limited.db, TOKEN);
      const attempt = (token: string, remoteAddress = '203.0.113.9') =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v1/releases',
          remoteAddress,
          headers: { authorization: `Bearer ${token}` },
        });
      const wrong = 'wdt_wrong-guess-of-a-token-000000000000000000';
      const statuses = [];
      for (let n = 0; n < 20; n += 1) statuses.push((await attempt(`${wrong}${n}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, ...Array<number>(17).fill(429)]);
      // A token of 32 random bytes cannot be guessed, and a CI runner pool shares one address: the
      // right one passes whatever its address tried before, and the wrong ones stay refused.
      expect((await attempt(TOKEN)).statusCode).toBe(200);
      expect((await attempt(`${wrong}x`)).statusCode).toBe(429);
      // Another address is not held back.
      expect((await attempt(`${wrong}y`, '198.51.100.4')).statusCode).toBe(401);
    });
  });
});

describe('trusted origins and what is served', () => {
  it('should refuse RELEASE_ORIGINS that are not plain https origins, or http off loopback', () => {
    const origins = (value: string) => loadConfig({ RELEASE_ORIGINS: value }).releaseOrigins;
    expect(origins('https://cdn.example.com, http://127.0.0.1:8080 https://cdn.example.com/')).toEqual([
      'https://cdn.example.com',
      'http://127.0.0.1:8080',
    ]);
    expect(
      loadConfig({ PUBLIC_URL: 'https://wallet.example/', SMTP_URL: 'smtp://127.0.0.1:25' }).releaseOrigins,
    ).toEqual(['https://wallet.example']);
    for (const [value, message] of [
      ['https://*', /wildcards are refused/],
      ['https://*.example.com', /wildcards are refused/],
      ['http://cdn.example.com', /plain http is allowed on loopback only/],
      ['http://10.0.0.5:8080', /plain http is allowed on loopback only/],
      ['https://cdn.example.com/path', /no path, query, fragment or credentials/],
      ['https://user:pw@cdn.example.com', /no path, query, fragment or credentials/],
      ['https://bad_host.example', /is not a valid host name/],
      ['ftp://cdn.example.com', /only https origins/],
      ['cdn.example.com', /not an origin/],
    ] as const) {
      expect(() => origins(value)).toThrow(message);
    }
  });

  it('should serve the files of published releases only, never a page from a release folder', async () => {
    releaseFolder('public', 'unpublished');
    expect((await t.inject({ method: 'GET', url: '/releases/public/unpublished/chunk.js' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/releases/public/unpublished/remoteEntry.js' })).statusCode).toBe(
      404,
    );
    expect((await asDeployer('POST', '', { area: 'public', version: 'unpublished', activate: false })).statusCode).toBe(
      201,
    );
    expect((await t.inject({ method: 'GET', url: '/releases/public/unpublished/chunk.js' })).statusCode).toBe(200);
    writeFileSync(path.join(releasesDir, 'public', 'unpublished', 'page.html'), '<script>alert(1)</script>');
    expect((await t.inject({ method: 'GET', url: '/releases/public/unpublished/page.html' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/releases/public/' })).statusCode).toBe(404);
  });

  it('should judge the path it will serve, decoded: no page, no unpublished file and no `..` behind an encoding', async () => {
    releaseFolder('public', 'published-one');
    releaseFolder('public', 'never-published');
    expect(
      (await asDeployer('POST', '', { area: 'public', version: 'published-one', activate: false })).statusCode,
    ).toBe(201);
    writeFileSync(path.join(releasesDir, 'public', 'published-one', 'page.html'), '<script>alert(1)</script>');
    // Over real HTTP: an injected request's URL is normalised first (`%2e%2e` resolved), a browser's
    // or curl's (`--path-as-is`) reaches the server as written.
    const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const get = (url: string) =>
      new Promise<number>((resolve, reject) =>
        request({ host: origin.hostname, port: origin.port, path: url }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
          .on('error', reject)
          .end(),
      );
    expect(await get('/releases/public/published-one/remoteEntry.js')).toBe(200);
    for (const url of [
      // A page of a published release, its name encoded.
      '/releases/public/published-one/page%2ehtml',
      '/releases/public/published-one/page.htm%6c',
      '/releases/public/published-one/page.HTML',
      // Out of a published release's folder into one never published.
      '/releases/public/published-one/%2e%2e/never-published/remoteEntry.js',
      '/releases/public/published-one/%2E%2E/never-published/remoteEntry.js',
      '/releases/public/published-one/..%2fnever-published/remoteEntry.js',
      '/releases/public/published-one/%2e%2e%2fnever-published%2fremoteEntry.js',
      '/releases/public/published-one/.%2e/never-published/remoteEntry.js',
      '/releases/public/published-one/%5c..%5cnever-published/remoteEntry.js',
      // An area or a version spelt by encoding.
      '/releases/public/%2e%2e/public/published-one/remoteEntry.js',
      // `..` anywhere else.
      '/%2e%2e/%2e%2e/etc/passwd',
      '/api/v1/%2e%2e/v1/health',
      '/releases/public/published-one/../never-published/remoteEntry.js',
    ]) {
      expect({ url, status: await get(url) }).toEqual({ url, status: 404 });
    }
    // A path that cannot be decoded is refused before any route.
    expect(await get('/releases/public/published-one/%zz.js')).toBe(400);
  });
});
