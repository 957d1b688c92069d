import {
  envelopeSchema,
  errorBodySchema,
  NOTIFICATION_KINDS,
  notificationPreferencesSchema,
  pushKeySchema,
} from '@wallet/shared/contracts';
import { pushApi, TEST_VAPID_KEY } from '../push-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const send = (method: string, path: string, body?: unknown) =>
  fetch(`${API}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const subscription = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: TEST_VAPID_KEY, auth: 'A'.repeat(22) },
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('notification settings and Web Push mock', () => {
  it('should answer every kind, chosen or by default, and change only the kinds a PUT gives', async () => {
    const api = pushApi({ chosen: { deposit: { mail: true } }, others: 2 });
    const read = envelopeSchema(notificationPreferencesSchema).parse(
      await (await send('GET', '/notifications/preferences')).json(),
    ).data;
    expect(read.preferences.map((choice) => choice.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(read.preferences.find((choice) => choice.kind === 'deposit')).toEqual({
      kind: 'deposit',
      push: true,
      mail: true,
    });
    expect(read.subscriptions).toBe(2);

    const put = await send('PUT', '/notifications/preferences', {
      preferences: [{ kind: 'money_received', push: false, mail: false }],
    });
    const saved = envelopeSchema(notificationPreferencesSchema).parse(await put.json()).data;
    expect(saved.preferences.filter((choice) => choice.push === false)).toEqual([
      { kind: 'money_received', push: false, mail: false },
    ]);
    expect(api.puts).toHaveLength(1);

    const twice = await send('PUT', '/notifications/preferences', {
      preferences: [
        { kind: 'bonus', push: false, mail: false },
        { kind: 'bonus', push: true, mail: false },
      ],
    });
    expect(twice.status).toBe(400);
  });

  it("should give the key, keep a subscription on a browser maker's push service, refuse another, and end one", async () => {
    const api = pushApi();
    expect(pushKeySchema.parse((await (await send('GET', '/push/key')).json()).data)).toEqual({
      publicKey: TEST_VAPID_KEY,
    });

    const refused = await send('POST', '/push/subscriptions', subscription('https://push.example.com/send/1'));
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(await refused.json()).code).toBe('PUSH_ENDPOINT_REFUSED');

    const endpoint = 'https://fcm.googleapis.com/fcm/send/1';
    expect((await send('POST', '/push/subscriptions', subscription(endpoint))).status).toBe(201);
    expect(api.subscribed).toEqual([subscription(endpoint)]);

    expect((await send('DELETE', '/push/subscriptions', { endpoint })).status).toBe(200);
    const again = await send('DELETE', '/push/subscriptions', { endpoint });
    expect(again.status).toBe(404);
    expect(errorBodySchema.parse(await again.json()).code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
  });
});
