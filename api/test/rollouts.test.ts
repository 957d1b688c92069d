import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { registerStartupToken } from '../src/site/deploy-tokens';
import { checkRollouts } from '../src/site/release-stats';
import { pruneReleaseFiles } from '../src/site/release-pruning';
import { publishCheckoutBuilds } from '../src/site/releases';
import { bucketOf, newBrowserId } from '../src/site/rollouts';
import { issueReportToken } from '../src/site/report-tokens';
import { createTestContext, type Person, type TestContext, TEST_VAPID } from './helpers';

/**
 * Gradual rollout: a release live for a share of visitors (by their browser's bucket) or admins
 * only, promoted or rolled back; page views and errors counted per release; a rollout whose error
 * rate runs away rolled back by the system.
 */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-rollouts-'));
const releasesDir = path.join(root, 'releases');
mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
writeFileSync(
  path.join(root, 'host', 'dist', 'index.html'),
  '<!doctype html><html><head><title>host</title></head></html>',
);
const TOKEN = 'a-rollout-deploy-token-of-enough-length-01';

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext({ SITE_ROOT: root, RELEASES_DIR: releasesDir, CLIENT_REPORT_RATE_LIMIT: '1000' });
  admin = await t.admin();
  await registerStartupToken(t.db, TOKEN);
});
after(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

function releaseFolder(area: string, version: string) {
  const dir = path.join(releasesDir, area, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: area, version }));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var wallet_${area} = ${JSON.stringify(version)};`);
}

const deploy = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.inject({ method, url: `/api/v1/releases${url}`, headers: { authorization: `Bearer ${TOKEN}` }, payload });

async function publish(area: string, ...versions: string[]) {
  for (const version of versions) {
    releaseFolder(area, version);
    expect((await deploy('POST', '', { area, version, activate: false })).statusCode).toBe(201);
  }
}

/** Browser ids whose bucket for `area` is below `share`, and at or above it. */
function browsersAround(area: 'user' | 'agent' | 'public', share: number) {
  let inside: string | undefined;
  let outside: string | undefined;
  while (!inside || !outside) {
    const id = newBrowserId();
    if (bucketOf(id, area) < share) inside ??= id;
    else outside ??= id;
  }
  return { inside, outside };
}

/** The runtime config a browser with these cookies gets. */
const configFor = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/app-config.json', headers: { cookie } })).json() as {
    remotes: Record<string, string>;
    releases: Record<string, string>;
    reportToken: string;
  };

describe('gradual rollout', () => {
  it('should serve a 50% rollout to the browsers in its share only, each keeping its own release', async () => {
    await publish('user', 'u1', 'u2');
    expect((await deploy('POST', '/user/activate', { version: 'u1' })).statusCode).toBe(200);
    const rolled = await deploy('POST', '/user/rollout', { version: 'u2', share: 50 });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().message).toBe('Release is rolling out to 50% of visitors');
    expect(rolled.json().data.candidate).toMatchObject({
      release: { version: 'u2' },
      audience: 'share',
      share: 50,
      by: 'token startup',
    });

    const { inside, outside } = browsersAround('user', 50);
    for (let visit = 0; visit < 3; visit += 1) {
      expect((await configFor(`wallet_bucket=${inside}`)).releases.user).toBe('u2');
      expect((await configFor(`wallet_bucket=${outside}`)).releases.user).toBe('u1');
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/user/overview',
      headers: { cookie: `wallet_bucket=${inside}` },
    });
    expect(page.body).toContain('/releases/user/u2/mf-manifest.json');

    // A first visit is given its browser id, and keeps it.
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const given = first.cookies.find((cookie) => cookie.name === 'wallet_bucket')!;
    expect(given).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(given.value).toMatch(/^[\w-]{22}$/);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `wallet_bucket=${given.value}` } });
    expect(again.cookies.find((cookie) => cookie.name === 'wallet_bucket')).toBeUndefined();

    // Promoted: everyone on u2; the switches say how it went.
    const promoted = await deploy('POST', '/user/promote');
    expect(promoted.json().data).toMatchObject({ live: { version: 'u2' }, candidate: null });
    expect((await configFor(`wallet_bucket=${outside}`)).releases.user).toBe('u2');
    expect(
      promoted
        .json()
        .data.switches.slice(0, 3)
        .map((s: { kind: string; share: number | null; from: string; to: string }) => [s.kind, s.share, s.from, s.to]),
    ).toEqual([
      ['promote', null, 'u1', 'u2'],
      ['rollout', 50, 'u1', 'u2'],
      ['switch', null, null, 'u1'],
    ]);
  });

  it('should show a preview to admins only, and end it on a rollback', async () => {
    await publish('agent', 'a1', 'a2');
    await deploy('POST', '/agent/activate', { version: 'a1' });
    const preview = await deploy('POST', '/agent/rollout', { version: 'a2', audience: 'admins' });
    expect(preview.json().data.candidate).toMatchObject({ audience: 'admins', share: null });
    const browser = newBrowserId();
    const user = await t.user('Preview Outsider');
    expect((await configFor(`wallet_bucket=${browser}`)).releases.agent).toBe('a1');
    expect((await configFor(`wallet_bucket=${browser}; wallet_session=${user.cookie}`)).releases.agent).toBe('a1');
    expect((await configFor(`wallet_bucket=${browser}; wallet_session=${admin.cookie}`)).releases.agent).toBe('a2');

    const ended = await deploy('POST', '/agent/rollback');
    expect(ended.json().data).toMatchObject({ live: { version: 'a1' }, candidate: null });
    expect((await configFor(`wallet_bucket=${browser}; wallet_session=${admin.cookie}`)).releases.agent).toBe('a1');
    // With no rollout, a rollback goes back to the release live before: never to the preview
    // just ended, which was never live for everyone (a1 came first: nothing before it).
    expect((await deploy('POST', '/agent/rollback')).statusCode).toBe(409);
    await deploy('POST', '/agent/activate', { version: 'a2' });
    expect((await deploy('POST', '/agent/rollback')).json().data.live.version).toBe('a1');
  });

  it('should refuse rollouts that cannot be, changing nothing', async () => {
    await publish('public', 'p1');
    const cases: [Awaited<ReturnType<typeof deploy>>, number, RegExp][] = [
      [await deploy('POST', '/public/rollout', { version: 'p1', share: 10 }), 409, /has no live release/],
      [await deploy('POST', '/public/promote'), 409, /has no live release/],
    ];
    await deploy('POST', '/public/activate', { version: 'p1' });
    cases.push(
      [await deploy('POST', '/public/rollout', { version: 'p1', share: 10 }), 409, /already live/],
      [await deploy('POST', '/public/rollout', { version: 'p9', share: 10 }), 404, /Release not found/],
      [await deploy('POST', '/public/rollout', { version: 'p1', share: 100 }), 400, /at most 99 percent/],
      [await deploy('POST', '/public/rollout', { version: 'p1' }), 400, /share is given for a rollout/],
      [await deploy('POST', '/public/rollout', { version: 'p1', audience: 'admins', share: 5 }), 400, /share is given/],
      [await deploy('POST', '/public/promote'), 409, /No release is rolling out/],
      [await deploy('POST', '/public/rollback'), 409, /no earlier release/],
    );
    for (const [response, status, message] of cases) {
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
    }
  });
});

describe('client reports and automatic rollback', () => {
  const report = (reports: object[], token?: string, remoteAddress = '203.0.113.70') =>
    t.app.inject({ method: 'POST', url: '/api/v1/client-reports', payload: { token, reports }, remoteAddress });
  const many = (count: number, area: string, release: string, kind: string) =>
    Array.from({ length: count }, () => ({ area, release, kind }));
  /** The report token of a page that was given `release` of `area`, as the site writes it. */
  async function tokenFor(area: 'user' | 'agent' | 'public' | 'admin', release: string) {
    for (let tries = 0; tries < 50; tries += 1) {
      const config = await configFor(`wallet_bucket=${newBrowserId()}`);
      if (config.releases[area] === release) return config.reportToken;
    }
    throw new Error(`no page is given ${area} ${release}`);
  }
  /**
   * `count` reports from pages given `release`, spread evenly over `networks` client networks (one
   * address each, from `10.<first>.<n>.1`), each network's in bodies of at most 20.
   */
  async function send(
    count: number,
    area: 'user' | 'agent' | 'public' | 'admin',
    release: string,
    kind: string,
    { networks = 20, first = 0 }: { networks?: number; first?: number } = {},
  ) {
    const token = await tokenFor(area, release);
    for (let network = 0; network < networks; network += 1) {
      const share = Math.floor(count / networks) + (network < count % networks ? 1 : 0);
      for (let sent = 0; sent < share; sent += 20) {
        const response = await report(
          many(Math.min(20, share - sent), area, release, kind),
          token,
          `10.${first}.${network}.1`,
        );
        expect(response.statusCode).toBe(202);
      }
    }
  }
  /** One network's reports, sent with the tokens of `pages` different pages, as a forger would. */
  async function forge(count: number, area: 'agent', release: string, kind: string, pages = 30) {
    const tokens = await Promise.all(Array.from({ length: pages }, () => tokenFor(area, release)));
    for (let sent = 0; sent < count; sent += 20) {
      const token = tokens[(sent / 20) % pages];
      expect(
        (await report(many(Math.min(20, count - sent), area, release, kind), token, '203.0.113.66')).statusCode,
      ).toBe(202);
    }
  }
  const rule = { minViews: 200, minNetworks: 5, ratio: 2 };
  const rejected = async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (reason: string) =>
      Number(new RegExp(`wallet_client_reports_rejected_total\\{reason="${reason}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
    return { token: value('token'), release: value('release') };
  };

  it('should need CLIENT_REPORT_SECRET with DATABASE_URL, and never take the PIN secret for it', () => {
    const production = {
      DATABASE_URL: 'postgres://wallet@127.0.0.1/wallet',
      SMTP_URL: 'smtp://127.0.0.1:25',
      PUBLIC_URL: 'https://wallet.example',
      PIN_SECRET: 'a pin secret of at least thirty-two characters',
      ...TEST_VAPID,
    };
    expect(() => loadConfig(production)).toThrow(/CLIENT_REPORT_SECRET is required with DATABASE_URL/);
    expect(() => loadConfig({ ...production, CLIENT_REPORT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ ...production, CLIENT_REPORT_SECRET: production.PIN_SECRET })).toThrow(
      /CLIENT_REPORT_SECRET must not be a PIN secret/,
    );
    expect(
      loadConfig({ ...production, CLIENT_REPORT_SECRET: 'a report secret of at least 32 characters' }),
    ).toMatchObject({ clientReportSecret: 'a report secret of at least 32 characters' });
  });

  it('should count only reports whose page the site wrote: a forged, stale or foreign token counts nothing', async () => {
    await publish('admin', 'f1');
    expect((await deploy('POST', '/admin/activate', { version: 'f1' })).statusCode).toBe(200);
    const written = async () =>
      (
        (await t.db.execute(sql`select coalesce(sum(views), 0)::int as views, coalesce(sum(errors), 0)::int as errors
        from release_stats s join releases r on r.id = s.release_id where r.area = 'admin' and r.version = 'f1'`)) as unknown as {
          rows: { views: number; errors: number }[];
        }
      ).rows[0];
    const before = await rejected();
    const token = await tokenFor('admin', 'f1');
    // No token, a made-up one, one signed with another key, and one past its two hours.
    const [payload] = token.split('.');
    const stale = issueReportToken(
      t.app.config.clientReportSecret!,
      { releases: { admin: 'f1' }, bucket: 'b' },
      Date.now() - 3 * 3600_000,
    );
    const foreign = issueReportToken('another site entirely, 32 characters', {
      releases: { admin: 'f1' },
      bucket: 'b',
    });
    for (const forged of [undefined, 'forged', `${payload}.AAAA`, foreign, stale]) {
      expect((await report(many(10, 'admin', 'f1', 'error'), forged)).statusCode).toBe(202);
    }
    // A real token, but naming a release its page was not given.
    expect((await report(many(3, 'admin', 'other', 'error'), token)).statusCode).toBe(202);
    expect((await report(many(2, 'admin', 'f1', 'view'), token)).statusCode).toBe(202);
    await t.app.releaseCounter.flush();
    expect(await written()).toEqual({ views: 2, errors: 0 });
    const after = await rejected();
    expect({ token: after.token - before.token, release: after.release - before.release }).toEqual({
      token: 50,
      release: 3,
    });
  });

  it('should count page views and errors per release in memory, written in batches', async () => {
    await publish('admin', 'm1');
    expect((await deploy('POST', '/admin/activate', { version: 'm1' })).statusCode).toBe(200);
    await send(30, 'admin', 'm1', 'view');
    await send(3, 'admin', 'm1', 'error');
    await send(1, 'admin', 'm1', 'unavailable');
    // Nothing written per report: the counts go in when the instance flushes.
    const written = async () =>
      (
        (await t.db.execute(sql`select coalesce(sum(views), 0)::int as views, coalesce(sum(errors), 0)::int as errors
        from release_stats s join releases r on r.id = s.release_id where r.area = 'admin' and r.version = 'm1'`)) as unknown as {
          rows: { views: number; errors: number }[];
        }
      ).rows[0];
    expect(await written()).toEqual({ views: 0, errors: 0 });
    await t.app.releaseCounter.flush();
    expect(await written()).toEqual({ views: 30, errors: 4 });
    const listed = (await deploy('GET', '')).json().data.find((entry: { area: string }) => entry.area === 'admin');
    expect(listed.releases.find((release: { version: string }) => release.version === 'm1')).toMatchObject({
      views: 30,
      errors: 4,
    });

    // Bad or oversized reports are refused; an unknown release is dropped quietly.
    const token = await tokenFor('admin', 'm1');
    expect((await report(many(21, 'admin', 'm1', 'view'), token)).statusCode).toBe(400);
    expect((await report([{ area: 'admin', release: 'm1', kind: 'crash' }], token)).statusCode).toBe(400);
    expect((await report([{ area: 'admin', release: 'm1', kind: 'view', message: 'x' }], token)).statusCode).toBe(400);
    expect((await report(many(1, 'admin', 'never-published', 'error'), token)).statusCode).toBe(202);
    await t.app.releaseCounter.flush();
    expect(await written()).toEqual({ views: 30, errors: 4 });
  });

  it('should roll back, as the system, a rollout whose error rate is more than twice the live release', async () => {
    await publish('agent', 'bad');
    // The agent area is on a1 (above); `bad` goes to half the visitors.
    expect((await deploy('POST', '/agent/rollout', { version: 'bad', share: 50 })).statusCode).toBe(200);
    await send(199, 'agent', 'bad', 'view');
    await send(40, 'agent', 'bad', 'error');
    await send(200, 'agent', 'a1', 'view');
    await send(2, 'agent', 'a1', 'error');
    await t.app.releaseCounter.flush();
    // 199 views: not yet judged.
    expect(await checkRollouts(t.db, rule)).toEqual([]);
    await send(1, 'agent', 'bad', 'view');
    await t.app.releaseCounter.flush();
    expect(await checkRollouts(t.db, rule)).toEqual(['agent']);

    const state = (await deploy('GET', '')).json().data.find((entry: { area: string }) => entry.area === 'agent');
    expect(state.candidate).toBeNull();
    expect(state.live.version).toBe('a1');
    expect(state.switches[0]).toMatchObject({ kind: 'auto_rollback', from: 'bad', to: 'a1', switchedBy: 'system' });
    expect((await configFor(`wallet_bucket=${browsersAround('agent', 50).inside}`)).releases.agent).toBe('a1');
    const audit = (await t.db.execute(
      sql`select admin_id, target_user_id, reason from audit_log where action = 'release_auto_rollback'`,
    )) as unknown as { rows: { admin_id: string | null; target_user_id: string | null; reason: string }[] };
    expect(audit.rows).toEqual([
      {
        admin_id: null,
        target_user_id: null,
        reason:
          'agent bad rolled back to a1: 40 errors in 200 page views (200.0 per 1,000), errors from 20 of 20 networks, against 10.0 per 1,000 for the live release',
      },
    ]);
    // Nothing more to do.
    expect(await checkRollouts(t.db, rule)).toEqual([]);
  });

  it('should leave a rollout whose error rate is within twice the live release', async () => {
    await publish('agent', 'fine');
    await deploy('POST', '/agent/rollout', { version: 'fine', share: 50 });
    await send(200, 'agent', 'fine', 'view');
    await send(4, 'agent', 'fine', 'error');
    await send(200, 'agent', 'a1', 'view');
    await send(2, 'agent', 'a1', 'error');
    await t.app.releaseCounter.flush();
    expect(await checkRollouts(t.db, rule)).toEqual([]);
    await deploy('POST', '/agent/rollback');
  });

  it("should let one network's reports, from many pages' tokens, neither force a rollback nor block one", async () => {
    // Force: a good rollout (1% errors, as the live release), and one network's 1,000 errors.
    await publish('agent', 'good', 'broken');
    await deploy('POST', '/agent/rollout', { version: 'good', share: 50 });
    await send(200, 'agent', 'good', 'view', { first: 1 });
    await send(2, 'agent', 'good', 'error', { first: 1 });
    await send(200, 'agent', 'a1', 'view', { first: 2 });
    await send(2, 'agent', 'a1', 'error', { first: 2 });
    await forge(1000, 'agent', 'good', 'error');
    await t.app.releaseCounter.flush();
    expect(await checkRollouts(t.db, rule)).toEqual([]);
    // The Releases screen shows what was reported, and from how many networks.
    const listed = (await deploy('GET', '')).json().data.find((entry: { area: string }) => entry.area === 'agent');
    expect(listed.releases.find((release: { version: string }) => release.version === 'good')).toMatchObject({
      views: 200,
      errors: 1002,
      networks: 21,
    });
    await deploy('POST', '/agent/rollback');

    // Block: a broken rollout (20% errors), and one network's 1,000 errors against the live
    // release and 1,000 views of the broken one, to make it look no worse.
    await deploy('POST', '/agent/rollout', { version: 'broken', share: 50 });
    await send(200, 'agent', 'broken', 'view', { first: 3 });
    await send(40, 'agent', 'broken', 'error', { first: 3 });
    await send(1000, 'agent', 'a1', 'view', { first: 4, networks: 50 });
    await send(10, 'agent', 'a1', 'error', { first: 4, networks: 50 });
    await forge(1000, 'agent', 'a1', 'error');
    await forge(1000, 'agent', 'broken', 'view');
    await t.app.releaseCounter.flush();
    expect(await checkRollouts(t.db, rule)).toEqual(['agent']);
  });

  it('should limit reports per address', async () => {
    const limited = await createTestContext({ CLIENT_REPORT_RATE_LIMIT: '2' });
    try {
      const statuses = [];
      for (let n = 0; n < 3; n += 1) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/v1/client-reports',
              payload: { reports: [{ area: 'user', release: 'x', kind: 'view' }] },
              remoteAddress: '198.51.100.77',
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('pruning old releases', () => {
  it('should delete the files of all but the 5 newest, the live, the rolling out and the recently left releases, keeping every row', async () => {
    const versions = Array.from({ length: 9 }, (_, n) => `h${n + 1}`);
    await publish('user', ...versions);
    // h2 is live, h3 was left just now (recent), h1 was left long ago; h4 is rolling out.
    await deploy('POST', '/user/activate', { version: 'h1' });
    await deploy('POST', '/user/activate', { version: 'h3' });
    await deploy('POST', '/user/activate', { version: 'h2' });
    await deploy('POST', '/user/rollout', { version: 'h4', share: 10 });
    await t.db.execute(sql`update release_switches set switched_at = switched_at - interval '2 days'
      where to_release_id = (select id from releases where area = 'user' and version = 'h3')`);
    await t.db.execute(sql`update release_switches set switched_at = switched_at - interval '3 days'
      where to_release_id = (select id from releases where area = 'user' and version = 'h1')`);
    // A folder copied but not published yet is nobody's to delete.
    releaseFolder('user', 'being-copied');

    const pruned = await pruneReleaseFiles(t.db, releasesDir);
    // Of u1, u2 (published above): u1 was left by a promotion just now, u2 days ago. Of h1..h9 the
    // 5 newest are h5..h9.
    expect(pruned.sort()).toEqual(['user/h1', 'user/u2']);
    const left = (version: string) => existsSync(path.join(releasesDir, 'user', version));
    for (const kept of ['u1', 'h2', 'h3', 'h4', 'h5', 'h9', 'being-copied'])
      expect({ kept, left: left(kept) }).toEqual({ kept, left: true });
    for (const gone of ['h1', 'u2']) expect(left(gone)).toBe(false);
    // Rows stay: a pruned version is never published again.
    releaseFolder('user', 'h1');
    expect((await deploy('POST', '', { area: 'user', version: 'h1' })).statusCode).toBe(409);
    expect(await pruneReleaseFiles(t.db, releasesDir)).toEqual(['user/h1']);
    await deploy('POST', '/user/rollback');
  });
});

describe('the checkout published at start', () => {
  it('should publish the host built for its release path, and each remote, once; a host built for / stays unpublished', async () => {
    const checkout = mkdtempSync(path.join(tmpdir(), 'wallet-checkout-'));
    try {
      const dist = (name: string) => path.join(checkout, name, 'dist');
      mkdirSync(dist('host'), { recursive: true });
      writeFileSync(
        path.join(dist('host'), 'index.html'),
        '<!doctype html><html><head></head><body>built for /</body></html>',
      );
      mkdirSync(dist('remote-agent'), { recursive: true });
      writeFileSync(path.join(dist('remote-agent'), 'mf-manifest.json'), '{"id":"agent","checkout":true}');
      writeFileSync(path.join(dist('remote-agent'), 'remoteEntry.js'), 'var wallet_agent = "checkout";');
      // SKIP_AREAS=agent: its build stays in the checkout, for `pnpm release agent` to publish.
      const skipAreas = loadConfig({ SKIP_AREAS: 'agent' }).skipAreas;
      expect(await publishCheckoutBuilds(t.db, checkout, releasesDir, skipAreas)).toEqual([]);
      // The site itself (host, public) and names outside the registry cannot be skipped.
      for (const refused of ['host', 'public', 'shop'])
        expect(() => loadConfig({ SKIP_AREAS: refused })).toThrow(/SKIP_AREAS/);
      // Built by `pnpm build` for `/`: no release.json, not a release.
      let published = await publishCheckoutBuilds(t.db, checkout, releasesDir);
      expect(published).toEqual([expect.stringMatching(/^agent build-[0-9a-f]{12}$/)]);

      // Built by `pnpm start` for /releases/host/<version>/: published and live, its page served.
      const version = 'build-20261125160000-0a1b2c3d';
      writeFileSync(
        path.join(dist('host'), 'index.html'),
        `<!doctype html><html><head></head><body>host ${version}</body></html>`,
      );
      writeFileSync(path.join(dist('host'), 'release.json'), JSON.stringify({ version }));
      published = await publishCheckoutBuilds(t.db, checkout, releasesDir);
      expect(published).toEqual([`host ${version}`]);
      expect(await publishCheckoutBuilds(t.db, checkout, releasesDir)).toEqual([]);
      const host = (await deploy('GET', '')).json().data.find((entry: { area: string }) => entry.area === 'host');
      expect(host.live).toMatchObject({ version, createdBy: 'pnpm start', origin: 'self' });
      expect((await t.app.inject({ method: 'GET', url: '/user/overview' })).body).toContain(`host ${version}`);
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  });
});
