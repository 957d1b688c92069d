import { releasesApi } from '../releases-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const activate = (area: string, body: unknown) =>
  fetch(`${API}/releases/${area}/activate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

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
});
