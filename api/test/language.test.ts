import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGE_COOKIE } from '@wallet/shared/contracts';
import { SESSION_COOKIE } from '../src/identity/sessions';
import { createTestContext, type Person, type TestContext } from './helpers';

/** A checkout with a host build whose page says `lang="en"`, as the host's template does. */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-language-'));
const hostDist = path.join(root, 'host', 'dist');
mkdirSync(hostDist, { recursive: true });
writeFileSync(
  path.join(hostDist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Digital Wallet</title></head><body><div id="root"></div></body></html>',
);

let t: TestContext;
let ann: Person;
before(async () => {
  t = await createTestContext({ SITE_ROOT: root, RELEASES_DIR: path.join(root, 'releases') });
  ann = await t.user('Ann');
});
after(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const me = async (person: Person) =>
  (await t.inject({ method: 'GET', url: '/api/v1/user/me', cookie: person.cookie })).json().data;
const choose = (person: Person, payload: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'PATCH', url: '/api/v1/user/me', cookie: person.cookie, payload: payload as object, headers });

describe("a person's language", () => {
  it('should be null until chosen', async () => {
    const ben = await t.user('Ben');
    expect(await me(ben)).toMatchObject({ language: null, languageChosenAt: null });
  });

  it('should be chosen with PATCH /user/me, stamped with when', async () => {
    const before = Date.now();
    const response = await choose(ann, { language: 'bn' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, statusCode: 200, message: 'Profile updated' });
    expect(body.data).toMatchObject({ _id: ann.id, language: 'bn' });
    // The database's clock, within a few seconds of this one.
    expect(Math.abs(Date.parse(body.data.languageChosenAt) - before)).toBeLessThan(5_000);
    expect(await me(ann)).toEqual(body.data);

    const again = (await choose(ann, { language: 'en' })).json().data;
    expect(again.language).toBe('en');
    expect(Date.parse(again.languageChosenAt)).toBeGreaterThanOrEqual(Date.parse(body.data.languageChosenAt));
  });

  it('should be chosen by agents and admins too', async () => {
    for (const person of [await t.agent('Agent'), await t.admin()]) {
      const response = await choose(person, { language: 'bn' });
      expect(response.statusCode).toBe(200);
      expect((await me(person)).language).toBe('bn');
    }
  });

  it('should refuse anything but { language: en | bn } with 400, and change nothing', async () => {
    const ben = await t.user('Ben');
    await choose(ben, { language: 'bn' });
    const kept = await me(ben);
    const raw = (payload: string) =>
      t.inject({
        method: 'PATCH',
        url: '/api/v1/user/me',
        cookie: ben.cookie,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    for (const response of [
      await choose(ben, { language: 'fr' }),
      await choose(ben, { language: 'BN' }),
      await choose(ben, { language: null }),
      await choose(ben, {}),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        statusCode: 400,
        message: 'language must be en or bn',
        code: 'VALIDATION_FAILED',
      });
    }
    const extra = await choose(ben, { language: 'en', name: 'Someone else' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_FAILED' });
    const malformed = await raw('{"language": "en"');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, message: 'Request body is not valid JSON' });
    expect(await me(ben)).toEqual(kept);
  });

  it('should need a session, and refuse a foreign origin', async () => {
    const signedOut = await t.inject({ method: 'PATCH', url: '/api/v1/user/me', payload: { language: 'bn' } });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ success: false, statusCode: 401 });

    const ben = await t.user('Ben');
    const foreign = await choose(ben, { language: 'bn' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, message: 'Requests from this origin are not allowed' });
    expect((await me(ben)).language).toBeNull();
  });
});

