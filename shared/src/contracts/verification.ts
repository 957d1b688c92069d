import { z } from 'zod';
import { textSchema } from './common';

/**
 * How far a person has proven who they are. An unverified account may deposit from a bank and
 * read; it may not send or cash out, and nobody can send to it.
 */
export const TIERS = ['UNVERIFIED', 'EMAIL_VERIFIED', 'KYC_APPROVED'] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

/** The public page a verification mail links to; it posts the token only when the person confirms. */
export const VERIFY_EMAIL_PAGE = '/verify-email';
/** POST { token }: the link's token, used once. */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
/** POST, signed in: a new link, limited. */
export const RESEND_VERIFICATION_PATH = '/auth/verify-email/resend';
/** How long a link works. */
export const VERIFICATION_LINK_HOURS = 24;

export const verifyEmailInputSchema = z.object({
  token: textSchema('is required').pipe(z.string().min(1, { error: 'is required' }).max(200, { error: 'is too long' })),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

/** The answer to a resend: where the new link went. */
export const resendVerificationResultSchema = z.object({ sentTo: z.string() });
export type ResendVerificationResult = z.infer<typeof resendVerificationResultSchema>;

/** What the verification calls answer, and their refusals (each with its code). */
export const VERIFICATION_TEXTS = {
  verified: 'Your email is verified',
  resent: 'We sent a new link to your email',
} as const;

export const VERIFICATION_ERRORS = {
  LINK_INVALID: { status: 400, message: 'This link is not valid. Open the latest link we sent you' },
  LINK_USED: { status: 400, message: 'This link was already used. Your email may already be verified' },
  LINK_EXPIRED: { status: 400, message: 'This link has expired. Sign in and ask for a new one' },
  ALREADY_VERIFIED: { status: 409, message: 'Your email is already verified' },
} as const;
export type VerificationErrorCode = keyof typeof VERIFICATION_ERRORS;
