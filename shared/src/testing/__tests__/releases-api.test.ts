import { APP_NAMES } from '@wallet/shared/areas';
import { areaReleases, releaseSwitch } from '../fixtures';
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
const answerOf = async (answer: Response) => ({ status: answer.status, ...(await answer.json()) });
/** The releases of every area as the kit has them, admin's with `options`. */
const withAdmin = (options: Parameters<typeof areaReleases>[1]) =>
  APP_NAMES.map((area) => areaReleases(area, area === 'admin' ? options : {}));
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
      'merchant',
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

  it('should roll a release out to a share of visitors beside the live one, and record it', async () => {
    const api = releasesApi();
    const { status, message, data } = await answerOf(
      await send('POST', '/admin/rollout', { version: '1.0.2', audience: 'share', share: 25 }),
    );
    expect([status, message]).toEqual([200, 'Release is rolling out to 25% of visitors']);
    expect(data).toMatchObject({
      live: { version: '1.0.3' },
      candidate: { release: { version: '1.0.2' }, audience: 'share', share: 25, since: api.now, by: api.admin },
    });
    expect(data.switches).toEqual([
      expect.objectContaining({ kind: 'rollout', share: 25, from: '1.0.3', to: '1.0.2', switchedBy: api.admin }),
    ]);
    expect((await dataOf(''))[4]).toEqual(data);
    expect(api.writes).toEqual([
      { method: 'POST', path: '/releases/admin/rollout', body: { version: '1.0.2', audience: 'share', share: 25 } },
    ]);
  });

  it('should preview a release for admins only, replacing the rollout under way', async () => {
    releasesApi({ areas: withAdmin({ count: 4, live: 3, candidate: 4 }) });
    const { data } = await answerOf(await send('POST', '/admin/rollout', { version: '1.0.2', audience: 'admins' }));
    expect(data.candidate).toMatchObject({ release: { version: '1.0.2' }, audience: 'admins', share: null });
    expect(data.switches[0]).toMatchObject({ kind: 'rollout', share: null, from: '1.0.3', to: '1.0.2' });
  });

  it('should refuse a rollout the contract refuses, of the live release, of an unknown one or with none live', async () => {
    const api = releasesApi({ areas: withAdmin({ live: null }) });
    const rollout = (area: string, body: unknown) => send('POST', `/${area}/rollout`, body);
    expect((await rollout('user', { version: '1.0.2', audience: 'share', share: 100 })).status).toBe(400);
    expect((await rollout('user', { version: '1.0.2', audience: 'share' })).status).toBe(400);
    expect((await rollout('user', { version: '1.0.2', audience: 'admins', share: 10 })).status).toBe(400);
    const live = await answerOf(await rollout('user', { version: '1.0.3', audience: 'admins' }));
    expect([live.status, live.message]).toEqual([409, 'This release is already live']);
    expect((await rollout('user', { version: '9.9.9', audience: 'admins' })).status).toBe(404);
    expect((await rollout('admin', { version: '1.0.2', audience: 'admins' })).status).toBe(409);
    api.deployers = api.deployers.map((row) => (row._id === api.me._id ? { ...row, deployer: false } : row));
    expect((await rollout('user', { version: '1.0.2', audience: 'admins' })).status).toBe(403);
    expect(api.areas.every((entry) => entry.candidate === null && entry.switches.length === 0)).toBe(true);
  });

  it('should promote the rollout to everyone, and refuse to promote with none under way', async () => {
    const api = releasesApi({ areas: withAdmin({ count: 4, live: 3, candidate: 4 }) });
    const { status, message, data } = await answerOf(await send('POST', '/admin/promote'));
    expect([status, message]).toEqual([200, 'Release is live for everyone']);
    expect(data).toMatchObject({ live: { version: '1.0.4' }, liveSince: api.now, liveBy: api.admin, candidate: null });
    expect(data.switches[0]).toMatchObject({ kind: 'promote', share: null, from: '1.0.3', to: '1.0.4' });
    const again = await answerOf(await send('POST', '/admin/promote'));
    expect([again.status, again.message]).toEqual([409, 'No release is rolling out in this area']);
  });

  it('should roll back a rollout, everyone staying on the live release', async () => {
    releasesApi({ areas: withAdmin({ count: 4, live: 3, candidate: 4, share: null }) });
    const { status, message, data } = await answerOf(await send('POST', '/admin/rollback'));
    expect([status, message]).toEqual([200, 'Release rolled back']);
    expect(data).toMatchObject({ live: { version: '1.0.3' }, liveBy: 'token ci', candidate: null });
    expect(data.switches[0]).toMatchObject({ kind: 'rollback', share: null, from: '1.0.4', to: '1.0.3' });
  });

  it('should roll back to the release live before without a rollout, and refuse when none is known', async () => {
    releasesApi();
    const unknown = await answerOf(await send('POST', '/admin/rollback'));
    expect([unknown.status, unknown.message]).toEqual([409, 'This area has no earlier release to roll back to']);
    await activate('admin', { version: '1.0.1' });
    const { message, data } = await answerOf(await send('POST', '/admin/rollback'));
    expect(message).toBe('Release rolled back');
    expect(data.live.version).toBe('1.0.3');
    expect(
      data.switches.map((row: { kind: string; from: string; to: string }) => [row.kind, row.from, row.to]),
    ).toEqual([
      ['rollback', '1.0.1', '1.0.3'],
      ['switch', '1.0.3', '1.0.1'],
    ]);
  });

  it("should know the release live before from the fixtures' last switch to the live one", async () => {
    releasesApi({
      areas: APP_NAMES.map((area) => ({
        ...areaReleases(area),
        switches: [releaseSwitch(area, 3, { from: '1.0.1' })],
      })),
    });
    const { data } = await answerOf(await send('POST', '/user/rollback'));
    expect(data.live.version).toBe('1.0.1');
  });

  it('should end a rollout when a release is switched to outright, as the API does', async () => {
    releasesApi({ areas: withAdmin({ count: 4, live: 3, candidate: 4 }) });
    const { data } = await answerOf(await activate('admin', { version: '1.0.1' }));
    expect(data).toMatchObject({ live: { version: '1.0.1' }, candidate: null });
    expect(data.switches[0]).toMatchObject({ kind: 'switch', share: null, from: '1.0.3', to: '1.0.1' });
  });
});
