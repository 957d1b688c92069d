import { releasesApi } from '../releases-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const activate = (area: string, body: unknown) =>
  fetch(`${API}/releases/${area}/activate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  fetch(`${API}/releases${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const dataOf = async (path: string) => (await (await fetch(`${API}/releases${path}`)).json()).data;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('releases API mock', () => {
  it('should list every app in registry order, each with its newest release live', async () => {
    releasesApi();
    const body = await (await fetch(`${API}/releases`)).json();
    expect(body.message).toBe('Releases retrieved');
    expect(body.data.map((entry: { area: string }) => entry.area)).toEqual([
      'host',
      'public',
      'user',
      'agent',
      'admin',
    ]);
    expect(body.data[4].live.version).toBe('1.0.3');
    expect(body.data[4].releases.map((release: { version: string }) => release.version)).toEqual([
      '1.0.3',
      '1.0.2',
      '1.0.1',
    ]);
  });

  it('should make a release live and record the switch, as the API answers', async () => {
    const api = releasesApi();
    const answer = await activate('admin', { version: '1.0.1' });
    const body = await answer.json();
    expect(answer.status).toBe(200);
    expect(body.message).toBe('Release is live');
    expect(body.data).toMatchObject({
      area: 'admin',
      live: { version: '1.0.1' },
      liveBy: api.admin,
      liveSince: api.now,
    });
    expect(body.data.switches).toEqual([
      expect.objectContaining({ from: '1.0.3', to: '1.0.1', switchedBy: api.admin, switchedAt: api.now }),
    ]);
    expect(api.areas[4]).toEqual(body.data);
    expect(api.posts).toEqual([{ area: 'admin', body: { version: '1.0.1' } }]);
  });

  it('should refuse an unknown version with 404, the live one with 409 and a bad body with 400', async () => {
    releasesApi();
    const unknown = await activate('user', { version: '9.9.9' });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'Release not found']);
    const live = await activate('user', { version: '1.0.3' });
    expect([live.status, (await live.json()).message]).toEqual([409, 'This release is already live']);
    expect((await activate('user', { version: '../etc' })).status).toBe(400);
    expect((await activate('nowhere', { version: '1.0.1' })).status).toBe(400);
  });

  it('should answer what the test sets in `refuse`, with no body when it gives no message', async () => {
    const api = releasesApi();
    api.refuse = { status: 502 };
    const answer = await activate('user', { version: '1.0.1' });
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe('');
  });

  it('should answer what the signed-in admin may do from their own deployer row', async () => {
    const api = releasesApi({ deployer: false });
    expect(await dataOf('/access')).toEqual({ canDeploy: false, areas: [], canManageTokens: false });
    expect((await activate('user', { version: '1.0.1' })).status).toBe(403);
    expect((await send('POST', '/tokens', { name: 'x', areas: ['user'], expiresInDays: 1 })).status).toBe(403);
    api.deployers = api.deployers.map((row) => (row._id === api.me._id ? { ...row, deployer: true } : row));
    expect(await dataOf('/access')).toMatchObject({ canDeploy: true, canManageTokens: true });
  });

  it('should create a token with its secret once, list it first, and refuse a name in use or a bad body', async () => {
    const api = releasesApi();
    const answer = await send('POST', '/tokens', { name: 'bot', areas: ['admin'], expiresInDays: 30 });
    const body = await answer.json();
    expect(answer.status).toBe(201);
    expect(body.data.secret).toBe('wdt_secret-of-bot');
    expect(body.data.token).toMatchObject({ name: 'bot', areas: ['admin'], createdBy: api.admin, revokedAt: null });
    const listed = await dataOf('/tokens');
    expect(listed[0]).toEqual(body.data.token);
    expect(listed.at(-1).name).toBe('laptop');
    expect(JSON.stringify(listed)).not.toContain('wdt_');
    expect((await send('POST', '/tokens', { name: 'bot', areas: ['admin'], expiresInDays: 30 })).status).toBe(409);
    expect((await send('POST', '/tokens', { name: 'Bot!', areas: [], expiresInDays: 0 })).status).toBe(400);
  });

  it('should revoke a named token, and refuse the startup token or one already revoked with 409', async () => {
    const api = releasesApi();
    const [startup, ci, , laptop] = api.tokens;
    const revoked = await send('DELETE', `/tokens/${ci!._id}`);
    expect([revoked.status, (await revoked.json()).data.revokedAt]).toEqual([200, api.now]);
    expect((await send('DELETE', `/tokens/${startup!._id}`)).status).toBe(409);
    expect((await send('DELETE', `/tokens/${laptop!._id}`)).status).toBe(409);
  });

  it('should grant and revoke another admin, refusing oneself with 403 and no change with 409', async () => {
    const api = releasesApi();
    const karim = api.deployers[1]!;
    const granted = await send('PATCH', `/deployers/${karim._id}`, { deployer: true });
    expect([granted.status, (await granted.json()).message]).toEqual([200, 'Deploy permission granted']);
    expect((await dataOf('/deployers'))[1].deployer).toBe(true);
    expect((await send('PATCH', `/deployers/${karim._id}`, { deployer: true })).status).toBe(409);
    expect((await send('PATCH', `/deployers/${api.me._id}`, { deployer: false })).status).toBe(403);
  });
});
