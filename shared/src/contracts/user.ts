import { z } from 'zod';
import { LANGUAGES } from '@wallet/shared/i18n/languages';
import { FORMAT_CHARACTERS, idSchema, normalizedEmail, paginationQuerySchema, textSchema } from './common';
import { says, VALIDATION_TEXTS } from './validation';
import { merchantProfileSchema } from './merchants';

export const ROLES = ['USER', 'AGENT', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * What a staff member (an ADMIN to the spec's API) may do, split as payment operators split
 * duties. A member holds one or more; the admin the site starts with is an OWNER holding all.
 *  - OWNER: staff and their roles.
 *  - SUPPORT: people, wallets, blocks, suspensions; triages disputes and rejects them.
 *  - COMPLIANCE: verification, identity reviews (KYC), agent approval.
 *  - FINANCE: fees, limits, reversals, and dispute decisions that reverse (they move money).
 *  - DEPLOYER: releases.
 */
export const STAFF_ROLES = ['OWNER', 'SUPPORT', 'COMPLIANCE', 'FINANCE', 'DEPLOYER'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * How far a person has proven who they are. An unverified account may deposit from a bank and
 * read; it may not send or cash out, and nobody can send to it.
 */
export const TIERS = ['UNVERIFIED', 'EMAIL_VERIFIED', 'KYC_APPROVED'] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

/** The languages the app speaks (English and Bangla) and the cookie that keeps a visitor's choice. */
export { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@wallet/shared/i18n/languages';
export const languageSchema = z.enum(LANGUAGES, { error: says('language') });

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Whether the person opened the link mailed to their address (or Google vouched for it). */
  emailVerified: z.boolean(),
  tier: tierSchema,
  /** Whether the person has a wallet PIN (never the PIN itself), and until when it is locked. */
  pinSet: z.boolean(),
  /**
   * True for a person who signs in with Google only (no password of ours): they set their PIN
   * after signing in with Google again. Never more about the password than that.
   */
  googleOnly: z.boolean(),
  pinLockedUntil: z.string().nullable(),
  /**
   * Until when money cannot leave the wallet, after a forgotten PIN was reset with a mailed code
   * (ISO); null when it can. Incoming money still arrives.
   */
  pinResetHoldUntil: z.string().nullable(),
  /** The language the person chose on their profile; null until they choose one. */
  language: languageSchema.nullable(),
  /**
   * When they chose it (ISO), so the client can keep the later of this choice and one made signed
   * out in the LANGUAGE_COOKIE.
   */
  languageChosenAt: z.string().nullable(),
  /** The caller's merchant profile, on `GET /user/me` (null: not a merchant); absent elsewhere. */
  merchant: merchantProfileSchema.nullable().optional(),
  /** A staff member's (an ADMIN's) roles; absent for users and agents. */
  staffRoles: z.array(staffRoleSchema).optional(),
  /**
   * A staff session the password alone opened, that opens no admin route yet: `passkey` (use your
   * passkey, or a recovery code) or `add-passkey` (STAFF_SECOND_FACTOR=required and none yet: add
   * one with the mailed code, then use it). Absent once complete, and for users and agents.
   */
  secondFactor: z.enum(['passkey', 'add-passkey']).optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * One of the signed-in person's live sessions, as their Security page lists it: the browser and
 * system it signed in from (from its User-Agent; null when unknown), its network (the IPv4
 * address, or the IPv6 /64), when it signed in and was last used, and whether it is this one.
 */
export const sessionSchema = z.object({
  _id: idSchema,
  browser: z.string().nullable(),
  system: z.string().nullable(),
  network: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** What signing out of other sessions did. */
export const sessionsEndedSchema = z.object({ sessionsEnded: z.number().int() });

/** PATCH /user/me: what a person may change about themselves (for now, their language). */
export const updateMeInputSchema = z.strictObject({ language: languageSchema });
export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;

/**
 * Top-level domains a name may not end a word with after a dot ("unlock.example.com"): the
 * commonest, those of the region's mail and phishing, and the cheap ones phishing favours. A name
 * is written into screens others see (a transfer's other party, a shop), so it carries no link.
 */
// prettier-ignore
export const NAME_LINK_TLDS = [
  'com', 'net', 'org', 'info', 'biz', 'io', 'co', 'me', 'app', 'dev', 'xyz', 'top', 'site',
  'online', 'shop', 'store', 'link', 'click', 'live', 'tech', 'club', 'win', 'vip', 'icu', 'buzz',
  'cc', 'ly', 'to', 'gl', 'tk', 'ml', 'ga', 'cf', 'gq', 'bd', 'in', 'pk', 'uk', 'us', 'ru', 'cn',
] as const;

const LINK_IN_NAME = new RegExp(`://|\\bwww\\.|@|\\.(?:${NAME_LINK_TLDS.join('|')})(?![\\p{L}\\p{N}])`, 'iu');

/** Whether a name holds a web address or an email (`://`, `www.`, `@`, or a dot and a known TLD). */
export const nameHasLink = (name: string) => LINK_IN_NAME.test(name);

/**
 * Text others will read as it was typed, under a name's rules: no control or invisible characters,
 * no link or email, trimmed, 1 to `max` characters. A person's name, a request's note.
 */
export function plainTextSchema(max: number) {
  return textSchema()
    .refine((text) => text.search(FORMAT_CHARACTERS) < 0, {
      error: says('noInvisibleCharacters'),
      abort: true,
    })
    .refine((text) => !nameHasLink(text), { error: says('nameNoLinks'), abort: true })
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, { error: says('required') })
        .max(max, { error: says('atMostCharacters', { max }) }),
    );
}

export const registerInputSchema = z.object({
  name: plainTextSchema(100),
  email: normalizedEmail().pipe(z.email({ error: says('invalidEmail') })),
  password: textSchema().pipe(
    z
      .string()
      .min(8, { error: says('atLeastCharacters', { min: 8 }) })
      .max(128, { error: says('atMostCharacters', { max: 128 }) }),
  ),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** Login enforces no format rule (spec §5): any wrong pair is simply "Invalid email or password". */
export const loginInputSchema = z.object({
  email: normalizedEmail(),
  password: textSchema().pipe(z.string().max(128, { error: says('tooLong') })),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const PICKER_PURPOSES = ['transfer', 'cashout'] as const;

/** A picker search: part of a name, or a whole email; never "everyone". */
export const MIN_SEARCH_LENGTH = 3;
export const MAX_PICKER_PAGE = 5;
export const MAX_PICKER_LIMIT = 20;

/** Whether a picker's text may be searched: at least 3 characters of a name, or a whole email. */
export function isSearchable(text: string) {
  const trimmed = text.trim();
  return trimmed.includes('@')
    ? z.email().safeParse(trimmed.toLowerCase()).success
    : trimmed.length >= MIN_SEARCH_LENGTH;
}

/** The picker's hint, in English (the schema's message follows the page's language). */
export const SEARCH_HINT = VALIDATION_TEXTS.searchHint.en;

export const allUserQuerySchema = paginationQuerySchema.extend({
  page: paginationQuerySchema.shape.page.pipe(
    z.number().max(MAX_PICKER_PAGE, { error: says('atMost', { max: MAX_PICKER_PAGE }) }),
  ),
  limit: paginationQuerySchema.shape.limit.pipe(
    z.number().max(MAX_PICKER_LIMIT, { error: says('wholeNumberUpTo', { max: MAX_PICKER_LIMIT }) }),
  ),
  search: textSchema('searchHint')
    .transform((text) => text.trim())
    .pipe(z.string().max(254, { error: says('tooLong') }))
    .refine(isSearchable, { error: says('searchHint') }),
  purpose: z.enum(PICKER_PURPOSES, { error: says('pickerPurpose') }).optional(),
});
export type AllUserQuery = z.infer<typeof allUserQuerySchema>;

/** What a counterpart picker needs; nothing more about other people leaves the server. */
export const counterpartSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Counterpart = z.infer<typeof counterpartSchema>;

/** POST /auth/logout-all: how many sessions (devices) were ended, this one included. */
export const logoutAllResultSchema = z.object({ sessionsEnded: z.number().int() });
export type LogoutAllResult = z.infer<typeof logoutAllResultSchema>;
