import { reportRelease, startReleaseReports } from '../federation/release-reports';
import type { RuntimeConfig } from '@wallet/shared/federation';
import '../testing/all-areas';
import { captureClientReports, CONFIG_WITH_RELEASES, leavePage, RELEASES } from '../testing/client-reports';

const hostView = { area: 'host', release: RELEASES.host, kind: 'view' };

describe('release reports', () => {
  let capture: ReturnType<typeof captureClientReports>;
  let stop: (() => void) | undefined;

  const start = (options?: Parameters<typeof captureClientReports>[0], config = CONFIG_WITH_RELEASES) => {
    capture = captureClientReports(options);
    stop = startReleaseReports(config);
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    stop?.();
    capture.restore();
    jest.useRealTimers();
    window.history.pushState({}, '', '/');
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('should send what is reported in bodies of at most 20, one request every 5 seconds', async () => {
    start();
    for (let count = 0; count < 44; count += 1) reportRelease('user', 'error');
    expect(capture.fetch).not.toHaveBeenCalled();

    jest.advanceTimersByTime(4_999);
    expect(capture.fetch).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(capture.fetch).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5_000);
    expect(capture.fetch).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(60_000);
    expect(capture.fetch).toHaveBeenCalledTimes(3);

    const bodies = await capture.bodies();
    expect(bodies.map((body) => body.reports.length)).toEqual([20, 20, 5]);
    expect(bodies[0]!.reports[0]).toEqual(hostView);
    expect(bodies[2]!.reports.at(-1)).toEqual({ area: 'user', release: RELEASES.user, kind: 'error' });
    for (const { url, init } of capture.sent) {
      expect(url).toBe('/api/v1/client-reports');
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    }
  });

  it("should send the page's report token with every body, and renew it every 30 minutes while it names this page's releases", async () => {
    let answer: RuntimeConfig = { ...CONFIG_WITH_RELEASES, reportToken: 'token-2' };
    start({ config: () => answer }, { ...CONFIG_WITH_RELEASES, reportToken: 'token-1' });
    await jest.advanceTimersByTimeAsync(5_000);
    // Half an hour on: the site's new token names the same releases, so it is taken.
    await jest.advanceTimersByTimeAsync(30 * 60_000);
    reportRelease('user', 'error');
    await jest.advanceTimersByTimeAsync(5_000);
    // Another half hour: the site now gives this browser another release, so the page keeps its own.
    answer = { ...CONFIG_WITH_RELEASES, releases: { ...RELEASES, user: 'user-3' }, reportToken: 'token-3' };
    await jest.advanceTimersByTimeAsync(30 * 60_000);
    reportRelease('public', 'error');
    await jest.advanceTimersByTimeAsync(5_000);
    expect((await capture.bodies()).map((body) => body.token)).toEqual(['token-1', 'token-2', 'token-2']);
    expect(capture.fetch.mock.calls.filter(([url]) => String(url) === '/app-config.json')).toHaveLength(2);
  });

  it('should drop a body the API turns down and never send it again', async () => {
    start({ status: 429 });
    reportRelease('public', 'error');
    jest.advanceTimersByTime(60_000);
    expect(capture.fetch).toHaveBeenCalledTimes(1);
    expect(await capture.reports()).toHaveLength(2);
  });

  it('should send what is left by beacon when the page is unloaded or hidden', async () => {
    start();
    for (let count = 0; count < 24; count += 1) reportRelease('admin', 'error');
    leavePage();
    expect(capture.sent.map(({ via, url, type }) => ({ via, url, type }))).toEqual([
      { via: 'beacon', url: '/api/v1/client-reports', type: 'application/json' },
      { via: 'beacon', url: '/api/v1/client-reports', type: 'application/json' },
    ]);
    expect((await capture.bodies()).map((body) => body.reports.length)).toEqual([20, 5]);
    jest.advanceTimersByTime(60_000);
    expect(capture.fetch).not.toHaveBeenCalled();

    reportRelease('agent', 'error');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(capture.sendBeacon).toHaveBeenCalledTimes(3);
    expect((await capture.bodies())[2]!.reports).toEqual([{ area: 'agent', release: RELEASES.agent, kind: 'error' }]);
  });

  it('should post with keepalive when the browser refuses the beacon', async () => {
    start({ beacon: false });
    leavePage();
    expect(capture.sendBeacon).toHaveBeenCalledTimes(1);
    expect(capture.sent).toHaveLength(1);
    expect(capture.sent[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(await capture.reports()).toEqual([hostView]);
  });

  it('should send at most 100 reports from one page, so a render loop that throws cannot flood the API', async () => {
    start();
    for (let count = 0; count < 500; count += 1) reportRelease('user', 'error');
    jest.advanceTimersByTime(10_000);
    leavePage();
    const bodies = await capture.bodies();
    expect(bodies.every((body) => body.reports.length <= 20)).toBe(true);
    expect(bodies.flatMap((body) => body.reports)).toHaveLength(100);
  });

  it('should count a view of each app, and an area unavailable, once a page', async () => {
    start();
    for (let count = 0; count < 3; count += 1) {
      reportRelease('host', 'view');
      reportRelease('user', 'view');
      reportRelease('agent', 'unavailable');
    }
    leavePage();
    expect(await capture.reports()).toEqual([
      hostView,
      { area: 'user', release: RELEASES.user, kind: 'view' },
      { area: 'agent', release: RELEASES.agent, kind: 'unavailable' },
    ]);
  });

  it('should attribute an uncaught error to the area of the path, and send nothing of the error itself', async () => {
    start();
    const error = new Error('PIN 1234 refused for user 42 at https://wallet.example/user/overview');
    window.history.pushState({}, '', '/agent/cash-in?phone=01700000000');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    window.history.pushState({}, '', '/Admin');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    window.history.pushState({}, '', '/administrators');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: error }));
    // A remote entry that fails to load fires its error on the script element, not on window.
    const script = document.createElement('script');
    document.head.append(script);
    script.dispatchEvent(new Event('error', { bubbles: true }));
    script.remove();

    leavePage();
    expect(await capture.reports()).toEqual([
      hostView,
      { area: 'agent', release: RELEASES.agent, kind: 'error' },
      { area: 'admin', release: RELEASES.admin, kind: 'error' },
      { area: 'public', release: RELEASES.public, kind: 'error' },
    ]);
    const sent = (await Promise.all(capture.sent.map((one) => one.body))).join();
    for (const secret of ['1234', '42', 'wallet.example', 'phone', 'cash-in']) expect(sent).not.toContain(secret);
  });

  it('should send nothing when the config names no release (a dev server)', () => {
    start(undefined, { apiBaseUrl: '/api/v1', remotes: {} });
    reportRelease('user', 'view');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }));
    jest.advanceTimersByTime(60_000);
    leavePage();
    expect(capture.sendBeacon).not.toHaveBeenCalled();
    expect(capture.fetch).not.toHaveBeenCalled();
  });

  it('should skip an app whose release the config does not name', async () => {
    start(undefined, { ...CONFIG_WITH_RELEASES, releases: { user: RELEASES.user } });
    reportRelease('agent', 'view');
    reportRelease('user', 'view');
    leavePage();
    expect(await capture.reports()).toEqual([{ area: 'user', release: RELEASES.user, kind: 'view' }]);
  });
});
