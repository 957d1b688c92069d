import { z } from 'zod';
import { textSchema } from './common';
import { says } from './validation';

/**
 * The wallet PIN: five digits asked before money leaves a wallet (a transfer, a cash-out, an
 * agent's cash-in), sent in the X-Wallet-Pin header of the money POST (PIN_HEADER in headers.ts).
 * Never stored as digits, never logged, never returned.
 */
export const PIN_PATH = '/user/pin';
/** Where (under the API base) a person without a password signs in with Google again before setting their PIN. */
export const GOOGLE_REAUTH_PATH = '/auth/google?reauth=1';
export const ADMIN_PIN_UNLOCK_PATH = '/admin/pin-unlock';
export const SECURITY_PAGE = 'security';
export const PIN_LENGTH = 5;
/** Wrong PINs in a row that lock it, and for how long. */
export const PIN_TRIES = 3;
export const PIN_LOCK_MINUTES = 60;

/** PINs anyone would try first: one digit repeated, or a run up or down. */
function isGuessable(pin: string) {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, i) => digit - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

export const pinSchema = textSchema().pipe(
  z
    .string()
    .regex(/^\d{5}$/, { error: says('pinDigits') })
    .refine((pin) => !isGuessable(pin), { error: says('pinGuessable') }),
);
/** A PIN offered to check (a movement's header, the current PIN): only its shape is checked. */
export const offeredPinSchema = textSchema().pipe(z.string().regex(/^\d{5}$/, { error: says('pinDigits') }));

/** POST: a one-time code mailed to the person, for a forgotten PIN (PIN_RESET_PATH, under the API base). */
export const PIN_RESET_PATH = '/user/pin/reset';
/** The mailed code: its digits, how long it lasts, and how many wrong tries void it. */
export const PIN_RESET_CODE_LENGTH = 6;
export const PIN_RESET_CODE_MINUTES = 15;
export const PIN_RESET_CODE_TRIES = 5;
/** After a reset, money cannot leave the wallet for this long (incoming money still arrives). */
export const PIN_RESET_HOLD_HOURS = 24;

/** The mailed code, as typed: only its shape is checked here. */
export const pinResetCodeSchema = textSchema().pipe(z.string().regex(/^\d{6}$/, { error: says('pinCodeDigits') }));

/**
 * PUT /user/pin, three ways:
 *  - the first PIN: with the password, or `{ pin }` alone for a person with no password (a Google
 *    account) within 5 minutes of signing in with Google again;
 *  - a change: with the current PIN (a wrong one counts towards the lock like a movement's);
 *  - a forgotten PIN: with the code mailed by POST PIN_RESET_PATH and the password (or, with no
 *    password, Google again within 5 minutes). Money then cannot leave the wallet for
 *    PIN_RESET_HOLD_HOURS.
 * The password alone never replaces a PIN that exists: a phished password must not become money.
 */
export const setPinInputSchema = z
  .object({
    pin: pinSchema,
    password: textSchema()
      .pipe(
        z
          .string()
          .min(1, { error: says('required') })
          .max(128, { error: says('tooLong') }),
      )
      .optional(),
    currentPin: offeredPinSchema.optional(),
    code: pinResetCodeSchema.optional(),
  })
  .strict()
  .refine((input) => input.currentPin === undefined || (input.password === undefined && input.code === undefined), {
    error: says('pinPasswordOrCurrent'),
  });
export type SetPinInput = z.infer<typeof setPinInputSchema>;

export const PIN_TEXTS = {
  set: 'Your PIN is set',
  never: 'We will never ask for your PIN. Never tell it to anyone, even someone who says they are from the wallet.',
  unlocked: 'PIN unlocked',
  codeSent: 'We emailed you a code to reset your PIN',
  reset: 'Your PIN is reset. Money can leave your wallet again in 24 hours',
} as const;

export const PIN_ERRORS = {
  PASSWORD_WRONG: { status: 403, message: 'The password is not correct' },
  PASSWORD_NEEDED: { status: 400, message: 'Enter your password to set your PIN' },
  GOOGLE_SIGN_IN_NEEDED: {
    status: 403,
    message: 'Sign in with Google again to set your PIN: it must be within 5 minutes of signing in',
  },
  NO_PIN_YET: { status: 400, message: 'You have no PIN yet: set one with your password' },
  CURRENT_PIN_NEEDED: {
    status: 400,
    message: 'Enter your current PIN to change it, or reset a forgotten PIN with a code we email you',
  },
  PIN_CODE_WRONG: { status: 403, message: 'The code is not correct or has expired: ask for a new one' },
} as const;
