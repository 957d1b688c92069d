import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { sendOutboxRound } from '../src/notifications/outbox';
import { publicOnlyLookup } from '../src/notifications/push';
import { DEFAULT_PREFERENCE, PUSH_TTL_SECONDS } from '@wallet/shared/contracts';
import { createTestContext, type Person, type TestContext } from './helpers';

/*
 * Web Push (issue 46): a notification a person wants pushed leaves from the outbox after its
 * commit, to a local test push service (web-push-testing, run here in this process), which checks
 * the VAPID signature against the key the browser subscribed with and decrypts the message
 * (aes128gcm) with the subscription's keys. The message holds the kind, the amount and an id, and
 * nothing else; its TTL is at most an hour. A subscription its service says is gone is deleted.
 */

const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushModel;
};
const PushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushModel,
  port: number,
) => { startServer(): void; _server: Server };

interface PushModel {
  handleNotification(clientHash: string, headers: Record<string, string | undefined>, body: Buffer): Promise<unknown>;
}

let t: TestContext;
let service: string;
let stopService: () => Promise<void>;
/** The headers of every message the test service took, as it read them. */
const received: Record<string, string | undefined>[] = [];

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

before(async () => {
  const port = await freePort();
  const model = new PushApiModel();
  const handle = model.handleNotification.bind(model);
  model.handleNotification = (clientHash, headers, body) => {
    received.push(headers);
    return handle(clientHash, headers, body);
  };
  const server = new PushTestingServer(model, port);
  const log = console.log;
  console.log = () => undefined;
  server.startServer();
  await new Promise((resolve) => server._server.once('listening', resolve));
  console.log = log;
  service = `http://localhost:${port}`;
  stopService = () => new Promise((resolve) => server._server.close(() => resolve()));
  t = await createTestContext({ PUSH_TEST_SERVICE: service });
});
after(async () => {
  await t.close();
  await stopService();
});

const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

const round = (testService = service) =>
  sendOutboxRound(t.db, {
    vapid: t.app.config.vapid!,
    testService,
    mailer: t.app.mailer,
    log: t.app.log,
  });

/** A browser of the test service, subscribed with the API's VAPID key, and the person's subscription of it. */
async function subscribedBrowser(person: Person) {
  const key = await t.inject({ method: 'GET', url: '/api/v1/push/key', cookie: person.cookie });
  const made = await fetch(`${service}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: key.json().data.publicKey }),
  });
  const { data } = (await made.json()) as {
    data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
  };
  const subscribed = await t.post('/push/subscriptions', person, {
    endpoint: data.endpoint,
    expirationTime: null,
    keys: data.keys,
  });
  expect(subscribed.statusCode).toBe(201);
  return data;
}

/** A push service that answers nothing: nobody listens on port 9 (discard) here. */
const DOWN = 'http://localhost:9';

/** The person's browsers now point at the dead service. */
const pointAtDeadService = (person: Person) =>
  t.db.execute(sql`update push_subscriptions set endpoint = ${`${DOWN}/notify/nowhere`} where user_id = ${person.id}`);

/** The one waiting outbox row: its tries so far, and the seconds until its next. */
async function waitingRow() {
  const [waiting] = await rows<{ attempts: number; wait: number }>(
    sql`select attempts, extract(epoch from next_attempt_at - clock_timestamp())::int as wait from notification_outbox`,
  );
  return waiting!;
}

async function messages(clientHash: string) {
  const response = await fetch(`${service}/get-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientHash }),
  });
  return ((await response.json()) as { data: { messages: string[] } }).data.messages.map(
    (message) => JSON.parse(message) as Record<string, unknown>,
  );
}

