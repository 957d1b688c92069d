import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { sql } from 'drizzle-orm';
import { createTestContext, PASSWORD, type Person, type TestContext } from './helpers';

/*
 * The payee shown is the payee paid: a name cannot hide characters that render it reversed or
 * padded (Unicode's format characters, line and paragraph separators).
 */

let t: TestContext;
let admin: Person;
before(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
after(() => t.close());

describe('names with invisible characters', () => {
  it('should refuse them in a new name', async () => {
    for (const name of ['Ann\u202Egnp.exe', 'Zero\u200Bwidth', 'Iso\u2066late', 'Line\u2028break', 'Para\u2029graph']) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { name, email: t.uniqueEmail('fmt'), password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('name must not contain invisible or direction-changing characters');
    }
    // Letters of any script stay welcome.
    const bangla = await t.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name: 'আনিকা রহমান', email: t.uniqueEmail('bn'), password: PASSWORD },
    });
    expect(bangla.statusCode).toBe(201);
  });

  it("should refuse a web address or an email in a new name, in the request's language, and take dotted initials", async () => {
    const register = (name: string, headers: Record<string, string> = {}) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { name, email: t.uniqueEmail('link'), password: PASSWORD },
        headers,
      });
    for (const name of [
      'unlock.example.com',
      'Your wallet is frozen - unlock at https://evil.example',
      'www.bkash-help',
    ]) {
      const response = await register(name);
      expect({ name, status: response.statusCode, message: response.json().message }).toEqual({
        name,
        status: 400,
        message: 'name must not contain a web address or an email',
      });
    }
    const bangla = await register('unlock.example.com', { 'accept-language': 'bn' });
    expect(bangla.json().errors).toEqual([{ path: 'name', message: 'name কোনো ওয়েব ঠিকানা বা ইমেইল রাখা যাবে না' }]);
    for (const name of ['Md. Rahim', 'A.K.M. Fazlul Haque']) expect((await register(name)).statusCode).toBe(201);
  });

  it('should show an existing one with them made visible, wherever a payer sees it, and list it for the operator', async () => {
    const ann = await t.user('Ann');
    const trusted = await t.user('Trusted');
    await t.db.execute(sql`update users set name = ${'Bank\u202Etlusnoc'} where id = ${trusted.id}`);
    const picker = await t.inject({
      method: 'GET',
      url: `/api/v1/user/all-user?purpose=transfer&search=${encodeURIComponent(trusted.email)}`,
      cookie: ann.cookie,
    });
    expect(picker.json().data[0].name).toBe('Bank⟨U+202E⟩tlusnoc');
    await t.post('/wallet/deposit', ann, { balance: 10 });
    const sent = await t.post('/wallet/transfer', ann, { receiverId: trusted.id, balance: 1 });
    expect(sent.json().data.transaction.receiver.name).toBe('Bank⟨U+202E⟩tlusnoc');
    const history = await t.inject({ method: 'GET', url: '/api/v1/transaction/me', cookie: ann.cookie });
    expect(JSON.stringify(history.json())).not.toContain('\u202E');
    const users = await t.inject({ method: 'GET', url: '/api/v1/admin/users?limit=100', cookie: admin.cookie });
    expect(JSON.stringify(users.json())).not.toContain('\u202E');
    const { rows } = (await t.db.execute(sql`select id from names_with_format_characters`)) as unknown as {
      rows: { id: string }[];
    };
    expect(rows.map((row) => row.id)).toEqual([trusted.id]);
  });
});
