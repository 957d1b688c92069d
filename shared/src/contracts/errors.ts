import { APPROVAL_ERRORS } from './approvals';
import { FLOAT_ERRORS } from './commission-float';
import { MERCHANT_ERRORS } from './merchants';
import { MERCHANT_QR_ERRORS } from './payments';
import { DISPUTE_ERRORS } from './disputes';
import { FEE_SCHEDULE_ERRORS, REVERSAL_ERRORS } from './fees';
import { LIMITS_ERRORS } from './limits';
import { PIN_ERRORS } from './pin';
import { type ERROR_CODES, REFUSALS, type VALIDATION_FAILED } from './refusals';
import { PASSKEY_ERRORS } from './passkeys';
import { STAFF_ERRORS } from './staff';
import { KYC_ERRORS, VERIFICATION_ERRORS } from './verification';
import { MONEY_REQUEST_ERRORS } from './requests';
import { PUSH_ERRORS } from './push';

/**
 * The API's refusals beyond the money movements' (REFUSALS) and the other features' own tables
 * (DISPUTE_ERRORS, REVERSAL_ERRORS, FEE_SCHEDULE_ERRORS, PIN_ERRORS, LIMITS_ERRORS, VERIFICATION_ERRORS, KYC_ERRORS):
 * each code (the error reply's `code`) with its HTTP status and the message people read. A
 * message's `{name}` is filled from the reply's `params`, as the screens in other languages fill
 * their own wording of it.
 */

/** Signing up and signing in. */
export const AUTH_ERRORS = {
  USER_EXISTS: { status: 409, message: 'User Already Exist' },
  WRONG_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  // The password-hashing line is full: nothing was checked, the person simply tries again.
  SIGN_INS_BUSY: { status: 503, message: 'Too many sign-ins at once. Please try again in a moment.' },
  // One of the caller's own sessions, by id: another person's is not found either.
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
} as const;

/** An admin's actions on people and wallets. */
export const ADMIN_ERRORS = {
  EMAIL_NOT_VERIFIED: { status: 409, message: 'This person has not verified their email yet' },
  NOT_A_USER: { status: 409, message: 'Only a user can be approved as an agent' },
  AGENT_NOT_ACTIVE: { status: 409, message: 'Only an active agent can be suspended' },
  AGENT_NOT_SUSPENDED: { status: 409, message: 'Only a suspended agent can be reactivated' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'This email is already verified' },
  WALLET_ALREADY_BLOCKED: { status: 409, message: 'Wallet is already blocked' },
  WALLET_NOT_BLOCKED: { status: 409, message: 'Wallet is not blocked' },
  USER_WALLET_NOT_FOUND: { status: 404, message: 'Wallet not found for this user' },
} as const;
export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

/** The caller's own wallet and lists. */
export const WALLET_ERRORS = {
  NO_WALLET: { status: 404, message: 'You have no wallet' },
  PAGE_TOO_FAR: {
    status: 400,
    message: 'This page is too far to open directly: go there with Next from the page before',
  },
} as const;

/** Refused before any route: a request from another site, a live stream the server cannot hold. */
export const REQUEST_ERRORS = {
  ORIGIN_NOT_ALLOWED: { status: 403, message: 'Requests from this origin are not allowed' },
  EVENTS_CLOSING: { status: 503, message: 'The server is shutting down' },
  EVENTS_FULL: { status: 503, message: 'Too many live connections on this server. Please try again later.' },
  EVENTS_NETWORK_FULL: {
    status: 429,
    message: 'Too many live connections from your network. Please try again later.',
  },
  EVENTS_EMAIL_NOT_VERIFIED: { status: 403, message: 'Verify your email to see your wallet change live' },
} as const;