describe('pushing', () => {
  it('should push a signed, encrypted message of the kind, the amount and an id, after the commit, with a TTL of an hour at most', async () => {
    const ann = await t.user('Ann');
    const ben = await t.user('Ben');
    const browser = await subscribedBrowser(ben);
    expect((await t.post('/wallet/transfer', ann, { receiverId: ben.id, balance: 12.5 })).statusCode).toBe(201);
    // Written with the movement, sent by the outbox after it: Ben chose nothing, so what the
    // contract's DEFAULT_PREFERENCE says (the database's notification_channels must agree).
    expect(await rows(sql`select channel from notification_outbox order by channel`)).toEqual([
      ...(DEFAULT_PREFERENCE.push ? [{ channel: 'push' }] : []),
      ...(DEFAULT_PREFERENCE.mail ? [{ channel: 'mail' }] : []),
    ]);
    expect(await messages(browser.clientHash)).toEqual([]);

    expect(await round()).toEqual({ sent: 1, gone: 0, retried: 0, dropped: 0 });
    const [message] = await messages(browser.clientHash);
    const [notification] = await rows<{ id: string }>(
      sql`select id from notifications where user_id = ${ben.id} and kind = 'money_received'`,
    );
    expect(message).toEqual({ kind: 'money_received', amount: 12.5, id: notification!.id });
    // No balance, no name: only those three.
    expect(JSON.stringify(message)).not.toMatch(/balance|Ann|62\.5/);
    const headers = received.at(-1)!;
    expect(headers.encoding).toBe('aes128gcm');
    expect(Number(headers.ttl)).toBeGreaterThan(0);
    expect(Number(headers.ttl)).toBeLessThanOrEqual(3600);
    expect(headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(await rows(sql`select 1 from notification_outbox`)).toEqual([]);
  });

  it('should delete a subscription its push service says is gone (410), with what waited for it', async () => {
    const ann = await t.user('Ann');
    const cara = await t.user('Cara');
    const browser = await subscribedBrowser(cara);
    expect((await fetch(`${service}/expire-subscription/${browser.clientHash}`, { method: 'POST' })).status).toBe(200);
    expect((await t.post('/wallet/transfer', ann, { receiverId: cara.id, balance: 1 })).statusCode).toBe(201);
    expect(await round()).toEqual({ sent: 0, gone: 1, retried: 0, dropped: 0 });
    expect(await rows(sql`select 1 from push_subscriptions where user_id = ${cara.id}`)).toEqual([]);
    expect(await rows(sql`select 1 from notification_outbox`)).toEqual([]);
  });

  it('should keep money moving when the push service is down, and try again later, backing off', async () => {
    const ann = await t.user('Ann');
    const dan = await t.user('Dan');
    await subscribedBrowser(dan);
    await pointAtDeadService(dan);
    expect((await t.post('/wallet/transfer', ann, { receiverId: dan.id, balance: 1 })).statusCode).toBe(201);
    expect(await round(DOWN)).toEqual({ sent: 0, gone: 0, retried: 1, dropped: 0 });
    const waiting = await waitingRow();
    expect(waiting.attempts).toBe(1);
    expect(waiting.wait).toBeGreaterThan(20);
    expect(waiting.wait).toBeLessThanOrEqual(30);
    // Not due yet: the next round leaves it.
    expect(await round(DOWN)).toEqual({ sent: 0, gone: 0, retried: 0, dropped: 0 });
    await t.db.execute(sql`delete from push_subscriptions where user_id = ${dan.id}`);
  });

  it('should give a message up after its eighth try, and drop a push older than its TTL unsent', async () => {
    const ann = await t.user('Ann');
    const hal = await t.user('Hal');
    const browser = await subscribedBrowser(hal);
    const endpoint = (
      await rows<{ endpoint: string }>(sql`select endpoint from push_subscriptions where user_id = ${hal.id}`)
    )[0]!.endpoint;
    await pointAtDeadService(hal);
    expect((await t.post('/wallet/transfer', ann, { receiverId: hal.id, balance: 1 })).statusCode).toBe(201);
    // Six tries failed already: the seventh fails too, and waits 30 s × 2⁶ = 32 minutes.
    await t.db.execute(sql`update notification_outbox set attempts = 6`);
    expect(await round(DOWN)).toEqual({ sent: 0, gone: 0, retried: 1, dropped: 0 });
    const waiting = await waitingRow();
    expect(waiting.attempts).toBe(7);
    expect(waiting.wait).toBeGreaterThan(1900);
    expect(waiting.wait).toBeLessThanOrEqual(1920);
    // The eighth fails: given up, and nothing waits any more.
    await t.db.execute(sql`update notification_outbox set next_attempt_at = clock_timestamp()`);
    expect(await round(DOWN)).toEqual({ sent: 0, gone: 0, retried: 0, dropped: 1 });
    expect(await rows(sql`select 1 from notification_outbox`)).toEqual([]);

    // The service answers again, but the money arrived over an hour ago: a push that late is not sent.
    await t.db.execute(sql`update push_subscriptions set endpoint = ${endpoint} where user_id = ${hal.id}`);
    expect((await t.post('/wallet/transfer', ann, { receiverId: hal.id, balance: 2 })).statusCode).toBe(201);
    await t.db.execute(
      sql`update notifications set created_at = created_at - make_interval(secs => ${PUSH_TTL_SECONDS + 60}) where user_id = ${hal.id}`,
    );
    expect(await round()).toEqual({ sent: 0, gone: 0, retried: 0, dropped: 1 });
    expect(await messages(browser.clientHash)).toEqual([]);
    await t.db.execute(sql`delete from push_subscriptions where user_id = ${hal.id}`);
  });

  it('should push and mail as the person chose, per kind, and mail a receipt from the outbox', async () => {
    const ann = await t.user('Ann');
    const eve = await t.user('Eve');
    const browser = await subscribedBrowser(eve);
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      cookie: eve.cookie,
      payload: { preferences: [{ kind: 'money_received', push: false, mail: true }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.preferences).toContainEqual({ kind: 'money_received', push: false, mail: true });
    expect(saved.json().data.preferences).toContainEqual({ kind: 'pin_changed', push: true, mail: false });
    expect(saved.json().data.subscriptions).toBe(1);

    expect((await t.post('/wallet/transfer', ann, { receiverId: eve.id, balance: 7 })).statusCode).toBe(201);
    expect(await rows(sql`select channel from notification_outbox`)).toEqual([{ channel: 'mail' }]);
    expect(await round()).toEqual({ sent: 1, gone: 0, retried: 0, dropped: 0 });
    expect(await messages(browser.clientHash)).toEqual([]);
    const mail = t.app.mailer.outbox!.find((message) => message.recipient === eve.email);
    expect(mail).toMatchObject({ subject: 'You received money' });
    expect(mail!.text).toContain('Amount: ');
    expect(mail!.text).toContain('With: Ann');
    expect(mail!.text).not.toMatch(/balance/i);

    const twice = await t.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      cookie: eve.cookie,
      payload: {
        preferences: [
          { kind: 'money_received', push: true, mail: true },
          { kind: 'money_received', push: false, mail: false },
        ],
      },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('should queue for the outbox only for people who chose something, and mail one who chose mail alone', async () => {
    const ann = await t.user('Ann');
    const ida = await t.user('Ida');
    const joe = await t.user('Joe');
    const wanted = async (person: Person) =>
      (
        await rows<{ outbox_wanted: boolean }>(
          sql`select outbox_wanted from accounts where user_id = ${person.id} and kind = 'WALLET'`,
        )
      )[0]!.outbox_wanted;
    const choose = (person: Person, mail: boolean) =>
      t.inject({
        method: 'PUT',
        url: '/api/v1/notifications/preferences',
        cookie: person.cookie,
        payload: { preferences: [{ kind: 'money_received', push: true, mail }] },
      });
    expect([await wanted(ida), await wanted(joe)]).toEqual([false, false]);
    expect((await choose(ida, true)).statusCode).toBe(200);
    expect(await wanted(ida)).toBe(true);

    expect((await t.post('/wallet/transfer', ann, { receiverId: ida.id, balance: 3 })).statusCode).toBe(201);
    expect((await t.post('/wallet/transfer', ann, { receiverId: joe.id, balance: 4 })).statusCode).toBe(201);
    // Ida's receipt, with no browser subscribed; nothing for Joe, who chose nothing, nor for Ann.
    expect(await rows(sql`select channel from notification_outbox`)).toEqual([{ channel: 'mail' }]);
    expect(await round()).toEqual({ sent: 1, gone: 0, retried: 0, dropped: 0 });
    expect(t.app.mailer.outbox!.find((message) => message.recipient === ida.email)).toMatchObject({
      subject: 'You received money',
    });

    // Mail turned off again, a browser subscribed and signed out of: the flag follows each.
    expect((await choose(ida, false)).statusCode).toBe(200);
    expect(await wanted(ida)).toBe(false);
    await subscribedBrowser(joe);
    expect(await wanted(joe)).toBe(true);
    await t.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookie: joe.cookie });
    expect(await wanted(joe)).toBe(false);
  });

  it('should stop pushing to a browser signed out of, and to every browser on signing out everywhere', async () => {
    const fay = await t.user('Fay');
    await subscribedBrowser(fay);
    const [{ device_hash: deviceHash }] = (await rows<{ device_hash: string }>(
      sql`select device_hash from push_subscriptions where user_id = ${fay.id}`,
    )) as [{ device_hash: string }];
    expect(deviceHash).toMatch(/^[0-9a-f]{64}$/);
    const other = await t.login(fay.email);
    await t.inject({ method: 'POST', url: '/api/v1/auth/logout', cookie: other });
    expect(await rows(sql`select 1 from push_subscriptions where user_id = ${fay.id}`)).toHaveLength(1);
    await t.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookie: fay.cookie });
    expect(await rows(sql`select 1 from push_subscriptions where user_id = ${fay.id}`)).toEqual([]);
  });
});

