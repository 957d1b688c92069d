import { PIN_ERRORS, PIN_TEXTS, VALIDATION_FAILED } from '@wallet/shared/contracts';
import { user } from '../fixtures';
import { TEST_PIN } from '../pin';
import { MAILED_PIN_CODE, pinApi } from '../pin-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const send = async (method: 'PUT' | 'POST', path: string, body?: unknown) => {
  const answer = await fetch(`${API}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, ...(await answer.json()) };
};
const setPin = (body: unknown) => send('PUT', '/user/pin', body);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('PIN API mock', () => {
  it('should set a first PIN with the password, and refuse a wrong or missing one', async () => {
    pinApi(user({ pinSet: false }));
    expect(await setPin({ pin: '13579' })).toMatchObject({ status: 400, code: 'PASSWORD_NEEDED' });
    expect(await setPin({ pin: '13579', password: 'nope' })).toMatchObject({ status: 403, code: 'PASSWORD_WRONG' });
    expect(await setPin({ pin: '13579', password: 'Secret123!' })).toMatchObject({
      status: 200,
      message: PIN_TEXTS.set,
      data: { pinSet: true, pinResetHoldUntil: null },
    });
  });

  it('should set a Google-only first PIN only after Google again', async () => {
    pinApi(user({ pinSet: false, googleOnly: true }));
    expect(await setPin({ pin: '13579' })).toMatchObject({ status: 403, code: 'GOOGLE_SIGN_IN_NEEDED' });
    pinApi(user({ pinSet: false, googleOnly: true }), { googleAgain: true });
    expect(await setPin({ pin: '13579' })).toMatchObject({ status: 200, message: PIN_TEXTS.set });
  });

  it('should refuse the password alone once a PIN is set, and change it with the current PIN', async () => {
    const api = pinApi(user());
    expect(await setPin({ pin: '13579', password: 'Secret123!' })).toMatchObject({
      status: 400,
      code: 'CURRENT_PIN_NEEDED',
      message: PIN_ERRORS.CURRENT_PIN_NEEDED.message,
    });
    expect(await setPin({ pin: '13579', currentPin: '11111' })).toMatchObject({
      status: 403,
      code: 'PIN_WRONG',
      message: 'Wrong PIN: 2 more tries before it locks for an hour',
    });
    expect(await setPin({ pin: '13579', currentPin: TEST_PIN })).toMatchObject({ status: 200, message: PIN_TEXTS.set });
    expect(api.pin).toBe('13579');
  });

  it('should refuse a change with a password or a code as well as the current PIN', async () => {
    pinApi(user());
    for (const extra of [{ password: 'Secret123!' }, { code: MAILED_PIN_CODE }]) {
      expect(await setPin({ pin: '13579', currentPin: TEST_PIN, ...extra })).toMatchObject({
        status: 400,
        code: VALIDATION_FAILED,
      });
    }
  });

  it('should mail a code, then reset the PIN with it and the password once, holding money for 24 hours', async () => {
    const api = pinApi(user());
    const reset = { pin: '13579', code: MAILED_PIN_CODE, password: 'Secret123!' };
    expect(await setPin(reset)).toMatchObject({ status: 403, code: 'PIN_CODE_WRONG' });
    expect(await send('POST', '/user/pin/reset')).toMatchObject({
      status: 202,
      message: PIN_TEXTS.codeSent,
      data: null,
    });
    expect(await setPin({ ...reset, code: '111111' })).toMatchObject({ status: 403, code: 'PIN_CODE_WRONG' });
    expect(await setPin({ ...reset, password: 'nope' })).toMatchObject({ status: 403, code: 'PASSWORD_WRONG' });
    const answer = await setPin(reset);
    expect(answer).toMatchObject({ status: 200, message: PIN_TEXTS.reset });
    const hours = (new Date(answer.data.pinResetHoldUntil).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Used once.
    expect(await setPin(reset)).toMatchObject({ status: 403, code: 'PIN_CODE_WRONG' });
    expect(api.sent.map(({ method }) => method)).toEqual(['PUT', 'POST', 'PUT', 'PUT', 'PUT', 'PUT']);
  });

  it('should reset a Google-only PIN with the code alone after Google again', async () => {
    pinApi(user({ googleOnly: true }), { googleAgain: true });
    await send('POST', '/user/pin/reset');
    expect(await setPin({ pin: '13579', code: MAILED_PIN_CODE, password: 'x' })).toMatchObject({
      status: 403,
      code: 'GOOGLE_SIGN_IN_NEEDED',
    });
    expect(await setPin({ pin: '13579', code: MAILED_PIN_CODE })).toMatchObject({
      status: 200,
      message: PIN_TEXTS.reset,
    });
  });
});
