import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { auditLog, transactions, userIdentities, users } from '../src/db/schema';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { createTestContext, PASSWORD, type TestContext, PIN } from './helpers';

/** Sign in with Google, offline: a local OpenID provider stands in for accounts.google.com. */
const SITE = 'http://localhost:3000';
let provider: OAuth2Server;
let t: TestContext;
let claims: Record<string, unknown> = {};

before(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    if ('nonce' in token.payload || 'aud' in token.payload) Object.assign(token.payload, claims);
  });
  t = await createTestContext({
    GOOGLE_CLIENT_ID: 'wallet-web',
    GOOGLE_CLIENT_SECRET: 'wallet-secret',
    OIDC_ISSUER: provider.issuer.url!,
    PUBLIC_URL: SITE,
  });
});
after(async () => {
  await t.close();
  await provider.stop();
});

interface Started {
  authorizeUrl: URL;
  stateCookie: string;
}

async function start(): Promise<Started> {
  const response = await t.inject({ method: 'GET', url: '/api/v1/auth/google' });
  expect(response.statusCode).toBe(302);
  const stateCookie = response.cookies.find((c) => c.name === 'wallet_oidc_state');
  expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  return { authorizeUrl: new URL(response.headers.location as string), stateCookie: stateCookie!.value };
}

