import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { createTestContext, type Person, type TestContext } from './helpers';

/*
 * Becoming a merchant (issue 45): a user whose identity staff approved applies with the business's
 * names, category and city, and compliance approves or rejects, audited, as identity reviews are.
 */
let t: TestContext;
let compliance: Person;
before(async () => {
  t = await createTestContext();
  compliance = await t.staff(['COMPLIANCE']);
});
after(() => t.close());

const SHOP = {
  businessName: 'Rahim Store',
  businessNameBn: 'রহিম স্টোর',
  category: '5411',
  city: 'Dhaka',
  cityBn: 'ঢাকা',
};
const apply = (person: Person, body: object = SHOP) => t.post('/user/merchant-application', person, body);
const decide = (id: string, decision: string, reason = 'Trade licence and shop seen', by = compliance) =>
  t.inject({
    method: 'PATCH',
    url: `/api/v1/admin/merchant-applications/${id}`,
    cookie: by.cookie,
    payload: { decision, reason },
  });
const me = async (person: Person) =>
  (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: person.cookie })).json().data;

describe('merchant applications', () => {
  it('should take a verified user’s application, let compliance approve it once, and make them a merchant, audited', async () => {
    const rahim = await t.user('Rahim');
    expect((await me(rahim)).merchant).toBeNull();
    const applied = await apply(rahim);
    expect(applied.statusCode).toBe(201);
    const application = applied.json().data;
    expect(application).toMatchObject({ ...SHOP, status: 'pending', reason: null, decidedAt: null });
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/user/merchant-application', cookie: rahim.cookie })).json().data,
    ).toEqual(application);
    expect((await apply(rahim)).json()).toMatchObject({ statusCode: 409, code: 'MERCHANT_PENDING' });

    const queue = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/merchant-applications',
      cookie: compliance.cookie,
    });
    expect(queue.json().data).toContainEqual({
      ...application,
      person: { _id: rahim.id, name: 'Rahim', email: rahim.email },
    });

    // Two decisions at once: one applies, the other finds it decided.
    const [first, second] = await Promise.all([decide(application._id, 'approve'), decide(application._id, 'approve')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const approved = first.statusCode === 200 ? first : second;
    expect(approved.json()).toMatchObject({
      message: 'Merchant approved',
      data: { status: 'approved', reason: 'Trade licence and shop seen' },
    });
    expect((first.statusCode === 409 ? first : second).json()).toMatchObject({ code: 'MERCHANT_APPLICATION_DECIDED' });
    expect((await me(rahim)).merchant).toMatchObject({
      name: 'Rahim Store',
      nameBn: 'রহিম স্টোর',
      category: '5411',
      city: 'Dhaka',
      cityBn: 'ঢাকা',
    });
    // Still a user: a merchant keeps its role.
    expect((await me(rahim)).role).toBe('USER');
    expect((await apply(rahim)).json()).toMatchObject({ statusCode: 409, code: 'MERCHANT_ALREADY' });
    const { rows } = (await t.db.execute(
      sql`select action::text, admin_id, target_user_id, reason from audit_log where action::text like 'merchant_%' and target_user_id = ${rahim.id}`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(rows).toEqual([
      {
        action: 'merchant_approve',
        admin_id: compliance.id,
        target_user_id: rahim.id,
        reason: 'Trade licence and shop seen',
      },
    ]);
    const profiles = (await t.db.execute(
      sql`select count(*)::int as n from merchants where user_id = ${rahim.id}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(profiles.rows[0]!.n).toBe(1);
  });

  it('should reject with a reason, after which the person may apply again', async () => {
    const karim = await t.user('Karim');
    const application = (await apply(karim, { ...SHOP, businessName: 'Karim Mobile', category: '5732' })).json().data;
    const rejected = await decide(application._id, 'reject', 'The trade licence is not in this name');
    expect(rejected.json()).toMatchObject({
      message: 'Merchant application rejected',
      data: { status: 'rejected', reason: 'The trade licence is not in this name' },
    });
    expect((await me(karim)).merchant).toBeNull();
    const decided = await t.inject({
      method: 'GET',
      url: '/api/v1/admin/merchant-applications?status=rejected',
      cookie: compliance.cookie,
    });
    expect(decided.json().data.map((row: { _id: string }) => row._id)).toContain(application._id);
    expect((await apply(karim)).statusCode).toBe(201);
  });

  it('should refuse a person whose identity is not approved, an agent, bad input and unknown applications', async () => {
    const unverified = await t.user('Not Yet', { kyc: false });
    expect((await apply(unverified)).json()).toMatchObject({ statusCode: 403, code: 'MERCHANT_NEEDS_KYC' });
    const agent = await t.agent('Agent');
    expect((await apply(agent)).statusCode).toBe(403);
    const nadia = await t.user('Nadia');
    for (const bad of [
      { ...SHOP, businessName: 'A'.repeat(26) },
      { ...SHOP, cityBn: 'ঢ'.repeat(16) },
      { ...SHOP, category: '1234' },
      { ...SHOP, businessName: 'Shop\u0000' },
      { ...SHOP, businessName: '   ' },
      { ...SHOP, extra: true },
      { businessName: 'Only a name' },
    ]) {
      const refused = await apply(nadia, bad);
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/user/merchant-application', cookie: nadia.cookie })).json().data,
    ).toBeNull();
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).json()).toMatchObject({
      statusCode: 404,
      code: 'MERCHANT_APPLICATION_NOT_FOUND',
    });
    expect((await decide('00000000-0000-4000-8000-000000000000', 'maybe')).statusCode).toBe(400);
  });

  it('should page the queue by its cursor, oldest first, each application once', async () => {
    for (const name of ['Queue One', 'Queue Two', 'Queue Three']) await apply(await t.user(name));
    const list = async (query: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/v1/admin/merchant-applications?${query}`,
          cookie: compliance.cookie,
        })
      ).json().data as { _id: string }[];
    const whole = (await list('limit=100')).map((row) => row._id);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const paged: string[] = [];
    let after = '';
    // One page a row, and one more to find the end: a cursor that is ignored repeats the first row.
    for (let pages = 0; pages <= whole.length; pages += 1) {
      const page = await list(`limit=1${after ? `&after=${after}` : ''}`);
      if (page.length === 0) break;
      paged.push(page[0]!._id);
      after = page[0]!._id;
    }
    expect(paged).toEqual(whole);
  });
});
