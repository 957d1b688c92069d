import { z } from 'zod';
import { idSchema } from './common';

/** How long a ceremony's challenge, a mailed passkey code and a fresh sign-in's grace last. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_CODE_MINUTES = 10;

/**
 * POST /auth/passkey/register/options: the proof that the person adding a passkey is the
 * account's owner, not a stolen session: their password (users and agents), or the code mailed
 * by POST /auth/passkey/code (staff). Within 5 minutes of a fresh sign-in (Google asked again, a
 * passkey, or a staff invitation) neither is needed.
 */
export const passkeyProofInputSchema = z.strictObject({
  password: z.string().min(1).max(128).optional(),
  code: z
    .string()
    .regex(/^\d{8}$/, { error: 'must be the 8 digits we mailed you' })
    .optional(),
});
export type PasskeyProofInput = z.infer<typeof passkeyProofInputSchema>;

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[\w-]*$/, { error: 'must be base64url' })
    .max(max);

/** The library's standard JSON of a registration (SimpleWebAuthn's RegistrationResponseJSON), its shape bounded. */
export const registrationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** The library's standard JSON of a sign-in (SimpleWebAuthn's AuthenticationResponseJSON), its shape bounded. */
export const authenticationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    // RSA-4096 signatures are 683 characters, post-quantum ones several thousand.
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** One of the person's passkeys, as their Security page lists it. */
export const passkeySchema = z.object({
  _id: idSchema,
  name: z.string(),
  /** Synced between the person's devices (a multi-device credential), as the authenticator said. */
  synced: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * A passkey just added. A staff member's first one comes with their ten recovery codes, shown
 * this once: each completes one sign-in when the passkey is lost.
 */
export const addedPasskeySchema = passkeySchema.extend({ recoveryCodes: z.array(z.string()).optional() });
export type AddedPasskey = z.infer<typeof addedPasskeySchema>;

/** How many recovery codes there are, and their form: three groups of four letters or digits. */
export const RECOVERY_CODE_COUNT = 10;
/** POST /auth/recovery: one of the ten codes, spaces, dashes and case aside. */
export const recoveryCodeInputSchema = z.strictObject({
  code: z
    .string()
    .max(32, { error: 'must be one of your recovery codes' })
    .transform((text) => text.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{12}$/, { error: 'must be one of your recovery codes' })),
});

export const renamePasskeyInputSchema = z.strictObject({
  name: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, { error: 'is required' }).max(64, { error: 'must be at most 64 characters' })),
});

/** Passkeys: each code with its status and the message people read. */
export const PASSKEY_ERRORS = {
  PASSKEY_PROOF_NEEDED: { status: 403, message: 'Enter your password to add a passkey' },
  PASSKEY_CODE_NEEDED: { status: 403, message: 'Enter the code we mailed you to add a passkey' },
  PASSKEY_CODE_WRONG: { status: 403, message: 'This code is not right or has expired: ask for a new one' },
  PASSKEY_CHALLENGE: { status: 400, message: 'This passkey request has expired or was already used: try again' },
  PASSKEY_REFUSED: { status: 400, message: 'This passkey could not be verified' },
  PASSKEY_UNKNOWN: { status: 401, message: 'This passkey is not known here' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found' },
  PASSKEY_FRESH_NEEDED: {
    status: 403,
    message: 'Sign in with one of your passkeys (or a recovery code) again to add another',
  },
  SECOND_FACTOR_NEEDED: {
    status: 403,
    message: 'Complete your sign-in with your passkey or a recovery code first',
  },
  RECOVERY_CODE_WRONG: { status: 403, message: 'This recovery code is not right or was already used' },
} as const;
