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

/**
 * PUT /user/pin: set or change the PIN with the password, or change it with the current PIN
 * (which counts towards the lock like a movement's). `{ pin }` alone is for a person with no
 * password (a Google account) within 5 minutes of signing in with Google again.
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
  })
  .strict()
  .refine((input) => input.password === undefined || input.currentPin === undefined, {
    error: says('pinPasswordOrCurrent'),
  });
export type SetPinInput = z.infer<typeof setPinInputSchema>;

export const PIN_TEXTS = {
  set: 'Your PIN is set',
  never: 'We will never ask for your PIN. Never tell it to anyone, even someone who says they are from the wallet.',
  unlocked: 'PIN unlocked',
} as const;

export const PIN_ERRORS = {
  PASSWORD_WRONG: { status: 403, message: 'The password is not correct' },
  PASSWORD_NEEDED: { status: 400, message: 'Enter your password, or your current PIN, to set a new PIN' },
  GOOGLE_SIGN_IN_NEEDED: {
    status: 403,
    message: 'Sign in with Google again to set your PIN: it must be within 5 minutes of signing in',
  },
  NO_PIN_YET: { status: 400, message: 'You have no PIN yet: set one with your password' },
} as const;
