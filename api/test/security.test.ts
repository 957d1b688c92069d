import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../src/identity/sessions';
import { createTestContext, PASSWORD, type TestContext, withTestContext } from './helpers';

let t: TestContext;
before(async () => {
  t = await createTestContext({ CORS_ORIGINS: 'http://localhost:3001, https://partner.example' }, (app) => {
    // A route that fails the way a bug would, to see what leaks.
    app.get('/api/v1/test-only/boom', async () => {
      throw new Error('connection to db at postgres://wallet:s3cret@10.0.0.1 failed');
    });
  });
});
after(() => t.close());

describe('CORS and the Origin check', () => {
  it('should let a listed origin read responses with credentials', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'http://localhost:3001' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/v1/wallet/deposit',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('should not grant CORS to an unlisted origin', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should refuse a state-changing request from a foreign origin and change nothing', async () => {
    const ann = await t.user('Ann');
    const response = await t.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      cookie: ann.cookie,
      headers: { origin: 'https://evil.example' },
      payload: { balance: 100 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 403,
      message: 'Requests from this origin are not allowed',
      code: 'ORIGIN_NOT_ALLOWED',
    });
    expect(await t.balance(ann)).toBe(50);
  });

  it("should accept the site's own origin and listed origins on state-changing requests", async () => {
    const ann = await t.user('Ann');
    const depositFrom = (headers: Record<string, string>) =>
      t.inject({ method: 'POST', url: '/api/v1/wallet/deposit', cookie: ann.cookie, headers, payload: { balance: 1 } });
    const own = await depositFrom({ origin: 'http://localhost:80', host: 'localhost:80' });
    expect(own.statusCode).toBe(201);
    const listed = await depositFrom({ origin: 'http://localhost:3001' });
    expect(listed.statusCode).toBe(201);
    // The same host over another scheme is another origin.
    const otherScheme = await depositFrom({ origin: 'https://localhost:3000', host: 'localhost:3000' });
    expect(otherScheme.statusCode).toBe(403);
    expect(otherScheme.json().code).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('should read only the __Host- session cookie over https', async () => {
    await withTestContext({ PUBLIC_URL: 'https://wallet.example', SMTP_URL: 'smtp://127.0.0.1:25' }, async (secure) => {
      const ann = await secure.user('Ann Secure', { verified: false });
      const me = (cookie: string) => secure.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie } });
      expect((await me(`${SECURE_SESSION_COOKIE}=${ann.cookie}`)).statusCode).toBe(200);
      // The plain name, as a sibling subdomain or an http page could set it, signs no one in.
      expect((await me(`${SESSION_COOKIE}=${ann.cookie}`)).statusCode).toBe(401);
    });
  });
});

describe('headers, docs and failures', () => {
  it('should send helmet security headers', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Served over plain http (no https PUBLIC_URL): asking browsers to upgrade would break it.
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('should ask browsers to upgrade insecure requests when the site is https', async () => {
    const secure = await createTestContext({ PUBLIC_URL: 'https://wallet.example', SMTP_URL: 'smtp://127.0.0.1:25' });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('should publish OpenAPI docs generated from the contracts at /api/docs', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const spec = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/wallet/deposit', '/api/v1/agent/cash-in', '/api/v1/admin/block/{walletId}']),
    );
    const deposit = spec.paths['/api/v1/wallet/deposit'].post;
    expect(deposit.requestBody.content['application/json'].schema.properties.balance.type).toBe('number');
  });

  it('should answer an unexpected failure with a bare 500 and log it without the stack', async () => {
    t.logs.length = 0;
    const response = await t.inject({ method: 'GET', url: '/api/v1/test-only/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      statusCode: 500,
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('s3cret');
    const logged = t.logs.join('');
    expect(logged).toContain('request failed');
    expect(logged).not.toMatch(/"stack"|\n\s+at /);
  });

  it('should keep passwords, hashes and session tokens out of every log line', async () => {
    t.logs.length = 0;
    const email = t.uniqueEmail('Logged');
    await t.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { name: 'Logged', email, password: PASSWORD },
    });
    const login = await t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
    const token = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
    await t.inject({ method: 'GET', url: '/api/v1/user/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    await t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong password' } });
    const logged = t.logs.join('');
    expect(logged).toContain('/api/v1/user/me');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toMatch(/scrypt\$|\$argon2id\$/);
  });
});
