import { after, before, describe, it } from 'node:test';
import { createHash } from 'node:crypto';
import { expect } from 'expect';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { createTestContext, expectLedgerConsistent, PASSWORD, PIN, type Person, type TestContext } from './helpers';
import { startMailbox, type Mailbox } from './mailbox';

let mailbox: Mailbox;
let t: TestContext;
before(async () => {
  mailbox = await startMailbox();
  t = await createTestContext({
    SMTP_URL: mailbox.url,
    PUBLIC_URL: 'https://wallet.example',
    VERIFICATION_RESEND_LIMIT: '2',
  });
});
after(async () => {
  await t.close();
  await mailbox.close();
});

const verify = (token: string) => t.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });

async function register(name: string, headers: Record<string, string> = {}) {
  const email = t.uniqueEmail(name);
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: { name, email, password: PASSWORD },
    headers,
  });
  expect(response.statusCode).toBe(201);
  // Over an https PUBLIC_URL the session cookie is __Host-wallet_session.
  const login = await t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
  const cookie = login.cookies.find((candidate) => candidate.name.endsWith('wallet_session'))!.value;
  return { id: response.json().data._id as string, name, email, cookie, walletId: '' } satisfies Person;
}

/** Three wrong PINs in a row from `person` (set first): the lock, and the mail it sends once answered. */
async function withMailedPinLock(person: Person) {
  await t.setPin(person.cookie, PIN, person.email);
  const other = await register('Receiver');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await t.inject({
      method: 'POST',
      url: '/api/v1/wallet/transfer',
      cookie: person.cookie,
      headers: { 'idempotency-key': `pin-lock-${attempt}`, 'x-wallet-pin': '97531' },
      payload: { receiverId: other.id, balance: 1 },
    });
  }
  const locked = () =>
    mailbox.received.findLast(
      (message) => message.to.includes(person.email) && message.subject === 'Your wallet PIN is locked',
    );
  for (let waited = 0; !locked() && waited < 5_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return locked()!;
}

