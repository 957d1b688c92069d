import { z } from 'zod';
import {
  DECLINE_SIGNUP_PATH,
  RESEND_VERIFICATION_PATH,
  VERIFY_EMAIL_ACCOUNT_PATH,
  verifyEmailAccountSchema,
  resendVerificationResultSchema,
  VERIFICATION_ERRORS,
  VERIFICATION_TEXTS,
  VERIFY_EMAIL_PATH,
  userSchema,
  type User,
  type VerificationErrorCode,
} from '@wallet/shared/contracts';
import { apiAnswers } from './api-answers';
import { fail, ok } from './envelopes';
import { user } from './fixtures';

/*
 * The email verification calls as the screens' tests see them: POST /auth/verify-email (public,
 * `{ token }`) and POST /auth/verify-email/resend (signed in, no body).
 */

/** What the resend answers in `data`. The contracts name no schema for it yet: this one mirrors the API's reply. */

type Answers = Response | Response[];
const inTurn = (answers: Answers) => (Array.isArray(answers) ? answers : [answers]);

/** POST /auth/verify-email answering `answers` in turn (each held until `hold`); returns what the page sent. */
export const verifyEmailAnswers = (answers: Answers, options: { hold?: Promise<void> } = {}) =>
  apiAnswers('post', VERIFY_EMAIL_PATH, inTurn(answers), options);

/** POST /auth/verify-email/account answering `answers` in turn: which account the link is for. */
export const linkAccountAnswers = (answers: Answers, options: { hold?: Promise<void> } = {}) =>
  apiAnswers('post', VERIFY_EMAIL_ACCOUNT_PATH, inTurn(answers), options);

/** The account a link is for: its address and when it signed up. */
export const linkAccount = (email = 'ann@example.com', signedUpAt = '2025-03-04T10:00:00.000Z') =>
  ok(verifyEmailAccountSchema, { email, signedUpAt }, { message: VERIFICATION_TEXTS.account });

/** POST /auth/verify-email/decline answering `answers` in turn ("I did not sign up"). */
export const declineSignupAnswers = (answers: Answers, options: { hold?: Promise<void> } = {}) =>
  apiAnswers('post', DECLINE_SIGNUP_PATH, inTurn(answers), options);

/** The 200 of "I did not sign up": the account is closed. */
export const signupDeclined = () => ok(z.null(), null, { message: VERIFICATION_TEXTS.declined });

/** POST /auth/verify-email/resend answering `answers` in turn (each held until `hold`); returns what was sent. */
export const resendVerificationAnswers = (answers: Answers, options: { hold?: Promise<void> } = {}) =>
  apiAnswers('post', RESEND_VERIFICATION_PATH, inTurn(answers), options);

/** The 200 of a link that worked: the person, now verified. */
export const emailVerified = (person: User = user()) =>
  ok(userSchema, { ...person, emailVerified: true, tier: 'EMAIL_VERIFIED' }, { message: VERIFICATION_TEXTS.verified });

/** A link refused with its code and message (LINK_INVALID, LINK_USED, LINK_EXPIRED) or ALREADY_VERIFIED. */
export function verificationRefused(code: VerificationErrorCode) {
  const { status, message } = VERIFICATION_ERRORS[code];
  return fail(status, message, undefined, code);
}

/** The 200 of a resend: a new link went to `sentTo`. */
export const linkResent = (sentTo = user().email) =>
  ok(resendVerificationResultSchema, { sentTo }, { message: VERIFICATION_TEXTS.resent });

/** A person not verified yet (tier UNVERIFIED). */
export const unverifiedUser = (fields: Partial<User> = {}) =>
  user({ emailVerified: false, tier: 'UNVERIFIED', ...fields });
