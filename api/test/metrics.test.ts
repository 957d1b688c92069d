import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { checkLedgerHealth } from '../src/ledger/ledger-health';
import { createTestContext, outsideClient, withTestContext, type Person, type TestContext } from './helpers';

/*
 * Prometheus metrics at GET /metrics: what moved shows in the counters, loopback and a bearer
 * token read them, anyone else is told 404; the ledger's health comes from the maintenance job's
 * row, and every metric the checked-in Grafana dashboard names exists.
 */

const METRICS_TOKEN = 'a-metrics-token-of-24-chars-or-more';
const OUTSIDE = '203.0.113.7';

let t: TestContext;
let agent: Person;
before(async () => {
  t = await createTestContext({ METRICS_TOKEN });
  agent = await t.agent('Agent');
});
after(() => t.close());

async function scrape(options: { remoteAddress?: string; token?: string | null } = {}) {
  const token = options.token === undefined ? METRICS_TOKEN : options.token;
  return t.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The value of one series, e.g. wallet_movements_total{type="transfer",outcome="completed"}; 0 when absent. */
function valueOf(text: string, series: string) {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('should count movements by type and outcome, replays, refusals by code, and request durations by route', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    // Enough for the smallest cash-out (50 Taka) with its fee, counted before the scrape.
    await t.post('/wallet/deposit', ann, { balance: 100 });
    const before = (await scrape()).body;
    const key = { 'idempotency-key': `metrics-${ann.id}` };
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 }, key)).statusCode).toBe(201);
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 }, key)).statusCode).toBe(201);
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 6 }, key)).statusCode).toBe(422);
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 1_000 })).statusCode).toBe(400);
    expect((await t.post('/agent/cash-out', ann, { agentId: agent.id, balance: 50 })).statusCode).toBe(201);

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const moved = (series: string) => valueOf(response.body, series) - valueOf(before, series);
    expect(moved('wallet_movements_total{type="transfer",outcome="completed"}')).toBe(1);
    expect(moved('wallet_movements_total{type="transfer",outcome="replayed"}')).toBe(1);
    expect(moved('wallet_movements_total{type="transfer",outcome="refused"}')).toBe(2);
    expect(moved('wallet_movements_total{type="cash-out",outcome="completed"}')).toBe(1);
    expect(moved('wallet_idempotency_replays_total{type="transfer"}')).toBe(1);
    expect(moved('wallet_idempotency_conflicts_total{code="KEY_REUSED"}')).toBe(1);
    expect(moved('wallet_refusals_total{code="KEY_REUSED"}')).toBe(1);
    expect(moved('wallet_refusals_total{code="INSUFFICIENT_BALANCE"}')).toBe(1);
    expect(
      moved(
        'http_server_request_duration_seconds_count{http_request_method="POST",http_route="/api/v1/wallet/transfer",http_response_status_code="201"}',
      ),
    ).toBe(2);
    // Routes by their pattern, never their ids.
    await t.inject({ method: 'GET', url: `/api/v1/wallet/user/${ann.id}`, cookie: ann.cookie });
    expect((await scrape()).body).toContain('http_route="/api/v1/wallet/user/:userId"');
    expect((await scrape()).body).not.toContain(ann.id);
    expect(response.body).toMatch(/^wallet_event_streams_open 0$/m);
    expect(response.body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('should answer the bearer token alone when one is set, and tell anyone else 404', async () => {
    expect((await scrape({ remoteAddress: OUTSIDE })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
    for (const remoteAddress of [OUTSIDE, '127.0.0.1', '::1']) {
      const refused = await scrape({ remoteAddress, token: null });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND' });
      expect((await scrape({ remoteAddress, token: 'not-the-token-not-the-token' })).statusCode).toBe(404);
    }
  });

  it('should answer this machine without a token only while no proxy names the client', async () => {
    await withTestContext({}, async (open) => {
      const get = (remoteAddress: string) => open.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect((await get('::1')).statusCode).toBe(200);
      expect((await get('::ffff:127.0.0.1')).statusCode).toBe(200);
      expect((await get(OUTSIDE)).statusCode).toBe(404);
    });
    // A proxy on this host (TRUST_PROXY): its connections are loopback whoever the visitor is.
    await withTestContext({ TRUST_PROXY: '1' }, async (proxied) => {
      const direct = await proxied.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(direct.statusCode).toBe(404);
      const forwarded = await proxied.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(404);
    });
  });

  it('should not trust a client-written X-Forwarded-For without TRUST_PROXY', async () => {
    await withTestContext({}, async (open) => {
      const forged = await open.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: OUTSIDE,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
    });
  });
});

describe("the ledger's health", () => {
  it('should be checked incrementally by the maintenance job and read from its row by every scrape', async () => {
    const [ann, ben] = [await t.user('Ann'), await t.user('Ben')];
    await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 3 });
    expect(await checkLedgerHealth(t.db, 0)).toBe(true);
    const rows = async () =>
      (
        (await t.db.execute(sql`
        select checked_through_id::text as mark, entries_net::text as net, negative_wallets as negatives,
               (select max(id)::text from ledger_entries) as newest
        from ledger_health`)) as unknown as { rows: { mark: string; net: string; negatives: number; newest: string }[] }
      ).rows[0]!;
    const first = await rows();
    expect(first).toEqual({ mark: first.newest, net: '0', negatives: 0, newest: first.newest });
    // Entries younger than the settling time wait for a later round.
    await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 2 });
    await checkLedgerHealth(t.db);
    expect((await rows()).mark).toBe(first.mark);
    await checkLedgerHealth(t.db, 0);
    expect((await rows()).mark).toBe((await rows()).newest);

    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const healthy = (await scrape()).body;
    expect(valueOf(healthy, 'wallet_ledger_healthy')).toBe(1);
    expect(valueOf(healthy, 'wallet_ledger_entries_net_poisha')).toBe(0);
    expect(valueOf(healthy, 'wallet_ledger_negative_wallets')).toBe(0);
    expect(valueOf(healthy, 'wallet_ledger_health_checked_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });
});

describe("PostgreSQL's NOTIFY queue", () => {
  it('should show as in use while a listener in an open transaction holds it', async () => {
    const usage = async () => {
      const text = (await scrape()).body;
      expect(text).toMatch(/^wallet_notify_queue_usage_ratio /m);
      return valueOf(text, 'wallet_notify_queue_usage_ratio');
    };
    expect(await usage()).toBe(0);
    // The embedded database has one connection: no other session can listen and hold the queue.
    if (t.database.kind === 'pglite') return;
    const listener = await outsideClient(t.database);
    const sender = await outsideClient(t.database);
    try {
      await listener.query('LISTEN queue_test');
      await listener.query('BEGIN');
      await listener.query('SELECT 1');
      for (let n = 0; n < 1000; n += 1) await sender.query(`NOTIFY queue_test, '${String(n).padStart(1000, 'x')}'`);
      expect(await usage()).toBeGreaterThan(0);
      await listener.query('COMMIT');
    } finally {
      await listener.end();
      await sender.end();
    }
  });
});

describe('the Grafana dashboard', () => {
  it('should name only metrics the API exposes', async () => {
    const dashboard = JSON.parse(
      readFileSync(path.resolve(__dirname, '../../deploy/grafana-dashboard.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const exposed = (await scrape()).body;
    const named = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        // Label names (in `by (...)` and selectors) are not metrics.
        .map((expr) => expr.replace(/\bby \([^)]*\)/g, '').replace(/\{[^}]*\}/g, ''))
        .flatMap((expr) =>
          [...expr.matchAll(/\b((?:http|wallet|nodejs|process)_[a-z0-9_]+)/g)].map((match) => match[1]!),
        ),
    );
    expect(named.size).toBeGreaterThan(10);
    // The embedded database has one in-process connection, and no pool to show.
    const absentHere = new Set(t.database.kind === 'pglite' ? ['wallet_db_pool_connections'] : []);
    const missing = [...named].filter(
      (name) => !absentHere.has(name) && !new RegExp(`^${name}[{ ]`, 'm').test(exposed),
    );
    expect(missing).toEqual([]);
  });
});
