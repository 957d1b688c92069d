import { after, before, describe, it } from 'node:test';
import { request, type IncomingMessage } from 'node:http';
import { expect } from 'expect';
import type { WalletEvent } from '@wallet/shared/contracts';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { SESSION_COOKIE } from '../src/identity/sessions';
import {
  TEST_PIN_SECRET,
  createTestContext,
  outsideClient,
  TEST_PASSWORD_COST,
  type Person,
  type TestContext,
  fundCommissionFloat,
} from './helpers';

/**
 * GET /api/v1/events through a real listening server (inject cannot stream): what each person's
 * stream receives when money moves or a wallet is blocked, by anyone's action.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const PING_MS = 300;

let t: TestContext;
let base: string;
before(async () => {
  t = await createTestContext({}, (app) => {
    app.walletEvents.pingMs = PING_MS;
  });
  await fundCommissionFloat(t.db);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
after(() => t.close());

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every event and comment so far, in order. */
  received: { event?: string; data?: string; comment?: string; retry?: string }[];
  ended: Promise<void>;
  /** Resolves with the first wallet event matching, or rejects after `ms`. */
  next(match: (event: WalletEvent) => boolean, ms?: number): Promise<WalletEvent>;
  wallets(): WalletEvent[];
  body(): string;
  close(): void;
}

function openStream(origin: string, person?: Person, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/api/v1/events`, {
      headers: {
        accept: 'text/event-stream',
        ...headers,
        ...(person ? { cookie: `${SESSION_COOKIE}=${person.cookie}` } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let buffer = '';
      let text = '';
      const received: Stream['received'] = [];
      const waiters = new Set<() => void>();
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const message: Stream['received'][number] = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) message.comment = line.slice(1).trim();
            else {
              const colon = line.indexOf(':');
              const field = line.slice(0, colon) as 'event' | 'data' | 'retry';
              message[field] = line.slice(colon + 1).trim();
            }
          }
          received.push(message);
        }
        for (const wake of waiters) wake();
      });
      const wallets = () =>
        received.filter((message) => message.event === 'wallet').map((message) => JSON.parse(message.data!));
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        received,
        ended,
        wallets,
        body: () => text,
        close: () => req.destroy(),
        next: (match, ms = 1000) =>
          new Promise((found, fail) => {
            const check = () => {
              const event = wallets().find(match);
              if (!event) return;
              clearTimeout(timer);
              waiters.delete(check);
              found(event);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching wallet event within ${ms} ms; got ${text}`));
            }, ms);
            waiters.add(check);
            check();
          }),
      });
    });
    req.end();
  });
}

