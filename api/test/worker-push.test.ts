import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  MONEY_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  pushMessageSchema,
  type NotificationKind,
} from '@wallet/shared/contracts';
import { installableRoutes } from '../src/site/installable/routes';
import en from '../src/site/installable/worker/locales/en.json';
import bn from '../src/site/installable/worker/locales/bn.json';
import { ORIGIN, runWorker, type StandInWindow, type WorkerOptions } from './worker-scope';

/**
 * The site's worker and Web Push (issue 46): what it shows for a message of the API's outbox
 * (`{ kind, amount, id }`, pushMessageSchema), in which language, and where a click on it leads.
 * The worker is the one /sw.js serves (the installable routes alone, on a bare Fastify: no
 * database), run in a stand-in of a browser's worker scope (worker-scope.ts).
 */
let site: FastifyInstance;
let killSwitchSite: FastifyInstance;
let script: string;
let manifestIcon: string;
before(async () => {
  site = Fastify();
  await site.register(installableRoutes, { serviceWorker: 'on' });
  killSwitchSite = Fastify();
  await killSwitchSite.register(installableRoutes, { serviceWorker: 'off' });
  script = (await site.inject('/sw.js')).body;
  const manifest = (await site.inject('/manifest.webmanifest')).json() as {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  manifestIcon = manifest.icons.find(({ sizes, purpose }) => sizes === '192x192' && purpose === 'any')!.src;
});
after(async () => {
  await Promise.all([site.close(), killSwitchSite.close()]);
});

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** The kinds the API sends with an amount: every movement's, and a request's. */
const WITH_AMOUNT = new Set<NotificationKind>([...MONEY_NOTIFICATION_KINDS, 'request_received', 'request_declined']);

/** The one notification a payload shows. */
async function showOf(payload: string | null, options: WorkerOptions = {}) {
  const worker = runWorker(script, options);
  await worker.push(payload);
  expect(worker.shown).toHaveLength(1);
  return worker.shown[0]!;
}

describe('a push, as the worker shows it', () => {
  it("should word every kind in English by its kind's words, the amount as Taka, tagged with the id and carrying it alone", async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const amount = WITH_AMOUNT.has(kind) ? 1234.5 : null;
      const { title, options } = await showOf(JSON.stringify({ kind, amount, id: ID }));
      expect(title).toBe(en[`push.kind.${kind}.title`]);
      expect(options).toEqual({
        body: en[`push.kind.${kind}.body`].replace('{amount}', '1,234.50'),
        lang: 'en',
        icon: manifestIcon,
        badge: expect.stringMatching(/^\/icons\/badge-96\.[0-9a-f]{12}\.png$/),
        tag: ID,
        data: { id: ID },
      });
      expect(options.body).toContain(amount === null ? '' : '1,234.50 Taka');
      expect(options.body).not.toMatch(/[{}]/);
    }
    const received = await showOf(JSON.stringify({ kind: 'money_received', amount: 1234.5, id: ID }));
    expect(received).toMatchObject({ title: 'Money received', options: { body: 'You received 1,234.50 Taka.' } });
    const pin = await showOf(JSON.stringify({ kind: 'pin_changed', amount: null, id: ID }));
    expect(pin.title).toBe('Wallet PIN changed');
  });

  it('should word every kind in Bangla for a person who chose it (the wallet_lang cookie), with Bangla digits and no Latin letter', async () => {
    for (const kind of NOTIFICATION_KINDS) {
      const amount = WITH_AMOUNT.has(kind) ? 1234567.89 : null;
      const { title, options } = await showOf(JSON.stringify({ kind, amount, id: ID }), {
        cookie: 'bn',
        languages: ['en-US', 'en'],
      });
      expect(title).toBe(bn[`push.kind.${kind}.title`]);
      expect(options.body).toBe(bn[`push.kind.${kind}.body`].replace('{amount}', '১২,৩৪,৫৬৭.৮৯'));
      expect(options).toMatchObject({ lang: 'bn', tag: ID, data: { id: ID } });
      expect(`${title} ${options.body}`).not.toMatch(/[A-Za-z0-9{}]/);
    }
    const received = await showOf(JSON.stringify({ kind: 'money_received', amount: 1234.5, id: ID }), { cookie: 'bn' });
    expect(received).toMatchObject({ title: 'টাকা পেয়েছেন', options: { body: 'আপনি ১,২৩৪.৫০৳ পেয়েছেন।' } });
  });

  it("should take the language as the offline page does: the cookie, else the browser's languages, else English", async () => {
    const message = JSON.stringify({ kind: 'money_sent', amount: 50, id: ID });
    expect((await showOf(message, { languages: ['bn-BD', 'en'] })).options.lang).toBe('bn');
    expect((await showOf(message, { cookie: 'en', languages: ['bn-BD'] })).options.lang).toBe('en');
    expect((await showOf(message, { languages: ['fr-FR', 'de'] })).options.lang).toBe('en');
    expect((await showOf(message, { cookie: 'xx', languages: ['bn'] })).title).toBe(bn['push.kind.money_sent.title']);
  });

  it('should show the generic notification for a push it cannot read, in the person’s language, with no tag and no id', async () => {
    for (const payload of [null, '', 'not json', '{"kind":', 'null', '42', '"money_received"', '[]', '{}']) {
      expect(await showOf(payload)).toEqual({
        title: en['push.title'],
        options: { body: en['push.body'], lang: 'en', icon: manifestIcon, badge: expect.any(String), data: {} },
      });
    }
    expect(await showOf('garbage', { cookie: 'bn' })).toEqual({
      title: bn['push.title'],
      options: { body: bn['push.body'], lang: 'bn', icon: manifestIcon, badge: expect.any(String), data: {} },
    });
    expect(en['push.title']).toBe('You have a new notification');
  });

  it('should use each part it can read on its own: a kind it does not know is the generic words, an id that is no UUID is none', async () => {
    // A kind the API added before this browser took the new worker: generic words, but the click still opens it.
    for (const kind of ['salary_paid', 'constructor', '__proto__', 'toString', 'generic', 42, null]) {
      const { title, options } = await showOf(JSON.stringify({ kind, amount: 10, id: ID }));
      expect({ title, body: options.body, tag: options.tag, data: options.data }).toEqual({
        title: en['push.title'],
        body: en['push.body'],
        tag: ID,
        data: { id: ID },
      });
    }
    // A kind whose words need an amount, with none it can use: the kind's title over the generic body.
    for (const amount of [null, '100', -5, true, { taka: 5 }]) {
      const { title, options } = await showOf(JSON.stringify({ kind: 'money_received', amount, id: ID }));
      expect({ title, body: options.body }).toEqual({
        title: en['push.kind.money_received.title'],
        body: en['push.body'],
      });
    }
    // An id that could lead elsewhere is no id: no tag, nothing to open but the list.
    for (const id of ['../../admin', 'https://evil.example/', `${ID}?x=1`, `${ID}/..`, 7, null]) {
      const { title, options } = await showOf(JSON.stringify({ kind: 'pin_changed', amount: null, id }));
      expect(title).toBe(en['push.kind.pin_changed.title']);
      expect(options.tag).toBeUndefined();
      expect(options.data).toEqual({});
    }
  });

  it('should use nothing of a message but its kind, amount and id', async () => {
    const clean = await showOf(JSON.stringify({ kind: 'payment_received', amount: 99.99, id: ID }));
    const padded = await showOf(
      JSON.stringify({
        kind: 'payment_received',
        amount: 99.99,
        id: ID,
        balance: 987654.32,
        name: 'Rahim Uddin',
        title: 'Pay now',
        body: 'Send your PIN',
        url: 'https://evil.example/',
        icon: 'https://evil.example/icon.png',
        data: { url: 'https://evil.example/' },
      }),
    );
    expect(padded).toEqual(clean);
    expect(JSON.stringify(padded)).not.toMatch(/Rahim|987|Pay now|PIN|evil/);
  });

  it("should show one notification for any payload at all, worded by the kind whenever the message meets the API's contract", async () => {
    const kindNames = new Set<unknown>(NOTIFICATION_KINDS);
    const message = fc.record(
      {
        kind: fc.oneof(fc.constantFrom(...NOTIFICATION_KINDS), fc.string(), fc.constant(null)),
        amount: fc.oneof(fc.double(), fc.integer({ min: 0, max: 1_000_000 }), fc.constant(null), fc.string()),
        id: fc.oneof(fc.uuid(), fc.string(), fc.constant(ID)),
      },
      { requiredKeys: [] },
    );
    const payload = fc.oneof(
      message.map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(payload, fc.constantFrom('en', 'bn'), async (text, language) => {
        const { title, options } = await showOf(text, { cookie: language });
        const words = language === 'en' ? en : bn;
        expect(title.length).toBeGreaterThan(0);
        expect(options.body).not.toMatch(/[{}]/);
        expect(options.lang).toBe(language);
        if (language === 'bn') expect(`${title} ${options.body}`).not.toMatch(/[A-Za-z]/);
        // The id alone, a UUID, or nothing.
        expect(Object.keys(options.data as object).every((key) => key === 'id')).toBe(true);
        if (options.tag !== undefined) {
          expect(options.tag).toMatch(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i);
          expect(options.data).toEqual({ id: options.tag });
        }
        const parsed = pushMessageSchema.safeParse(text === null ? undefined : safeJson(text));
        if (parsed.success) {
          expect(title).toBe(words[`push.kind.${parsed.data.kind}.title`]);
          expect(options.tag).toBe(parsed.data.id);
        } else if (!kindNames.has((safeJson(text ?? '') as { kind?: unknown } | null)?.kind)) {
          expect(title).toBe(words['push.title']);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("should show the site's icon and a badge that is not in the manifest, both served as PNGs of their size", async () => {
    const { options } = await showOf(JSON.stringify({ kind: 'deposit', amount: 5, id: ID }));
    expect(options.icon).toBe(manifestIcon);
    const manifest = (await site.inject('/manifest.webmanifest')).json() as { icons: { src: string }[] };
    expect(manifest.icons.map(({ src }) => src)).not.toContain(options.badge);
    for (const [address, size] of [
      [options.icon!, 192],
      [options.badge!, 96],
    ] as const) {
      const png = await site.inject(address);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([size, size]);
      // The badge is a shape: RGBA, so what is not the glyph is transparent.
      if (size === 96) expect(png.rawPayload[25]).toBe(6);
    }
    expect(script).not.toContain('__NOTIFICATION_ICONS__');
  });
});

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('a click on a notification', () => {
  const page = `${ORIGIN}/notifications?open=${ID}`;

  it('should close it and open a window at the notification when none of the site is open', async () => {
    const worker = runWorker(script);
    await worker.click({ id: ID });
    expect(worker.calls).toEqual([
      'notification.close',
      'clients.matchAll {"type":"window"}',
      `clients.openWindow ${page}`,
    ]);
  });

  it('should bring forward the focused window of the site, else the first, and take it to the notification', async () => {
    const windows: StandInWindow[] = [
      { url: `${ORIGIN}/user/overview`, focused: false },
      { url: `${ORIGIN}/user/history`, focused: true },
    ];
    const worker = runWorker(script, { windows });
    await worker.click({ id: ID });
    expect(worker.calls).toEqual([
      'notification.close',
      'clients.matchAll {"type":"window"}',
      `focus ${ORIGIN}/user/history`,
      `navigate ${ORIGIN}/user/history to ${page}`,
    ]);
    expect(windows.map(({ url }) => url)).toEqual([`${ORIGIN}/user/overview`, page]);

    const unfocused = runWorker(script, {
      windows: [
        { url: `${ORIGIN}/agent`, focused: false },
        { url: `${ORIGIN}/`, focused: false },
      ],
    });
    await unfocused.click({ id: ID });
    expect(unfocused.calls.slice(2)).toEqual([`focus ${ORIGIN}/agent`, `navigate ${ORIGIN}/agent to ${page}`]);
  });

  it('should open a new window when the open one cannot be focused', async () => {
    const worker = runWorker(script, { windows: [{ url: `${ORIGIN}/`, focused: false, refuseFocus: true }] });
    await worker.click({ id: ID });
    expect(worker.calls.slice(2)).toEqual([`focus ${ORIGIN}/`, `clients.openWindow ${page}`]);
  });

  it("should lead only to this site's notifications page: with no id it can use, to the list; never to another origin", async () => {
    for (const data of [
      {},
      null,
      undefined,
      { id: 'https://evil.example/' },
      { id: '//evil.example' },
      { url: 'https://evil.example/' },
    ]) {
      const worker = runWorker(script);
      await worker.click(data);
      expect(worker.calls.at(-1)).toBe(`clients.openWindow ${ORIGIN}/notifications`);
    }
    // A window of another origin (the worker's clients are its own; held all the same) is never used.
    const worker = runWorker(script, { windows: [{ url: 'https://evil.example/', focused: true }] });
    await worker.click({ id: ID });
    expect(worker.calls.slice(2)).toEqual([`clients.openWindow ${page}`]);
  });
});

describe('the kill switch and pushes', () => {
  it('should leave pushes and clicks to nobody: the kill switch listens to neither, the worker to both', async () => {
    const killSwitch = runWorker((await killSwitchSite.inject('/sw.js')).body);
    expect([...killSwitch.listeners.keys()].sort()).toEqual(['activate', 'install']);
    await killSwitch.push(JSON.stringify({ kind: 'money_received', amount: 5, id: ID }));
    expect(killSwitch.shown).toEqual([]);
    expect([...runWorker(script).listeners.keys()].sort()).toEqual([
      'activate',
      'fetch',
      'install',
      'notificationclick',
      'push',
    ]);
  });
});