describe("the page's language", () => {
  const page = (headers: Record<string, string> = {}, url = '/') => t.inject({ method: 'GET', url, headers });
  const langOf = (html: string) => [...html.matchAll(/<html[^>]*>/g)].map((tag) => tag[0]);

  it('should follow the cookie', async () => {
    expect(langOf((await page({ cookie: `${LANGUAGE_COOKIE}=bn` })).body)).toEqual(['<html lang="bn">']);
    expect(langOf((await page({ cookie: `${LANGUAGE_COOKIE}=en` }, '/user/overview')).body)).toEqual([
      '<html lang="en">',
    ]);
  });

  it('should follow Accept-Language without one: the first of ours by preference, else English', async () => {
    const lang = async (acceptLanguage: string) => langOf((await page({ 'accept-language': acceptLanguage })).body);
    expect(await lang('bn-BD,bn;q=0.9,en;q=0.8')).toEqual(['<html lang="bn">']);
    expect(await lang('fr-FR,fr;q=0.9,en-US;q=0.5,bn;q=0.4')).toEqual(['<html lang="en">']);
    expect(await lang('en;q=0.3, bn;q=0.6')).toEqual(['<html lang="bn">']);
    // Equal preference: the header's order, a regional tag counting as its language.
    expect(await lang('bn-BD, en')).toEqual(['<html lang="bn">']);
    expect(await lang('fr')).toEqual(['<html lang="en">']);
    expect(langOf((await page()).body)).toEqual(['<html lang="en">']);
  });

  it('should let the cookie win over the header, and ignore a cookie that is not ours', async () => {
    const both = await page({ cookie: `${LANGUAGE_COOKIE}=en`, 'accept-language': 'bn-BD,bn;q=0.9' });
    expect(langOf(both.body)).toEqual(['<html lang="en">']);
    const bogus = await page({ cookie: `${LANGUAGE_COOKIE}=fr`, 'accept-language': 'bn' });
    expect(langOf(bogus.body)).toEqual(['<html lang="bn">']);
  });

  it('should tell caches the page varies by both', async () => {
    const response = await page({ cookie: `${LANGUAGE_COOKIE}=bn` });
    expect(response.headers['cache-control']).toBe('no-cache');
    const vary = String(response.headers.vary)
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['accept-language', 'cookie']));
  });
});

describe("error replies in the request's language", () => {
  const deposit = (person: Person, headers: Record<string, string>, balance: unknown = -5) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: { cookie: `${SESSION_COOKIE}=${person.cookie}`, 'idempotency-key': randomUUID(), ...headers },
      payload: { balance },
    });

  it('should word a bad amount in Bangla for a Bangla request, and in English byte for byte for any other', async () => {
    const person = await t.user('Bangla Reader');
    const english = await deposit(person, {});
    expect(english.statusCode).toBe(400);
    expect(english.body).toBe(
      JSON.stringify({
        success: false,
        statusCode: 400,
        message: 'balance must be greater than 0',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'balance', message: 'balance must be greater than 0' }],
      }),
    );
    // Accept-Language, or the cookie the language switch keeps (which wins).
    const banglaRequests: Record<string, string>[] = [
      { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' },
      { 'accept-language': 'en', cookie: `${SESSION_COOKIE}=${person.cookie}; wallet_lang=bn` },
    ];
    for (const headers of banglaRequests) {
      const bangla = await deposit(person, headers);
      expect(bangla.statusCode).toBe(400);
      expect(bangla.json()).toEqual({
        success: false,
        statusCode: 400,
        message: 'balance ০-এর বেশি হতে হবে',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'balance', message: 'balance ০-এর বেশি হতে হবে' }],
      });
    }
    // Figures in Bangla digits; English when the cookie says so whatever the header.
    const tooPrecise = await deposit(person, { 'accept-language': 'bn' }, 1.005);
    expect(tooPrecise.json().message).toBe('balance দশমিকের পরে সর্বোচ্চ ২ ঘর হতে পারে');
    const chosenEnglish = await deposit(person, {
      'accept-language': 'bn',
      cookie: `${SESSION_COOKIE}=${person.cookie}; wallet_lang=en`,
    });
    expect(chosenEnglish.body).toBe(english.body);
  });

  it('should word a refusal from the catalog by its code and figures, the wait of a rate limit included', async () => {
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/me',
      headers: { 'accept-language': 'bn' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({
      code: 'NOT_SIGNED_IN',
      message: expect.stringMatching(/[\u0980-\u09FF]/),
    });
    expect(signedOut.json().message).not.toMatch(/[A-Za-z]/);

    const limited = await createTestContext({ LOGIN_RATE_LIMIT: '1' });
    try {
      const attempt = (language: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'accept-language': language },
          payload: { email: 'wait@example.com', password: 'nope-nope' },
        });
      expect((await attempt('bn')).statusCode).toBe(401);
      const bangla = await attempt('bn');
      expect(bangla.statusCode).toBe(429);
      const seconds = Number(bangla.headers['retry-after']);
      const inBangla = seconds.toLocaleString('bn-BD');
      expect(bangla.json().message).toBe(`অনেকবার চেষ্টা করা হয়েছে। ${inBangla} সেকেন্ড পরে আবার চেষ্টা করুন।`);
      expect((await attempt('en')).json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
    } finally {
      await limited.close();
    }
  });
});