const until = async (condition: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live wallet events (GET /api/v1/events)', () => {
  it("should tell the receiver of a transfer their new balance within a second, and never show anyone another's events", async () => {
    const [ann, ben] = [await t.user('Ann Live'), await t.user('Ben Live')];
    const [annStream, benStream] = [await openStream(base, ann), await openStream(base, ben)];
    expect(benStream.status).toBe(200);
    expect(benStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(benStream.headers['cache-control']).toBe('no-cache, no-transform');
    await until(() => benStream.received.length > 0 && annStream.received.length > 0);
    expect(benStream.received[0]).toEqual({ retry: '2000' });

    await t.post('/wallet/deposit', ann, { balance: 100 });
    const started = Date.now();
    const sent = await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 12.5 });
    const transactionId = sent.json().data.transaction._id;
    const event = await benStream.next((candidate) => candidate.transactionId === transactionId);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event).toEqual({
      wallet: { _id: ben.walletId, userId: ben.id, balance: 62.5, available: 62.5, held: 0, isBlocked: false },
      transactionId,
      // Unread notifications: the registration bonus and this transfer.
      unread: 2,
    });
    expect(event.wallet.balance).toBe(await t.balance(ben));
    // Ann sees her own side of it (and her deposit), never Ben's.
    expect((await annStream.next((candidate) => candidate.transactionId === transactionId)).wallet.balance).toBe(137.5);
    expect(annStream.wallets().every((candidate) => candidate.wallet.userId === ann.id)).toBe(true);
    expect(benStream.wallets().every((candidate) => candidate.wallet.userId === ben.id)).toBe(true);
    expect(benStream.wallets()).toHaveLength(1);
    annStream.close();
    benStream.close();
  });

  it('should announce a cash-in, a cash-out, a block and an unblock to the wallet owner', async () => {
    const admin = await t.admin();
    const [cara, agent] = [await t.user('Cara Live'), await t.agent('Agent Live', admin)];
    const [caraStream, agentStream] = [await openStream(base, cara), await openStream(base, agent)];
    const cashIn = (await t.post('/agent/cash-in', agent, { userId: cara.id, balance: 20 })).json().data.transaction;
    expect((await caraStream.next((event) => event.transactionId === cashIn._id)).wallet.balance).toBe(70);
    // The agent's 50 less 20, and their commission of 0.4%: 0.08.
    expect((await agentStream.next((event) => event.transactionId === cashIn._id)).wallet.balance).toBe(30.08);
    const cashOut = (await t.post('/agent/cash-out', cara, { agentId: agent.id, balance: 50 })).json().data.transaction;
    // Cara pays a fee of 0.93 (1.85% of 50 is 0.925, rounded up), of which the agent earns 22%: 0.20, rounded down.
    expect((await agentStream.next((event) => event.transactionId === cashOut._id)).wallet.balance).toBe(80.28);

    await t.inject({ method: 'PATCH', url: `/api/v1/admin/block/${cara.walletId}`, cookie: admin.cookie });
    expect(await caraStream.next((event) => event.wallet.isBlocked)).toEqual({
      wallet: { _id: cara.walletId, userId: cara.id, balance: 19.07, available: 19.07, held: 0, isBlocked: true },
      unread: 3,
    });
    await t.inject({ method: 'PATCH', url: `/api/v1/admin/unblock/${cara.walletId}`, cookie: admin.cookie });
    await caraStream.next((event) => !event.wallet.isBlocked && !event.transactionId);
    caraStream.close();
    agentStream.close();
  });

  it('should announce a bonus let out of its hold when staff approve the identity', async () => {
    const dina = await t.user('Dina Live', { kyc: false });
    const stream = await openStream(base, dina);
    await t.approveIdentity(dina.cookie);
    expect(await stream.next((event) => event.wallet.held === 0)).toEqual({
      wallet: { _id: dina.walletId, userId: dina.id, balance: 50, available: 50, held: 0, isBlocked: false },
      unread: 1,
    });
    stream.close();
  });

  it('should ping, end the stream when its session ends, and forget a stream its client closed', async () => {
    const dan = await t.user('Dan Live');
    const stream = await openStream(base, dan);
    await until(() => stream.received.some((message) => message.comment === 'ping'), PING_MS * 5);
    expect(t.app.walletEvents.openStreams(dan.id)).toBe(1);
    stream.close();
    await until(() => t.app.walletEvents.openStreams(dan.id) === 0);

    const again = await openStream(base, dan);
    await t.inject({ method: 'POST', url: '/api/v1/auth/logout', cookie: dan.cookie });
    await Promise.race([
      again.ended,
      new Promise((_, fail) => setTimeout(() => fail(new Error('the stream outlived its session')), PING_MS * 5)),
    ]);
    await until(() => t.app.walletEvents.openStreams(dan.id) === 0);
  });

  it('should hold 5 streams per person: a 6th closes the oldest, which is told to wait before coming back', async () => {
    const eve = await t.user('Eve Live');
    const streams = [];
    for (let n = 0; n < 5; n += 1) streams.push(await openStream(base, eve));
    await until(() => t.app.walletEvents.openStreams(eve.id) === 5);
    const sixth = await openStream(base, eve);
    expect(sixth.status).toBe(200);
    await streams[0]!.ended;
    expect(streams[0]!.received.find((message) => message.event === 'evicted')).toEqual({
      event: 'evicted',
      data: JSON.stringify({ reason: 'too many streams', retryAfterMs: 60_000 }),
    });
    expect(t.app.walletEvents.openStreams(eve.id)).toBe(5);
    // The others still carry the person's events.
    await t.post('/wallet/deposit', eve, { balance: 1 });
    for (const stream of [...streams.slice(1), sixth]) await stream.next((event) => event.wallet.balance === 51);
    for (const stream of [...streams, sixth]) stream.close();
  });

  it('should answer 503 with Retry-After once the instance holds EVENT_STREAMS_MAX streams', async () => {
    const small = await createTestContext({ EVENT_STREAMS_MAX: '2' });
    try {
      const origin = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const [fay, gil] = [await small.user('Fay'), await small.user('Gil')];
      const held = [await openStream(origin, fay), await openStream(origin, gil)];
      expect(held.map((stream) => stream.status)).toEqual([200, 200]);
      const refused = await openStream(origin, gil);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      await refused.ended;
      expect(JSON.parse(refused.body())).toMatchObject({
        statusCode: 503,
        message: 'Too many live connections on this server. Please try again later.',
      });
      for (const stream of held) stream.close();
    } finally {
      await small.close();
    }
  });

  it('should stream to verified people only, and at most EVENT_STREAMS_PER_NETWORK from one network', async () => {
    // Behind one proxy (TRUST_PROXY 1): the network is the address it forwards, IPv6 by its /64.
    const small = await createTestContext({ EVENT_STREAMS_PER_NETWORK: '2', TRUST_PROXY: '1' });
    try {
      const origin = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const unverified = await openStream(origin, await small.user('Una', { verified: false }), from('198.51.100.1'));
      expect(unverified.status).toBe(403);
      await unverified.ended;
      expect(JSON.parse(unverified.body())).toMatchObject({ code: 'EVENTS_EMAIL_NOT_VERIFIED' });

      const [ava, bo, cy] = [await small.user('Ava'), await small.user('Bo'), await small.user('Cy')];
      const held = [
        await openStream(origin, ava, from('203.0.113.7')),
        await openStream(origin, bo, from('203.0.113.7')),
      ];
      expect(held.map((stream) => stream.status)).toEqual([200, 200]);
      const refused = await openStream(origin, cy, from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      await refused.ended;
      expect(JSON.parse(refused.body())).toMatchObject({ statusCode: 429, code: 'EVENTS_NETWORK_FULL' });
      // Another network has its own room; two addresses of one IPv6 /64 are one network.
      const v6 = [
        await openStream(origin, cy, from('2001:db8:1:2::10')),
        await openStream(origin, bo, from('2001:db8:1:2::99')),
        await openStream(origin, ava, from('2001:db8:1:2:ffff::1')),
      ];
      expect(v6.map((stream) => stream.status)).toEqual([200, 200, 429]);
      // A closed stream gives its room back.
      held[0]!.close();
      let again = await openStream(origin, cy, from('203.0.113.7'));
      for (let tries = 0; again.status !== 200 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await openStream(origin, cy, from('203.0.113.7'));
      }
      expect(again.status).toBe(200);
      for (const stream of [...held, ...v6, again]) stream.close();
    } finally {
      await small.close();
    }
  });

  it('should refuse no session with 401 and an admin with 403, in the envelope', async () => {
    const none = await openStream(base);
    expect(none.status).toBe(401);
    await none.ended;
    expect(JSON.parse(none.body())).toEqual({
      success: false,
      statusCode: 401,
      message: 'Please log in',
      code: 'NOT_SIGNED_IN',
    });
    const admin = await openStream(base, await t.admin());
    expect(admin.status).toBe(403);
    await admin.ended;
    expect(JSON.parse(admin.body())).toMatchObject({ success: false, statusCode: 403 });
  });

  it('should end open streams when the app closes, so shutdown does not wait for clients', async () => {
    const other = await createTestContext();
    const origin = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const eve = await other.user('Eve Live');
    const stream = await openStream(origin, eve);
    const closed = other.close();
    await Promise.race([
      Promise.all([stream.ended, closed]),
      new Promise((_, fail) => setTimeout(() => fail(new Error('app.close() waited on an open stream')), 5000)),
    ]);
  });

  it(
    'should reach a stream on another API instance, and carry on after the LISTEN connection drops',
    { skip: !onPostgres && 'instances share a PostgreSQL server' },
    async () => {
      const database = await openDatabase({ databaseUrl: t.database.url!, poolSize: 4 });
      const second: App = await buildApp({
        config: loadConfig({ LOG_LEVEL: 'silent', PIN_SECRET: TEST_PIN_SECRET }),
        database,
        passwordCost: TEST_PASSWORD_COST,
      });
      try {
        const origin = await second.listen({ port: 0, host: '127.0.0.1' });
        const [fay, gus] = [await t.user('Fay Live'), await t.user('Gus Live')];
        const stream = await openStream(origin, gus);
        await until(() => stream.received.length > 0);
        const sent = (await t.post('/wallet/transfer', fay, { receiverId: gus.id, balance: 5 })).json().data;
        expect((await stream.next((event) => event.transactionId === sent.transaction._id)).wallet.balance).toBe(55);

        // The server ends the listening connection: the instance listens again and ends its
        // streams, so their clients reconnect and fetch what they may have missed.
        const admin = await outsideClient(t.database);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = 'LISTEN "wallet_events"'`,
        );
        await admin.end();
        await stream.ended;
        await until(() => second.walletEvents.openStreams(gus.id) === 0, 5000);
        const reconnected = await openStream(origin, gus);
        await until(() => reconnected.received.length > 0);
        const again = (await t.post('/wallet/transfer', fay, { receiverId: gus.id, balance: 1 })).json().data;
        expect((await reconnected.next((event) => event.transactionId === again.transaction._id)).wallet.balance).toBe(
          56,
        );
        reconnected.close();
      } finally {
        await second.close();
        await database.close();
      }
    },
  );
});
