import { z } from 'zod';
import { idSchema, paginationQuerySchema, reasonSchema, textSchema } from './common';
import { roleSchema } from './user';
import { says, validationText } from './validation';

/** The public page a verification mail links to; it posts the token only when the person confirms. */
export const VERIFY_EMAIL_PAGE = '/verify-email';
/** POST { token }: the link's token, used once. */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
/** POST, signed in: a new link, limited. */
export const RESEND_VERIFICATION_PATH = '/auth/verify-email/resend';
/** POST { token }: which account the link verifies (its email and when it signed up), the link left unused. */
export const VERIFY_EMAIL_ACCOUNT_PATH = '/auth/verify-email/account';
/** POST { token }: "I did not sign up": the link's account is closed, its bonus returned. */
export const DECLINE_SIGNUP_PATH = '/auth/verify-email/decline';
/** How long a link works. */
export const VERIFICATION_LINK_HOURS = 24;

export const verifyEmailInputSchema = z.object({
  token: textSchema().pipe(
    z
      .string()
      .min(1, { error: says('required') })
      .max(200, { error: says('tooLong') }),
  ),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

/**
 * The account a link verifies, as the verify page names it: the address and when it signed up. Not
 * its name: the person who signed up typed that, and it is no proof of anything to the address's owner.
 */
export const verifyEmailAccountSchema = z.object({ email: z.string(), signedUpAt: z.string() });
export type VerifyEmailAccount = z.infer<typeof verifyEmailAccountSchema>;

/** The answer to a resend: where the new link went. */
export const resendVerificationResultSchema = z.object({ sentTo: z.string() });
export type ResendVerificationResult = z.infer<typeof resendVerificationResultSchema>;

/** What the verification calls answer, and their refusals (each with its code). */
export const VERIFICATION_TEXTS = {
  verified: 'Your email is verified',
  resent: 'We sent a new link to your email',
  account: 'The account this link verifies',
  declined: 'We closed the account. This address is free, and we will send it nothing more about it',
} as const;

export const VERIFICATION_ERRORS = {
  LINK_INVALID: { status: 400, message: 'This link is not valid. Open the latest link we sent you' },
  LINK_USED: { status: 400, message: 'This link was already used. Your email may already be verified' },
  LINK_EXPIRED: { status: 400, message: 'This link has expired. Sign in and ask for a new one' },
  ALREADY_VERIFIED: { status: 409, message: 'Your email is already verified' },
  MAIL_UNAVAILABLE: { status: 503, message: 'We could not send the mail. Please try again in a moment.' },
  ACCOUNT_IN_USE: {
    status: 409,
    message: 'This account has already moved money, so it cannot be closed from a link. Please write to us',
  },
  ALREADY_CLOSED: { status: 409, message: 'This account is already closed' },
} as const;
export type VerificationErrorCode = keyof typeof VERIFICATION_ERRORS;

/**
 * KYC: a person whose email is verified asks for their identity to be reviewed; an admin approves
 * (the person becomes KYC_APPROVED) or rejects, always with a reason.
 */
export const KYC_REQUEST_PATH = '/user/kyc-request';
export const ADMIN_KYC_PATH = '/admin/kyc';
/** GET: people whose email is not verified, newest first (an admin may verify one by hand). */
export const ADMIN_UNVERIFIED_PATH = '/admin/unverified';
/** PATCH /admin/verify/{id}: an address verified by hand. */
export const ADMIN_VERIFY_PATH = '/admin/verify';

/**
 * What staff saw in an identity review (issue 42): an approval names at least one identity
 * document (a national ID card or a passport); the face matched to it and a proof of address
 * are recorded when seen. Kept with the decision.
 */
export const KYC_CHECKS = ['national_id', 'passport', 'face_match', 'address_proof'] as const;
export const kycCheckSchema = z.enum(KYC_CHECKS, { error: says('kycCheck') });
export type KycCheck = z.infer<typeof kycCheckSchema>;
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const kycRequestSchema = z.object({
  _id: idSchema,
  status: kycStatusSchema,
  /** The admin's reason, once decided. */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** What the admin saw, for an approval (KYC_CHECKS); empty otherwise. */
  checked: z.array(kycCheckSchema),
});
export type KycRequest = z.infer<typeof kycRequestSchema>;

/** A request in the admin's queue, with who asked. */
export const adminKycRowSchema = kycRequestSchema.extend({
  person: z.object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    /** Their registration bonus still held (Taka): an approval lets it out, within the day's budget. */
    held: z.number(),
  }),
});
export type AdminKycRow = z.infer<typeof adminKycRowSchema>;

/** GET /admin/kyc: pending requests by default, oldest first (the queue). */
export const adminKycQuerySchema = paginationQuerySchema.extend({
  status: kycStatusSchema.default('pending'),
});
export type AdminKycQuery = z.infer<typeof adminKycQuerySchema>;

export const KYC_DECISIONS = ['approve', 'reject'] as const;
/** The checks that are identity documents: an approval names one at least (kyc_requests_approval_checked_chk too). */
export const KYC_IDENTITY_DOCUMENTS: readonly KycCheck[] = ['national_id', 'passport'];
export const kycDecisionInputSchema = z
  .object({
    decision: z.enum(KYC_DECISIONS, { error: says('kycDecision') }),
    reason: reasonSchema,
    checked: z.array(kycCheckSchema).max(KYC_CHECKS.length).default([]),
  })
  .superRefine((input, context) => {
    if (input.decision === 'approve' && !input.checked.some((check) => KYC_IDENTITY_DOCUMENTS.includes(check))) {
      context.addIssue({ code: 'custom', path: ['checked'], message: validationText('kycIdentityDocument') });
    }
  });
export type KycDecisionInput = z.infer<typeof kycDecisionInputSchema>;

export const KYC_TEXTS = {
  requested: 'Your request for a review was sent',
  yours: 'Your verification request',
  queue: 'Verification requests retrieved',
  approved: 'KYC approved',
  rejected: 'KYC rejected',
  unverified: 'Unverified people retrieved',
} as const;

export const KYC_ERRORS = {
  KYC_NEEDS_EMAIL: { status: 403, message: 'Verify your email before you ask for a review' },
  KYC_PENDING: { status: 409, message: 'Your request is already waiting for a review' },
  KYC_DONE: { status: 409, message: 'Your identity is already verified' },
  KYC_DECIDED: { status: 409, message: 'This request was already decided' },
  KYC_NOT_FOUND: { status: 404, message: 'Request not found' },
} as const;
export type KycErrorCode = keyof typeof KYC_ERRORS;