/** Releases, rollouts, deployers and deploy tokens (the Releases screen and `pnpm release`). */
export const RELEASE_ERRORS = {
  NOT_DEPLOYER: { status: 403, message: 'Only a deployer may publish or switch releases' },
  NOT_TOKEN_MANAGER: { status: 403, message: 'Only a deployer may create or revoke deploy tokens' },
  TOKEN_AREA: { status: 403, message: 'This deploy token may not release {area}' },
  ADMINS_ONLY: { status: 403, message: 'Deployers are managed by admins' },
  TOKEN_INVALID: { status: 401, message: 'Invalid deploy token' },
  UNKNOWN_AREA: { status: 404, message: 'Unknown area' },
  ORIGIN_NOT_LISTED: {
    status: 400,
    message: 'Releases may not come from {origin}: the site takes code only from {allowed} (RELEASE_ORIGINS)',
  },
  MANIFEST_URL: {
    status: 400,
    message: "A release's URL must point at its mf-manifest.json, with no query or fragment",
  },
  ENTRY_TIMEOUT: { status: 400, message: "The release's remoteEntry.js could not be fetched: no answer in 10 s" },
  ENTRY_UNREACHABLE: {
    status: 400,
    message: "The release's remoteEntry.js could not be fetched: no answer, or a redirect",
  },
  ENTRY_STATUS: { status: 400, message: "The release's remoteEntry.js could not be fetched: {url} answered {status}" },
  ENTRY_TOO_LARGE: {
    status: 400,
    message: "The release's remoteEntry.js could not be fetched: it is larger than 5 MB",
  },
  PAGE_STATUS: {
    status: 400,
    message: "The release's pre-rendered page could not be fetched: {url} answered {status}",
  },
  PAGE_UNREACHABLE: {
    status: 400,
    message: "The release's pre-rendered page {url} could not be fetched: no answer in 10 s, a redirect, or over 1 MB",
  },
  HOST_FROM_FILES: { status: 400, message: 'The host is released from files, not a URL' },
  RELEASE_FILES_MISSING: { status: 400, message: 'Release {version} of {area} has no {file}: copy its files first' },
  RELEASE_EXISTS: { status: 409, message: 'This release already exists' },
  RELEASE_NOT_FOUND: { status: 404, message: 'Release not found' },
  RELEASE_ALREADY_LIVE: { status: 409, message: 'This release is already live' },
  NO_LIVE_RELEASE: { status: 409, message: 'This area has no live release: make one live first' },
  NO_ROLLOUT: { status: 409, message: 'No release is rolling out in this area' },
  NO_EARLIER_RELEASE: { status: 409, message: 'This area has no earlier release to roll back to' },
  OWN_DEPLOY_PERMISSION: { status: 403, message: 'An admin cannot grant or revoke their own deploy permission' },
  ADMIN_NOT_FOUND: { status: 404, message: 'Admin not found' },
  ALREADY_DEPLOYS: { status: 409, message: 'This admin already deploys' },
  DOES_NOT_DEPLOY: { status: 409, message: 'This admin does not deploy' },
  TOKEN_NAME_IN_USE: {
    status: 409,
    message: 'A token of that name is in use: revoke it first or choose another name',
  },
  TOKEN_NOT_FOUND: { status: 404, message: 'Deploy token not found' },
  STARTUP_TOKEN: { status: 409, message: "The startup token is replaced at the site's next start, not revoked" },
  TOKEN_REVOKED: { status: 409, message: 'This token is already revoked' },
} as const;

/**
 * What the codes of ERROR_CODES (any other error, by its status) and VALIDATION_FAILED mean, in
 * English: the API's messages for them vary (the field at fault, the route not found), so a
 * screen in another language says this instead.
 */
export const GENERIC_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  VALIDATION_FAILED: { status: 400, message: 'Some of the details given are not valid' },
  UNAUTHENTICATED: { status: 401, message: 'Please log in' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'This cannot be done now' },
  BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  PATH_TOO_LONG: { status: 414, message: 'The request path is too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  UNPROCESSABLE: { status: 422, message: 'This request cannot be processed' },
  // Worded by the API with the wait (limits.ts): in minutes from 2 minutes up, else in seconds.
  RATE_LIMITED: {
    status: 429,
    message:
      'Too many attempts. Please try again in {retryIn, select, minutes {{retryAfterMinutes} minutes} other {{retryAfterSeconds} seconds}}.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable. Please try again.' },
} as const satisfies Record<
  (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | typeof VALIDATION_FAILED,
  { status: number; message: string }
>;

/**
 * Every table of error codes: a code names one message wherever it appears (TRANSACTION_NOT_FOUND
 * is the reports' and the reversals'), and the screens' catalogs word each code once.
 */
export const ERROR_TABLES = {
  REFUSALS,
  DISPUTE_ERRORS,
  REVERSAL_ERRORS,
  FEE_SCHEDULE_ERRORS,
  PIN_ERRORS,
  LIMITS_ERRORS,
  VERIFICATION_ERRORS,
  KYC_ERRORS,
  AUTH_ERRORS,
  ADMIN_ERRORS,
  WALLET_ERRORS,
  REQUEST_ERRORS,
  RELEASE_ERRORS,
  STAFF_ERRORS,
  PASSKEY_ERRORS,
  APPROVAL_ERRORS,
  FLOAT_ERRORS,
  MERCHANT_ERRORS,
  MERCHANT_QR_ERRORS,
  MONEY_REQUEST_ERRORS,
  PUSH_ERRORS,
  GENERIC_ERRORS,
} as const satisfies Record<string, Record<string, { status: number; message: string }>>;
