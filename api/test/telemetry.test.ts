import { after, before, describe, it } from 'node:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { startTelemetry } from '../src/telemetry';
import type * as Helpers from './helpers';

/*
 * Traces over OTLP/HTTP to a receiver this test runs: a span per request and per PostgreSQL
 * query, the trace id on the request's log lines and in the audit rows it writes (the API's own
 * and the ledger functions'), and no parameter value in any span.
 */

interface ExportedSpan {
  traceId: string;
  name: string;
  links?: { traceId: string; spanId: string }[];
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
}

const received: ExportedSpan[] = [];
let receiver: Server;
let stopTelemetry: (() => Promise<void>) | undefined;
let helpers: typeof Helpers;
let t: Helpers.TestContext;

before(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const resource of payload.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  // JSON, so this receiver reads what it is sent; production sends the protocol's protobuf.
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
  // Telemetry first, then the database driver and the app, as server.ts starts them.
  stopTelemetry = await startTelemetry();
  helpers = await import('./helpers');
  // At trace level, so no line any level writes can keep a secret (the redaction test reads them all).
  t = await helpers.createTestContext({ LOG_LEVEL: 'trace' });
});
after(async () => {
  await t.close();
  await stopTelemetry?.();
  receiver.close();
});

const attribute = (span: ExportedSpan, key: string) =>
  span.attributes.find((entry) => entry.key === key)?.value.stringValue;

