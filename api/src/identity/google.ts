import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { CONTROL_CHARACTERS, FORMAT_CHARACTERS } from '@wallet/shared/contracts';
import type { Executor } from '../db/client';
import { oidcLogins } from '../db/schema';

/** Why a sign-in went back to /login; the login page turns the code into words. */
export type GoogleFailure =
  | 'google_unavailable'
  | 'google_denied'
  | 'google_state'
  | 'google_failed'
  | 'google_unverified'
  | 'google_admin'
  | 'google_reauth';

export class GoogleLoginError extends Error {
  constructor(
    readonly reason: GoogleFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  publicUrl: string;
}

const LOGIN_TTL_MS = 10 * 60 * 1000;
const CALLBACK_PATH = '/api/v1/auth/google/callback';

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

function isLoopback(url: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * OpenID Connect authorization code flow with PKCE, state and nonce (openid-client). The
 * verifier and nonce stay on the server, keyed by the state's hash and usable once; the state
 * also rides in a short-lived cookie, so a callback only completes in the browser that started it.
 */
export class GoogleLogin {
  private configuration: Promise<oidc.Configuration> | undefined;
  readonly redirectUri: string;

  constructor(private readonly settings: GoogleSettings) {
    this.redirectUri = new URL(CALLBACK_PATH, settings.publicUrl).href;
  }

  private discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    // Plain http only for a provider on this machine (tests, local development).
    const options =
      issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined;
    this.configuration ??= oidc
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, options)
      .catch((error) => {
        this.configuration = undefined;
        throw new GoogleLoginError('google_failed', `discovery failed: ${(error as Error).message}`);
      });
    return this.configuration;
  }

  /**
   * `reauth`: the person must sign in at Google again now (prompt=login, max_age=0), and the ID
   * token's auth_time must show it: what lets a person without a password set their wallet PIN.
   */
  async start(db: Executor, { reauth = false } = {}): Promise<{ url: string; state: string }> {
    const configuration = await this.discover();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await db
      .insert(oidcLogins)
      .values({ stateHash: hash(state), codeVerifier, nonce, reauth, expiresAt: new Date(Date.now() + LOGIN_TTL_MS) });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(reauth ? { prompt: 'login', max_age: '0' } : {}),
    });
    return { url: url.href, state };
  }

  /** Verifies the callback and returns the person's identity (issuer and subject), verified email and name. */
  async finish(db: Executor, callbackPathAndQuery: string, browserState: string | undefined) {
    const callbackUrl = new URL(callbackPathAndQuery, this.redirectUri);
    const state = callbackUrl.searchParams.get('state');
    if (!state || !browserState || state !== browserState)
      throw new GoogleLoginError('google_state', 'state does not match this browser');
    const [login] = await db
      .delete(oidcLogins)
      .where(and(eq(oidcLogins.stateHash, hash(state)), gt(oidcLogins.expiresAt, new Date())))
      .returning();
    if (!login) throw new GoogleLoginError('google_state', 'unknown, used or expired state');
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) throw new GoogleLoginError('google_denied', `provider answered ${providerError}`);

    const configuration = await this.discover();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new GoogleLoginError('google_failed', `code exchange failed: ${(error as Error).message}`);
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims?.email_verified !== true)
      throw new GoogleLoginError('google_unverified', 'email missing or not verified');
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!;
    // Google's name as a new name must be: no control characters, no format characters (bidi, zero-width).
    const cleanName =
      name.replace(CONTROL_CHARACTERS, ' ').replace(FORMAT_CHARACTERS, '').trim() || email.split('@')[0]!;
    // `hd`: the Google Workspace domain of the account, present only when Google manages it.
    const hostedDomain = typeof claims.hd === 'string' ? claims.hd.trim().toLowerCase() : undefined;
    // A sign-in asked again must have happened just now, by Google's own clock of it.
    const authTime = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : undefined;
    const reauthenticated = login.reauth && authTime !== undefined && Date.now() - authTime < REAUTH_FRESH_MS;
    if (login.reauth && !reauthenticated) {
      throw new GoogleLoginError('google_reauth', 'the provider did not ask the person to sign in again');
    }
    return { issuer: claims.iss, subject: claims.sub, email, name: cleanName, hostedDomain, reauthenticated };
  }
}

/** How recent Google's auth_time must be for a sign-in asked again (its clock may differ a little). */
const REAUTH_FRESH_MS = 2 * 60_000;

/** Sign-ins that were started and never finished (the maintenance job runs it). */
export async function purgeExpiredLogins(db: Executor) {
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
}
