import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { createTestContext, PASSWORD, type Person, type TestContext } from './helpers';

let t: TestContext;
before(async () => {
  t = await createTestContext();
});
after(() => t.close());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs `person` in again from another device: its User-Agent and address. */
async function signInFrom(person: Person, userAgent: string, address: string) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: person.email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
}
const sessionsOf = (cookie: string) => t.inject({ method: 'GET', url: '/api/v1/user/sessions', cookie });

describe('sessions you can see', () => {
  it('should list the devices and networks a person is signed in from, and mark this one', async () => {
    const person = await t.user('Sessions');
    const laptop = await signInFrom(person, CHROME_LINUX, '203.0.113.7');
    await signInFrom(person, SAFARI_IPHONE, '2001:db8:aa:bb:1:2:3:4');
    const listed = (await sessionsOf(laptop)).json().data as Record<string, unknown>[];
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Chrome', system: 'Linux', network: '203.0.113.7', current: true }),
        expect.objectContaining({ browser: 'Safari', system: 'iOS', network: '2001:db8:aa:bb::/64', current: false }),
      ]),
    );
    expect(listed.filter((session) => session.current)).toHaveLength(1);
  });

  it("should sign one session out, never another person's, and then every other one", async () => {
    const person = await t.user('Many Devices');
    const other = await t.user('Someone Else');
    const laptop = await signInFrom(person, CHROME_LINUX, '203.0.113.8');
    const phone = await signInFrom(person, SAFARI_IPHONE, '203.0.113.9');
    const phoneId = ((await sessionsOf(phone)).json().data as { _id: string; current: boolean }[]).find(
      (s) => s.current,
    )!._id;

    const stranger = await t.inject({
      method: 'DELETE',
      url: `/api/v1/user/sessions/${phoneId}`,
      cookie: other.cookie,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await sessionsOf(phone)).statusCode).toBe(200);

    const ended = await t.inject({ method: 'DELETE', url: `/api/v1/user/sessions/${phoneId}`, cookie: laptop });
    expect(ended.statusCode).toBe(200);
    expect((await sessionsOf(phone)).statusCode).toBe(401);

    const others = await t.inject({ method: 'POST', url: '/api/v1/user/sessions/sign-out-others', cookie: laptop });
    expect(others.json().data).toEqual({ sessionsEnded: 1 });
    expect((await sessionsOf(person.cookie)).statusCode).toBe(401);
    const left = (await sessionsOf(laptop)).json().data as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
    const rows = (await t.db.execute(
      sql`select count(*)::int as n from sessions where user_id = ${person.id}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it('should record staff sign-ins, failed ones too, with their network', async () => {
    const owner = await t.admin();
    await signInFrom(owner, CHROME_LINUX, '198.51.100.4');
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: owner.email, password: 'not the password' },
      remoteAddress: '198.51.100.5',
    });
    expect(wrong.statusCode).toBe(401);
    const audit = (await t.db.execute(
      sql`select action::text, admin_id, reason from audit_log where target_user_id = ${owner.id}
          and action::text like 'staff_sign_in%' order by created_at`,
    )) as unknown as { rows: { action: string; admin_id: string | null; reason: string }[] };
    // The first is t.admin()'s own sign-in.
    expect(audit.rows.slice(1)).toEqual([
      { action: 'staff_sign_in', admin_id: owner.id, reason: 'from 198.51.100.4' },
      { action: 'staff_sign_in_failed', admin_id: null, reason: 'from 198.51.100.5' },
    ]);
    // A user's sign-in is no staff event (their PIN and identity review, as the test makes them, are audited as pin_set and kyc_approve).
    const person = await t.user('Not Staff');
    const count = (await t.db.execute(
      sql`select count(*)::int as n from audit_log where target_user_id = ${person.id} and action not in ('pin_set', 'kyc_approve')`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows).toEqual([{ n: 0 }]);
  });
});