async function exported(match: (span: ExportedSpan) => boolean) {
  const end = Date.now() + 5_000;
  for (;;) {
    const found = received.find(match);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no such span among ${received.map((span) => span.name).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('traces', () => {
  it("should export a span per request, and name its trace on the request's log lines and audit rows", async () => {
    const admin = await t.admin();
    const [ann, ben] = [await t.user('Ann Traced'), await t.user('Ben Traced')];
    const blocked = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/block/${ann.walletId}`,
      cookie: admin.cookie,
    });
    expect(blocked.statusCode).toBe(200);
    // Probes and scrapes are not traced, and answer as ever.
    expect((await t.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);

    const span = await exported((candidate) => attribute(candidate, 'http.route') === '/api/v1/admin/block/:walletId');
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    const { rows } = (await t.db.execute(
      sql`select trace_id from audit_log where action = 'block' and wallet_id = ${ann.walletId}`,
    )) as unknown as { rows: { trace_id: string | null }[] };
    expect(rows[0]!.trace_id).toBe(span.traceId);
    const lines = t.logs.filter((line) => line.includes(`/api/v1/admin/block/${ann.walletId}`));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ trace_id: span.traceId });

    // A row the ledger's own function writes (a reversal) names its request's trace too.
    await t.inject({ method: 'PATCH', url: `/api/v1/admin/unblock/${ann.walletId}`, cookie: admin.cookie });
    const sent = (await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 5 })).json().data.transaction;
    const reversed = await t.inject({
      method: 'POST',
      url: `/api/v1/admin/reverse/${sent._id}`,
      cookie: admin.cookie,
      payload: { reason: 'Traced reversal' },
    });
    expect(reversed.statusCode).toBe(201);
    const reverseSpan = await exported(
      (candidate) => attribute(candidate, 'http.route') === '/api/v1/admin/reverse/:id',
    );
    const audit = (await t.db.execute(
      sql`select trace_id from audit_log where action = 'reverse' and transaction_id = ${reversed.json().data._id}`,
    )) as unknown as { rows: { trace_id: string | null }[] };
    expect(audit.rows[0]!.trace_id).toBe(reverseSpan.traceId);

    // And the PIN lock the money statement itself writes, on the third wrong PIN in a row.
    const dan = await t.user('Dan Traced');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await t.inject({
        method: 'POST',
        url: '/api/v1/wallet/transfer',
        cookie: dan.cookie,
        headers: { 'idempotency-key': `traced-pin-${attempt}`, 'x-wallet-pin': '97531' },
        payload: { receiverId: ben.id, balance: 1 },
      });
      expect(wrong.json().code).toBe(attempt < 2 ? 'PIN_WRONG' : 'PIN_LOCKED');
    }
    const locked = (await t.db.execute(
      sql`select trace_id from audit_log where action = 'pin_lock' and target_user_id = ${dan.id}`,
    )) as unknown as { rows: { trace_id: string | null }[] };
    expect(locked.rows).toHaveLength(1);
    expect(locked.rows[0]!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    await exported(
      (candidate) =>
        candidate.traceId === locked.rows[0]!.trace_id &&
        attribute(candidate, 'http.route') === '/api/v1/wallet/transfer',
    );
  });

  it("should start a trace of its own whatever the caller sends, and keep the caller's only as a link", async () => {
    const admin = await t.admin();
    const eve = await t.user('Eve Traced');
    const forged = 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0';
    const blocked = await t.inject({
      method: 'PATCH',
      url: `/api/v1/admin/block/${eve.walletId}`,
      cookie: admin.cookie,
      headers: { traceparent: `00-${forged}-00f067aa0ba902b7-01` },
    });
    expect(blocked.statusCode).toBe(200);
    const { rows } = (await t.db.execute(
      sql`select trace_id from audit_log where action = 'block' and wallet_id = ${eve.walletId}`,
    )) as unknown as { rows: { trace_id: string | null }[] };
    expect(rows[0]!.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.trace_id).not.toBe(forged);
    const span = await exported(
      (candidate) =>
        candidate.traceId === rows[0]!.trace_id &&
        attribute(candidate, 'http.route') === '/api/v1/admin/block/:walletId',
    );
    expect(span.links).toEqual([expect.objectContaining({ traceId: forged, spanId: '00f067aa0ba902b7' })]);
    expect(received.some((candidate) => candidate.traceId === forged)).toBe(false);
  });

  it('should keep no token, code or searched-for email in a span or a log line', async () => {
    const admin = await t.admin();
    const sought = await t.user('Sought Traced');
    const token = 'a-secret-verification-token-0123456789';
    await t.inject({ method: 'GET', url: `/verify-email?token=${token}` });
    await t.inject({ method: 'GET', url: `/api/v1/auth/google/callback?code=${token}&state=${token}` });
    const searched = await t.inject({
      method: 'GET',
      url: `/api/v1/admin/users?search=${encodeURIComponent(sought.email)}`,
      cookie: admin.cookie,
    });
    expect(searched.statusCode).toBe(200);
    const span = await exported((candidate) => attribute(candidate, 'http.route') === '/api/v1/admin/users');
    expect(attribute(span, 'url.path')).toBe('/api/v1/admin/users?search=redacted');
    await exported((candidate) => attribute(candidate, 'url.path')?.startsWith('/verify-email') === true);
    const everything = JSON.stringify(received) + t.logs.join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(sought.email);
    expect(everything).not.toContain(encodeURIComponent(sought.email));
  });

  it(
    'should export PostgreSQL queries as spans of their request, with no parameter value',
    {
      skip: process.env.TEST_DB !== 'postgres' && 'the embedded database has no driver to instrument',
    },
    async () => {
      const cara = await t.user('Cara Traced');
      const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: cara.cookie });
      expect(me.statusCode).toBe(200);
      const request = await exported((candidate) => attribute(candidate, 'http.route') === '/api/v1/user/me');
      const query = await exported(
        (candidate) =>
          candidate.traceId === request.traceId && candidate.attributes.some((entry) => /^db\./.test(entry.key)),
      );
      expect(query.traceId).toBe(request.traceId);
      // The session token's hash, the email and the name are parameters: never in a span.
      const everything = JSON.stringify(received);
      expect(everything).not.toContain(cara.email);
      expect(everything).not.toContain(cara.cookie);
      expect(everything).not.toContain(helpers.PASSWORD);
    },
  );
});