describe('email verification over SMTP', () => {
  it('should mail an unverified address no text anyone typed: no name, even one that reads as a warning', async () => {
    const name = 'Your wallet is frozen - call Karim now';
    const person = await register(name);
    const mail = mailbox.received.findLast((message) => message.to.includes(person.email))!;
    expect(mail.subject).toBe('Verify your email for Digital Wallet');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain('frozen');
    // The owner of an address someone else used is told what to do about it.
    expect(mail.text).toContain('If you did not sign up, open it and choose "I did not sign up"');
    expect(mail.text).not.toContain('Karim');
    // A PIN locked before the address is verified: the mail greets no one by name either.
    const pinLocked = await withMailedPinLock(person);
    expect(pinLocked.text).toMatch(/^Hello,\n/);
    expect(pinLocked.text).not.toContain('Karim');
  });

  it('should mail a new person a link to PUBLIC_URL, whatever Host the request named, that verifies once', async () => {
    const ann = await register('Ann', { host: 'evil.example' });
    const mail = mailbox.received.findLast((message) => message.to.includes(ann.email))!;
    expect(mail.subject).toBe('Verify your email for Digital Wallet');
    expect(mail.text).toContain('https://wallet.example/verify-email?token=');
    expect(mail.text).not.toContain('evil.example');
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ann.cookie });
    expect(me.json().data).toMatchObject({ emailVerified: false, tier: 'UNVERIFIED' });

    const token = mailbox.token(ann.email);
    // Only the token's hash is stored.
    const stored = (await t.db.execute(
      sql`select token_hash from email_verifications where user_id = ${ann.id}`,
    )) as unknown as { rows: { token_hash: string }[] };
    expect(stored.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Your email is verified',
      data: { _id: ann.id, emailVerified: true, tier: 'EMAIL_VERIFIED' },
    });
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      statusCode: 400,
      code: 'LINK_USED',
      message: 'This link was already used. Your email may already be verified',
    });
    expect(t.logs.join('')).not.toContain(token);
  });

  it('should name the account a link verifies, and close it for an owner who did not sign up', async () => {
    const squatter = await register('Rahim Squatter');
    const token = mailbox.token(squatter.email);
    const post = (path: string) =>
      t.inject({ method: 'POST', url: `/api/v1/auth/verify-email/${path}`, payload: { token } });
    // The page names the account by its address and sign-up time, never its name; the link stays unused.
    const account = await post('account');
    expect(account.statusCode).toBe(200);
    expect(account.json().data).toEqual({ email: squatter.email, signedUpAt: expect.stringMatching(/^\d{4}-/) });
    expect(account.body).not.toContain('Rahim');

    const declined = await post('decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe(
      'We closed the account. This address is free, and we will send it nothing more about it',
    );
    // Closed, not deleted: name cleared, email freed, no password, wallet blocked and empty.
    const [row] = (
      (await t.db.execute(sql`
        select u.name, u.email, u.password_hash, u.closed_at is not null as closed, a.is_blocked, a.balance::int as balance,
               (select count(*)::int from sessions s where s.user_id = u.id) as sessions
        from users u join accounts a on a.user_id = u.id and a.kind = 'WALLET' where u.id = ${squatter.id}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    expect(row).toEqual({
      name: '',
      email: `closed-${squatter.id}@closed.invalid`,
      password_hash: null,
      closed: true,
      is_blocked: true,
      balance: 0,
      sessions: 0,
    });
    // The bonus went back by a ledger entry: a reversal of it, the two netting to zero.
    const moves = (
      (await t.db.execute(sql`
        select t.type::text as type, t.amount::int as amount, t.reverses is not null as reverses
        from transactions t where t.sender_user_id = ${squatter.id} or t.receiver_user_id = ${squatter.id}
        order by t.created_at`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(moves).toEqual([
      { type: 'bonus', amount: 5000, reverses: false },
      { type: 'reversal', amount: 5000, reverses: true },
    ]);
    await expectLedgerConsistent(t.db);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, squatter.id));
    expect(audit).toMatchObject({ action: 'close_unclaimed', adminId: null });
    // The squatter's session is gone and the password signs no one in; the link is used up.
    expect((await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: squatter.cookie })).statusCode).toBe(401);
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: squatter.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await post('decline')).json()).toMatchObject({ code: 'LINK_USED' });
    // The address is free: its owner signs up with it.
    const owner = await t.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name: 'Real Owner', email: squatter.email, password: PASSWORD },
    });
    expect(owner.statusCode).toBe(201);
  });

  it('should keep an account that has moved money: its link cannot close it', async () => {
    const used = await register('Busy Squatter');
    await t.setPin(used.cookie, PIN, used.email);
    const deposit = await t.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      cookie: used.cookie,
      headers: { 'idempotency-key': 'squatter-deposit' },
      payload: { balance: 10 },
    });
    expect(deposit.statusCode).toBe(201);
    const token = mailbox.token(used.email);
    const declined = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email/decline',
      payload: { token },
    });
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toMatchObject({ code: 'ACCOUNT_IN_USE' });
    // Nothing was written: the link still verifies.
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('should refuse an expired link and an unknown one, each with its own message', async () => {
    const ben = await register('Ben');
    await t.db.execute(
      sql`update email_verifications set expires_at = now() - interval '1 second' where user_id = ${ben.id}`,
    );
    const expired = await verify(mailbox.token(ben.email));
    expect([expired.statusCode, expired.json().code, expired.json().message]).toEqual([
      400,
      'LINK_EXPIRED',
      'This link has expired. Sign in and ask for a new one',
    ]);
    const unknown = await verify('not-a-token-we-sent');
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'LINK_INVALID']);
    const empty = await verify('');
    expect(empty.statusCode).toBe(400);
    const me = await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: ben.cookie });
    expect(me.json().data.emailVerified).toBe(false);
  });

  it('should mail a new link on request, retire the old one, and limit how often', async () => {
    const cat = await register('Cat');
    const first = mailbox.token(cat.email);
    const resend = () => t.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend', cookie: cat.cookie });
    const resent = await resend();
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ message: 'We sent a new link to your email', data: { sentTo: cat.email } });
    const second = mailbox.token(cat.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).json().code).toBe('LINK_INVALID');
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect((await verify(mailbox.token(cat.email))).statusCode).toBe(200);
    const anonymous = await t.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should tell a verified person asking for a link that they are verified', async () => {
    const dan = await register('Dan');
    expect((await verify(mailbox.token(dan.email))).statusCode).toBe(200);
    const resent = await t.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend', cookie: dan.cookie });
    expect([resent.statusCode, resent.json().code, resent.json().message]).toEqual([
      409,
      'ALREADY_VERIFIED',
      'Your email is already verified',
    ]);
  });

  it('should keep the account when its mail cannot leave, and answer a resend 503 until it can', async () => {
    // A mail server that went away: its port is closed.
    const gone = await startMailbox();
    await gone.close();
    const down = await createTestContext({ SMTP_URL: gone.url, PUBLIC_URL: 'https://wallet.example' });
    try {
      const email = down.uniqueEmail('Nomail');
      const registered = await down.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { name: 'Nomail', email, password: PASSWORD },
      });
      expect(registered.statusCode).toBe(201);
      const login = await down.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: PASSWORD },
      });
      const cookie = login.cookies.find((candidate) => candidate.name.endsWith('wallet_session'))!.value;
      const resent = await down.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend', cookie });
      expect([resent.statusCode, resent.json().code, resent.json().message]).toEqual([
        503,
        'MAIL_UNAVAILABLE',
        'We could not send the mail. Please try again in a moment.',
      ]);
      expect(down.logs.join('')).toContain('the verification mail could not be sent');
    } finally {
      await down.close();
    }
  });

  it('should keep no development outbox when mail goes over SMTP', async () => {
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      const response = await t.inject({ method: 'GET', url });
      expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});

describe('what an unverified account may do', () => {
  let d: TestContext;
  before(async () => {
    d = await createTestContext();
  });
  after(() => d.close());

  it('should deposit, but not send, cash out or receive, and never be found by the picker', async () => {
    const [eve, fay, admin] = [
      await d.user('Eve Unverified', { verified: false }),
      await d.user('Fay'),
      await d.admin(),
    ];
    const agent = await d.agent('Agent Gus', admin);
    expect((await d.post('/wallet/deposit', eve, { balance: 10 })).statusCode).toBe(201);
    const refusal = (response: { statusCode: number; json(): { code: string; message: string } }) => [
      response.statusCode,
      response.json().code,
      response.json().message,
    ];
    const sender = [403, 'SENDER_UNVERIFIED', 'Verify your email before you send money or cash out'];
    const receiver = [403, 'RECEIVER_UNVERIFIED', 'The receiver has not verified their email yet'];
    expect(refusal(await d.post('/wallet/transfer', eve, { receiverId: fay.id, balance: 1 }))).toEqual(sender);
    expect(refusal(await d.post('/agent/cash-out', eve, { agentId: agent.id, balance: 1 }))).toEqual(sender);
    expect(refusal(await d.post('/wallet/transfer', fay, { receiverId: eve.id, balance: 1 }))).toEqual(receiver);
    expect(refusal(await d.post('/agent/cash-in', agent, { userId: eve.id, balance: 1 }))).toEqual(receiver);
    expect([await d.balance(eve), await d.balance(fay)]).toEqual([60, 50]);

    for (const search of ['Eve Unverified', eve.email]) {
      const found = await d.inject({
        method: 'GET',
        url: `/api/v1/user/all-user?purpose=transfer&search=${encodeURIComponent(search)}`,
        cookie: fay.cookie,
      });
      expect(found.json().data).toEqual([]);
    }
    const approve = await d.inject({ method: 'PATCH', url: `/api/v1/admin/approve/${eve.id}`, cookie: admin.cookie });
    expect([approve.statusCode, approve.json().message]).toEqual([409, 'This person has not verified their email yet']);

    // Once verified, all of it works.
    await d.verify(eve.email);
    expect((await d.post('/wallet/transfer', eve, { receiverId: fay.id, balance: 1 })).statusCode).toBe(201);
    const found = await d.inject({
      method: 'GET',
      url: `/api/v1/user/all-user?purpose=transfer&search=${encodeURIComponent(eve.email)}`,
      cookie: fay.cookie,
    });
    expect(found.json().data).toHaveLength(1);
  });

  it('should let an admin verify an email by hand, audited, and nobody else', async () => {
    const [ivy, admin] = [await d.user('Ivy', { verified: false }), await d.admin()];
    const byHand = (cookie: string) => d.inject({ method: 'PATCH', url: `/api/v1/admin/verify/${ivy.id}`, cookie });
    expect((await byHand(ivy.cookie)).statusCode).toBe(403);
    const verified = await byHand(admin.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully', data: { emailVerified: true } });
    const again = await byHand(admin.cookie);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This email is already verified']);
    // Ivy's own PIN, set as the test made her, is audited too (pin_set): the admin's rows here.
    const audit = (await d.db.select().from(auditLog).where(eq(auditLog.targetUserId, ivy.id))).filter(
      (row) => row.action !== 'pin_set',
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'verify_email', adminId: admin.id })]);
    // Verified, she may cash out: the smallest cash-out (50 Taka) and its fee, from money she added
    // (her bonus stays held until her identity is approved).
    await d.post('/wallet/deposit', ivy, { balance: 60 });
    expect(
      (await d.post('/agent/cash-out', ivy, { agentId: (await d.agent('Agent Jo', admin)).id, balance: 50 }))
        .statusCode,
    ).toBe(201);
  });

  it('should keep the development outbox on the embedded database with no SMTP_URL', async () => {
    const hal = await d.user('Hal', { verified: false });
    const json = await d.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(json.statusCode).toBe(200);
    // The newest is the mail about the PIN the test set; the verification link came first.
    const mail = (json.json() as { recipient: string; subject: string; links: string[] }[]).findLast(
      (m) => m.recipient === hal.email,
    )!;
    expect(mail.subject).toBe('Verify your email for Digital Wallet');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=/);
    const page = await d.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Development outbox</h1>');
    expect(page.body).toContain(`href="${mail.links[0]}"`);
    // Its links sign people in: another machine is told the outbox does not exist.
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      for (const remoteAddress of ['203.0.113.8', '2001:db8::8', '10.0.0.2']) {
        expect({
          url,
          remoteAddress,
          status: (await d.inject({ method: 'GET', url, remoteAddress })).statusCode,
        }).toEqual({ url, remoteAddress, status: 404 });
      }
      expect((await d.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    }
  });

  it('should keep the outbox for a loopback PUBLIC_URL only: any other needs SMTP_URL', async () => {
    for (const site of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ PUBLIC_URL: site }).mail.smtpUrl).toBeUndefined();
    }
    for (const site of ['https://wallet.example', 'http://192.168.1.20:3000', 'http://localhost.example.com']) {
      expect(() => loadConfig({ PUBLIC_URL: site })).toThrow(/SMTP_URL is required when PUBLIC_URL is not a loopback/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://wallet.example', SMTP_URL: 'smtp://127.0.0.1:25' }).mail.smtpUrl).toBe(
      'smtp://127.0.0.1:25',
    );
  });

  it('should refuse to start with DATABASE_URL and no SMTP_URL, and keep no outbox with both', async () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://wallet@127.0.0.1/wallet' })).toThrow(
      /SMTP_URL is required with DATABASE_URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/PUBLIC_URL is required with SMTP_URL/);
    const production = await createTestContext({
      DATABASE_URL: 'postgres://wallet@127.0.0.1/unused',
      SMTP_URL: mailbox.url,
      PUBLIC_URL: 'https://wallet.example',
    });
    try {
      expect((await production.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
