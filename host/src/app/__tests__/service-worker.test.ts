import type { RuntimeConfig } from '@wallet/shared/federation';
import { registerServiceWorker } from '../service-worker';

/** The config of a page the site wrote (it names its releases), and of a dev server's (it names none). */
const SITE_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/v1', remotes: {}, releases: { host: 'h1' } };
const DEV_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/v1', remotes: {} };

/** A window whose page is still loading (or has loaded), with a worker container that registers as told. */
function pageThat({ loaded = false, register = jest.fn().mockResolvedValue({}), workers = true } = {}) {
  const listeners: Record<string, () => void> = {};
  const page = {
    document: { readyState: loaded ? 'complete' : 'loading' },
    navigator: workers ? { serviceWorker: { register } } : {},
    addEventListener: jest.fn((type: string, listener: () => void) => (listeners[type] = listener)),
  };
  return { page: page as unknown as Window, register, load: () => listeners.load?.() };
}

describe('the service worker registration', () => {
  it('should register /sw.js for the whole site once the page has loaded, never before', () => {
    const { page, register, load } = pageThat();
    registerServiceWorker(SITE_CONFIG, page);
    expect(register).not.toHaveBeenCalled();
    expect(page.addEventListener).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
    load();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('should register at once on a page that has loaded already', () => {
    const { page, register } = pageThat({ loaded: true });
    registerServiceWorker(SITE_CONFIG, page);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("should register nothing on a dev server's page, which names no release, or in a browser without workers", () => {
    const dev = pageThat({ loaded: true });
    registerServiceWorker(DEV_CONFIG, dev.page);
    expect(dev.register).not.toHaveBeenCalled();
    const old = pageThat({ loaded: true, workers: false });
    expect(() => registerServiceWorker(SITE_CONFIG, old.page)).not.toThrow();
    expect(old.page.addEventListener).not.toHaveBeenCalled();
  });

  it('should leave the page as it is when the registration fails, with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to register a ServiceWorker');
    const { page } = pageThat({ loaded: true, register: jest.fn().mockRejectedValue(failure) });
    registerServiceWorker(SITE_CONFIG, page);
    await Promise.resolve();
    await Promise.resolve();
    expect(warn).toHaveBeenCalledWith('[service worker] not registered', failure);
    warn.mockRestore();
  });
});