/** What the provider sends the browser back to, as the browser would follow it. */
async function authorize(started: Started) {
  const response = await fetch(started.authorizeUrl, { redirect: 'manual' });
  const callback = new URL(response.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${SITE}/api/v1/auth/google/callback`);
  return callback.pathname + callback.search;
}

function callback(pathAndQuery: string, stateCookie?: string) {
  return t.inject({
    method: 'GET',
    url: pathAndQuery,
    headers: stateCookie ? { cookie: `wallet_oidc_state=${stateCookie}` } : {},
  });
}

/** The provider's stable id for a person: by default one per email, as Google's `sub` is one per account. */
async function signIn(person: Record<string, unknown>) {
  claims = { sub: `google-${String(person.email)}`, ...person };
  const started = await start();
  return callback(await authorize(started), started.stateCookie);
}

const sessionOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === SESSION_COOKIE && c.value);

describe('Sign in with Google', () => {
  it('should send the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizeUrl, stateCookie } = await start();
    expect(authorizeUrl.origin).toBe(new URL(provider.issuer.url!).origin);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toMatchObject({
      client_id: 'wallet-web',
      response_type: 'code',
      redirect_uri: `${SITE}/api/v1/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: stateCookie,
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{20,}$/);
  });

  it('should create a new USER with a wallet and the 50 Taka bonus (held), sign them in and send them to /', async () => {
    const email = t.uniqueEmail('Gina');
    const response = await signIn({ email: email.toUpperCase(), email_verified: true, name: 'Gina Google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${SITE}/`);
    const session = sessionOf(response)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: session.value })).json();
    // Google vouched for the address: the account is verified from the start.
    expect(me.data).toMatchObject({
      email,
      name: 'Gina Google',
      role: 'USER',
      emailVerified: true,
      tier: 'EMAIL_VERIFIED',
    });
    // Held, as every bonus is, until staff approve who she is: Google vouches for the address only.
    const wallet = (await t.inject({ method: 'GET', url: '/api/v1/wallet/me', cookie: session.value })).json().data;
    expect(wallet).toMatchObject({ balance: 50, available: 0, held: 50 });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toBeNull();
    // No password to guess: a password login for this account always fails.
    expect(
      (await t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: '' } })).statusCode,
    ).toBe(401);
  });

  it('should link an existing account by its verified email, without a second bonus, and verify it', async () => {
    const ann = await t.user('Ann', { verified: false });
    // The address is of a Workspace domain that manages the Google account (its `hd`).
    const response = await signIn({ email: ann.email, email_verified: true, name: 'Someone Else', hd: 'example.com' });
    const me = (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: sessionOf(response)!.value })).json();
    expect(me.data).toMatchObject({ _id: ann.id, name: 'Ann', emailVerified: true });
    expect(await t.db.select().from(transactions).where(eq(transactions.receiverUserId, ann.id))).toHaveLength(1);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, ann.id))).toEqual([
      expect.objectContaining({ issuer: provider.issuer.url, subject: `google-${ann.email}`, email: ann.email }),
    ]);
  });

  it('should not let whoever registered an email first keep the account once its owner signs in with Google', async () => {
    // An attacker registers the victim's address with a password of their own and stays signed in.
    const squatted = await t.user('Victim');
    const victim = await signIn({ email: squatted.email, email_verified: true, name: 'Victim', hd: 'example.com' });
    expect(victim.headers.location).toBe(`${SITE}/`);
    // The attacker's password and session are gone; the victim's session works.
    const attackerLogin = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: squatted.email, password: PASSWORD },
    });
    expect(attackerLogin.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: squatted.cookie })).statusCode).toBe(401);
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: sessionOf(victim)!.value });
    expect(me.json().data._id).toBe(squatted.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatted.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('should find a linked person by the provider subject, even after their email changed there', async () => {
    const email = t.uniqueEmail('Moved');
    const first = await signIn({ sub: 'subject-moved', email, email_verified: true });
    const firstId = (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: sessionOf(first)!.value })).json()
      .data._id;
    const later = await signIn({ sub: 'subject-moved', email: t.uniqueEmail('Renamed'), email_verified: true });
    const laterId = (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: sessionOf(later)!.value })).json()
      .data._id;
    expect(laterId).toBe(firstId);
    expect(await t.db.select().from(users).where(eq(users.id, firstId))).toHaveLength(1);
  });

  it('should audit a link and mail the address about it', async () => {
    const ann = await t.user('Linked');
    const response = await signIn({ email: ann.email, email_verified: true, hd: 'example.com' });
    expect(response.headers.location).toBe(`${SITE}/`);
    // Her own PIN and identity review, as the test made her, are audited too (pin_set, kyc_approve).
    const linked = async () =>
      (await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, ann.id))).filter(
        (row) => row.action !== 'pin_set' && row.action !== 'kyc_approve',
      );
    const audit = await linked();
    expect(audit).toEqual([expect.objectContaining({ action: 'link_google', adminId: ann.id })]);
    const mail = t.app.mailer.outbox!.find(
      (message) => message.recipient === ann.email && /Google/.test(message.subject),
    );
    expect(mail?.subject).toBe('Google sign-in was linked to your Digital Wallet account');
    // Signing in again with the same identity is no new link.
    await signIn({ email: ann.email, email_verified: true, hd: 'example.com' });
    expect(await linked()).toHaveLength(1);
  });

  it('should not link an address Google does not own: not Gmail, and no Workspace domain vouching for it', async () => {
    const kim = await t.user('Kim');
    for (const hd of [undefined, 'other.example']) {
      const response = await signIn({ email: kim.email, email_verified: true, ...(hd ? { hd } : {}) });
      expect(response.headers.location).toBe(`${SITE}/login?error=google_domain`);
      expect(sessionOf(response)).toBeUndefined();
    }
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, kim.id))).toEqual([]);
    // The account is as it was: its password still signs in.
    await t.login(kim.email);
  });

  it('should link a Gmail address without a Workspace domain', async () => {
    const email = `linked.${Date.now()}@gmail.com`;
    const registered = await t.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name: 'Gail', email, password: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const response = await signIn({ email, email_verified: true });
    expect(response.headers.location).toBe(`${SITE}/`);
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: sessionOf(response)!.value });
    expect(me.json().data).toMatchObject({ email, emailVerified: true });
  });

  it('should never move an account from one Google identity to another', async () => {
    const lee = await t.user('Lee');
    const first = await signIn({ sub: 'google-lee-first', email: lee.email, email_verified: true, hd: 'example.com' });
    expect(first.headers.location).toBe(`${SITE}/`);
    // Another Google account that now claims the same address (a recycled Workspace address).
    const second = await signIn({
      sub: 'google-lee-second',
      email: lee.email,
      email_verified: true,
      hd: 'example.com',
    });
    expect(second.headers.location).toBe(`${SITE}/login?error=google_linked_elsewhere`);
    expect(sessionOf(second)).toBeUndefined();
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, lee.id))).toEqual([
      expect.objectContaining({ subject: 'google-lee-first' }),
    ]);
  });

  it('should never link an ADMIN automatically: sent back to /login, the password still the only way in', async () => {
    const admin = await t.admin();
    const response = await signIn({ email: admin.email, email_verified: true });
    expect(response.headers.location).toBe(`${SITE}/login?error=google_admin`);
    expect(sessionOf(response)).toBeUndefined();
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, admin.id))).toEqual([]);
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: admin.cookie })).statusCode).toBe(200);
    await t.login(admin.email);
  });

  it('should refuse a tampered state', async () => {
    claims = { email: t.uniqueEmail('Tamper'), email_verified: true };
    const started = await start();
    const returned = await authorize(started);
    const response = await callback(returned.replace(/state=[^&]+/, 'state=forged-state'), started.stateCookie);
    expect(response.headers.location).toBe(`${SITE}/login?error=google_state`);
    expect(sessionOf(response)).toBeUndefined();
  });

  it('should refuse a callback in a browser that did not start the sign-in (no state cookie)', async () => {
    claims = { email: t.uniqueEmail('Csrf'), email_verified: true };
    const started = await start();
    const response = await callback(await authorize(started));
    expect(response.headers.location).toBe(`${SITE}/login?error=google_state`);
    expect(sessionOf(response)).toBeUndefined();
  });

  it('should refuse a reused code: the same callback a second time', async () => {
    const email = t.uniqueEmail('Reuse');
    claims = { email, email_verified: true };
    const started = await start();
    const returned = await authorize(started);
    expect(sessionOf(await callback(returned, started.stateCookie))).toBeDefined();
    const again = await callback(returned, started.stateCookie);
    expect(again.headers.location).toBe(`${SITE}/login?error=google_state`);
    expect(sessionOf(again)).toBeUndefined();
  });

  it('should refuse a code the provider will not exchange', async () => {
    claims = { email: t.uniqueEmail('Grant'), email_verified: true };
    const started = await start();
    const returned = await authorize(started);
    provider.service.once('beforeResponse', (tokenResponse) => {
      tokenResponse.body = { error: 'invalid_grant' };
      tokenResponse.statusCode = 400;
    });
    const response = await callback(returned, started.stateCookie);
    expect(response.headers.location).toBe(`${SITE}/login?error=google_failed`);
    expect(sessionOf(response)).toBeUndefined();
  });

  it('should refuse an unverified email and create nobody', async () => {
    const email = t.uniqueEmail('Unverified');
    const response = await signIn({ email, email_verified: false });
    expect(response.headers.location).toBe(`${SITE}/login?error=google_unverified`);
    expect(sessionOf(response)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('should bring a provider error (the person said no) back to /login', async () => {
    const started = await start();
    const state = started.authorizeUrl.searchParams.get('state');
    const response = await callback(
      `/api/v1/auth/google/callback?error=access_denied&state=${state}`,
      started.stateCookie,
    );
    expect(response.headers.location).toBe(`${SITE}/login?error=google_denied`);
    expect(sessionOf(response)).toBeUndefined();
  });

  it('should treat a blocked wallet and a suspended agent as a password login does: signed in, money refused', async () => {
    const admin = await t.admin();
    const blocked = await t.user('Blocked');
    const agent = await t.agent('Agent', admin);
    await t.inject({ method: 'PATCH', url: `/api/v1/admin/block/${blocked.walletId}`, cookie: admin.cookie });
    await t.inject({ method: 'PATCH', url: `/api/v1/admin/suspend/${agent.id}`, cookie: admin.cookie });

    const blockedSession = sessionOf(
      await signIn({ email: blocked.email, email_verified: true, hd: 'example.com' }),
    )!.value;
    const deposit = await t.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      cookie: blockedSession,
      payload: { balance: 1 },
    });
    expect(deposit.json()).toMatchObject({ statusCode: 403, message: 'Wallet is blocked' });

    const agentSession = sessionOf(
      await signIn({ email: agent.email, email_verified: true, hd: 'example.com' }),
    )!.value;
    const cashIn = await t.inject({
      method: 'POST',
      url: '/api/v1/agent/cash-in',
      cookie: agentSession,
      headers: { 'x-wallet-pin': PIN },
      payload: { userId: blocked.id, balance: 1 },
    });
    expect(cashIn.json()).toMatchObject({ statusCode: 403, message: 'Agent is suspended' });
  });
});

