import { http } from 'msw';
import { z } from 'zod';
import {
  PIN_ERRORS,
  PIN_RESET_HOLD_HOURS,
  PIN_TEXTS,
  PIN_TRIES,
  REFUSALS,
  setPinInputSchema,
  type User,
  userSchema,
} from '@wallet/shared/contracts';
import { fail, ok, validationFailed } from './envelopes';
import { TEST_PIN } from './pin';
import { server } from './server';

/** The code the double mails for a forgotten PIN (POST /user/pin/reset). */
export const MAILED_PIN_CODE = '482913';

function refuse(code: keyof typeof PIN_ERRORS) {
  return fail(PIN_ERRORS[code].status, PIN_ERRORS[code].message, undefined, code);
}

interface PinApiOptions {
  /** The person's PIN: TEST_PIN when `me.pinSet`, else none. */
  pin?: string | null;
  /** The person's password; a Google-only person (`me.googleOnly`) has none. */
  password?: string;
  /** Whether a Google-only person signed in with Google again within the last 5 minutes. */
  googleAgain?: boolean;
}

/**
 * PUT /user/pin and POST /user/pin/reset in memory, answering as the API does (the contracts'
 * setPinInputSchema says the three ways):
 *  - the first PIN: `{ pin, password }`, or `{ pin }` for a Google-only person just signed in with
 *    Google again;
 *  - a change: `{ pin, currentPin }`, the current PIN checked (a wrong one counts); the password
 *    alone, with a PIN already set, is refused (CURRENT_PIN_NEEDED);
 *  - a forgotten PIN: POST /user/pin/reset mails MAILED_PIN_CODE (202), then `{ pin, code,
 *    password }` (a Google-only person: `{ pin, code }` after Google again), the code used once;
 *    money then cannot leave the wallet for PIN_RESET_HOLD_HOURS (`pinResetHoldUntil`).
 * Each answer's user is `me` with the PIN set. `sent` is what the screen sent, by method.
 */
export function pinApi(
  me: User,
  { pin = me.pinSet ? TEST_PIN : null, password = 'Secret123!', googleAgain = false }: PinApiOptions = {},
) {
  const state = {
    user: me,
    pin,
    /** The code mailed last, until it is used. */
    code: null as string | null,
    wrongTries: 0,
    sent: [] as { method: 'PUT' | 'POST'; body: unknown }[],
  };

  /** The password, or for a person without one, Google again within 5 minutes. */
  const secondProof = (offered: string | undefined) => {
    if (!me.googleOnly) {
      if (offered === undefined) return refuse('PASSWORD_NEEDED');
      return offered === password ? null : refuse('PASSWORD_WRONG');
    }
    return offered === undefined && googleAgain ? null : refuse('GOOGLE_SIGN_IN_NEEDED');
  };

  const stored = (newPin: string, message: string, fields: Partial<User> = {}) => {
    state.pin = newPin;
    state.user = { ...state.user, pinSet: true, ...fields };
    return ok(userSchema, state.user, { message });
  };

  server.use(
    http.put('*/api/v1/user/pin', async ({ request }) => {
      const body: unknown = await request.json();
      state.sent.push({ method: 'PUT', body });
      const parsed = setPinInputSchema.safeParse(body);
      if (!parsed.success) return validationFailed(parsed.error);
      const input = parsed.data;
      if (input.currentPin !== undefined) {
        if (state.pin === null) return refuse('NO_PIN_YET');
        if (input.currentPin !== state.pin) {
          state.wrongTries += 1;
          const triesLeft = String(Math.max(PIN_TRIES - state.wrongTries, 0));
          return fail(403, REFUSALS.PIN_WRONG.message.replace('{triesLeft}', triesLeft), undefined, 'PIN_WRONG');
        }
        // As the API: a change keeps the wrong-PIN count (only the hour or staff clear it).
        return stored(input.pin, PIN_TEXTS.set);
      }
      if (input.code !== undefined) {
        const refused = secondProof(input.password);
        if (refused) return refused;
        if (state.code === null || input.code !== state.code) return refuse('PIN_CODE_WRONG');
        state.code = null;
        const holdUntil = new Date(Date.now() + PIN_RESET_HOLD_HOURS * 3_600_000).toISOString();
        return stored(input.pin, PIN_TEXTS.reset, { pinResetHoldUntil: holdUntil });
      }
      // The password alone never replaces a PIN that exists.
      if (state.pin !== null) return refuse('CURRENT_PIN_NEEDED');
      return secondProof(input.password) ?? stored(input.pin, PIN_TEXTS.set);
    }),
    http.post('*/api/v1/user/pin/reset', () => {
      state.sent.push({ method: 'POST', body: undefined });
      state.code = MAILED_PIN_CODE;
      return ok(z.null(), null, { status: 202, message: PIN_TEXTS.codeSent });
    }),
  );
  return state;
}