describe('subscribing', () => {
  it("should take an endpoint only on a browser maker's push service, by name, over https", async () => {
    const gus = await t.user('Gus');
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://evil.example/fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://user:secret@fcm.googleapis.com/x',
      'https://localhost/x',
    ];
    for (const endpoint of refused) {
      const response = await t.post('/push/subscriptions', gus, { endpoint, keys });
      expect({ endpoint, status: response.statusCode, code: response.json().code }).toEqual({
        endpoint,
        status: 400,
        code: 'PUSH_ENDPOINT_REFUSED',
      });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ]) {
      expect((await t.post('/push/subscriptions', gus, { endpoint, keys })).statusCode).toBe(201);
    }
    for (const body of [
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    ]) {
      expect((await t.post('/push/subscriptions', gus, body)).statusCode).toBe(400);
    }
    const gone = await t.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      cookie: gus.cookie,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(gone.statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: '/api/v1/push/subscriptions',
          cookie: gus.cookie,
          payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
        })
      ).json().code,
    ).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    expect((await t.inject({ method: 'GET', url: '/api/v1/push/key' })).statusCode).toBe(401);
  });

  it('should connect to a push service only at a public address, whatever its name resolves to', async () => {
    const resolve = (hostname: string, all = false) =>
      new Promise<{ code?: string; address: unknown }>((done) =>
        publicOnlyLookup(hostname, { all }, (error, address) => done({ code: error?.code, address })),
      );
    for (const hidden of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect({ hidden, ...(await resolve(hidden)) }).toEqual({ hidden, code: 'ENOTPUBLIC', address: [] });
    }
    expect(await resolve('142.250.74.10')).toEqual({ code: undefined, address: '142.250.74.10' });
    expect(await resolve('2a00:1450:4001::200a', true)).toEqual({
      code: undefined,
      address: [{ address: '2a00:1450:4001::200a', family: 6 }],
    });
  });

  it('should need the VAPID keys with DATABASE_URL, and never admit the test service in production', () => {
    const production = {
      DATABASE_URL: 'postgres://wallet@db/wallet',
      SMTP_URL: 'smtp://mail',
      PUBLIC_URL: 'https://wallet.example',
      PIN_SECRET: 'a pin secret of at least thirty-two characters',
      CLIENT_REPORT_SECRET: 'a report secret of at least 32 characters',
    };
    expect(() => loadConfig(production)).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with DATABASE_URL/,
    );
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadConfig({ ...production, ...keys }).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'https://wallet.example',
    });
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/VAPID/);
    expect(() => loadConfig({ PUSH_TEST_SERVICE: 'http://localhost:8090', NODE_ENV: 'production' })).toThrow(
      /PUSH_TEST_SERVICE is for tests only/,
    );
  });
});