describe('Sign in with Google, not configured', () => {
  it('should send the browser back to /login with google_unavailable, never a 500', async () => {
    const bare = await createTestContext();
    try {
      for (const url of ['/api/v1/auth/google', '/api/v1/auth/google/callback?code=x&state=y']) {
        const response = await bare.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/login?error=google_unavailable');
      }
    } finally {
      await bare.close();
    }
  });

  it('should come back to /login with google_failed when the provider cannot be reached', async () => {
    const unreachable = await createTestContext({
      GOOGLE_CLIENT_ID: 'x',
      GOOGLE_CLIENT_SECRET: 'y',
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      PUBLIC_URL: SITE,
    });
    try {
      const response = await unreachable.inject({ method: 'GET', url: '/api/v1/auth/google' });
      expect(response.headers.location).toBe(`${SITE}/login?error=google_failed`);
    } finally {
      await unreachable.close();
    }
  });
  it('should let a person without a password set their PIN only within 5 minutes of Google asking them to sign in again', async () => {
    const email = t.uniqueEmail('Googler');
    const first = sessionOf(await signIn({ email, email_verified: true }))!.value;
    const setPin = (cookie: string) =>
      t.inject({ method: 'PUT', url: '/api/v1/user/pin', cookie, payload: { pin: PIN } });
    expect((await setPin(first)).json()).toMatchObject({ statusCode: 403, code: 'GOOGLE_SIGN_IN_NEEDED' });
    // The Security page knows to send them to Google rather than ask for a password.
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: first });
    expect(me.json().data).toMatchObject({ googleOnly: true, pinSet: false });

    // Signing in again: Google is told to ask (prompt=login, max_age=0), and its auth_time shows it did.
    claims = { sub: `google-${email}`, email, email_verified: true, auth_time: Math.floor(Date.now() / 1000) };
    const started = await t.inject({ method: 'GET', url: '/api/v1/auth/google?reauth=1' });
    const authorizeUrl = new URL(started.headers.location as string);
    expect(authorizeUrl.searchParams.get('prompt')).toBe('login');
    expect(authorizeUrl.searchParams.get('max_age')).toBe('0');
    const stateCookie = started.cookies.find((c) => c.name === 'wallet_oidc_state')!.value;
    const back = await callback(await authorize({ authorizeUrl, stateCookie }), stateCookie);
    expect(back.headers.location).toBe(`${SITE}/user/security`);
    const again = sessionOf(back)!.value;
    const set = await setPin(again);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ message: 'Your PIN is set', data: { pinSet: true } });

    // A PIN that exists is never replaced by Google alone: a forgotten one takes the mailed code too.
    expect((await setPin(again)).json()).toMatchObject({ code: 'CURRENT_PIN_NEEDED' });
    const resetWithCode = async (cookie: string, pin: string) => {
      await t.inject({ method: 'POST', url: '/api/v1/user/pin/reset', cookie });
      const mail = t.app.mailer.outbox!.find(
        (message) => message.recipient === email && message.subject === 'Your code to reset your wallet PIN',
      );
      const code = mail!.text.match(/reset your wallet PIN is (\d{6})\./)![1];
      return t.inject({ method: 'PUT', url: '/api/v1/user/pin', cookie, payload: { pin, code } });
    };
    expect((await resetWithCode(again, '97531')).json()).toMatchObject({
      statusCode: 200,
      message: 'Your PIN is reset. Money can leave your wallet again in 24 hours',
    });

    // Five minutes later the same session no longer may, even with a code.
    await t.db.execute(sql`update sessions set reauthenticated_at = now() - interval '6 minutes'
      where reauthenticated_at is not null`);
    expect((await resetWithCode(again, '86420')).json()).toMatchObject({ code: 'GOOGLE_SIGN_IN_NEEDED' });

    // A provider that did not ask again (an old auth_time) gives no such session.
    claims = { sub: `google-${email}`, email, email_verified: true, auth_time: Math.floor(Date.now() / 1000) - 3600 };
    const stale = await t.inject({ method: 'GET', url: '/api/v1/auth/google?reauth=1' });
    const staleCookie = stale.cookies.find((c) => c.name === 'wallet_oidc_state')!.value;
    const refused = await callback(
      await authorize({ authorizeUrl: new URL(stale.headers.location as string), stateCookie: staleCookie }),
      staleCookie,
    );
    expect(refused.headers.location).toBe(`${SITE}/login?error=google_reauth`);
  });
});
