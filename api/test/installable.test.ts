import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import en from '../src/site/installable/worker/locales/en.json';
import bn from '../src/site/installable/worker/locales/bn.json';
import { createTestContext, type TestContext } from './helpers';
import { runWorker } from './worker-scope';

/**
 * The installable app's two routes (api/src/site/installable/): the manifest and the service worker,
 * served by the site itself with nothing built and nothing released; and what the worker does with
 * a request, run here in a stand-in of a browser's worker scope (worker-scope.ts; what it does with
 * a push, test/worker-push.test.ts).
 */

/** A site root with no build in it, and a releases folder with no release: nothing is published. */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-installable-'));
const siteEnv = { SITE_ROOT: root, RELEASES_DIR: path.join(root, 'releases') };

let t: TestContext;
let killSwitch: TestContext;
before(async () => {
  [t, killSwitch] = await Promise.all([
    createTestContext(siteEnv),
    createTestContext({ ...siteEnv, SERVICE_WORKER: 'off' }),
  ]);
});
after(async () => {
  await Promise.all([t.close(), killSwitch.close()]);
  rmSync(root, { recursive: true, force: true });
});

const get = (context: TestContext, url: string) => context.inject({ method: 'GET', url });

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (body: Buffer) => {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
};

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the manifest and the worker, with no release published', () => {
  it('should serve the web app manifest, revalidated, with a fixed id, / to start and one theme colour', async () => {
    // Nothing is built or released here: the site has no page and no runtime config, yet the two routes answer.
    expect((await get(t, '/app-config.json')).statusCode).toBe(404);
    expect((await get(t, '/')).statusCode).toBe(404);
    const response = await get(t, '/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({
      id: '/',
      name: 'Digital Wallet',
      short_name: 'Wallet',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });

  it('should list real PNG icons of 192 and 512 px (and a maskable one), each at the size it says, kept a year', async () => {
    const { icons } = (await get(t, '/manifest.webmanifest')).json() as { icons: ManifestIcon[] };
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      expect(icon.src).toMatch(/^\/icons\/[\w-]+\.[0-9a-f]{12}\.png$/);
      const file = await get(t, icon.src);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(file.rawPayload)).toBe(icon.sizes);
    }
  });

  it('should serve the worker at /sw.js as JavaScript, revalidated, under the site policy that lets it fetch its own origin', async () => {
    const response = await get(t, '/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The worker's own policy is its script's: its network fetches go to its own origin.
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.body).toContain('navigationPreload');
    // No Service-Worker-Allowed: at /sw.js its scope is the whole site already.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });

  it('should serve the kill switch at /sw.js with SERVICE_WORKER=off, and the manifest still', async () => {
    const response = await get(killSwitch, '/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('unregister');
    expect(response.body).not.toBe((await get(t, '/sw.js')).body);
    expect((await get(killSwitch, '/manifest.webmanifest')).statusCode).toBe(200);
  });

  it('should give the worker the same words in both languages, with the same figures, and no Latin letter in Bangla', () => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    const figures = (text: string) => text.match(/\{\w+\}/g) ?? [];
    for (const [id, text] of Object.entries(bn)) {
      expect(figures(text)).toEqual(figures(en[id as keyof typeof en]));
      // A figure's name ({amount}) is replaced before it is shown.
      expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe("the worker's answers", () => {
  let script: string;
  before(async () => {
    script = (await get(t, '/sw.js')).body;
  });
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

  it('should install at once with static routes around it, enable navigation preload and take the open pages', async () => {
    const worker = runWorker(script, {});
    let rules: { condition: Record<string, unknown>; source: string }[] = [];
    await worker.lifecycle('install', { addRoutes: async (given: typeof rules) => void (rules = given) });
    await worker.lifecycle('activate');
    expect(worker.calls).toEqual(['skipWaiting', 'navigationPreload.enable', 'clients.claim']);
    expect(rules).toEqual([
      { condition: { not: { requestMode: 'navigate' } }, source: 'network' },
      { condition: { urlPattern: '/api/*' }, source: 'network' },
      { condition: { urlPattern: '/releases/*' }, source: 'network' },
      { condition: { urlPattern: '/app-config.json' }, source: 'network' },
    ]);
  });

  it("should answer a navigation with the network's response, an error status included", async () => {
    const worker = runWorker(script, {});
    const page = new Response('the page', { status: 200 });
    expect(await worker.fetchEvent('/user/overview', 'navigate', async () => page)).toBe(page);
    const failing = new Response('server error', { status: 503 });
    expect(await worker.fetchEvent('/', 'navigate', async () => failing)).toBe(failing);
  });

  it('should show the offline page on a network error only, in the language of the cookie, else of the browser', async () => {
    const english = await runWorker(script, {}).fetchEvent('/features?x=1', 'navigate', networkDown);
    expect(english!.status).toBe(503);
    expect(english!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(english!.headers.get('cache-control')).toBe('no-store');
    const html = await english!.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>${en['offline.heading']}</h1>`);
    expect(html).toContain(`<a href="http://wallet.test/features?x=1">${en['offline.retry']}</a>`);
    expect(html).not.toContain('<script');

    const chosen = runWorker(script, { cookie: 'bn', languages: ['en-US'] });
    const bangla = await (await chosen.fetchEvent('/', 'navigate', networkDown))!.text();
    expect(bangla).toContain('<html lang="bn">');
    expect(bangla).toContain(`<h1>${bn['offline.heading']}</h1>`);
    const byBrowser = runWorker(script, { languages: ['bn-BD', 'en'] });
    expect(await (await byBrowser.fetchEvent('/', 'navigate', networkDown))!.text()).toContain('<html lang="bn">');
  });

  it('should leave alone the API, the releases, the runtime config and every request that is not a navigation', async () => {
    const worker = runWorker(script, {});
    const noPreload = async () => undefined;
    for (const url of ['/api/docs', '/api/v1/health', '/releases/host/v1/index.html', '/app-config.json']) {
      expect(await worker.fetchEvent(url, 'navigate', noPreload)).toBeUndefined();
    }
    expect(await worker.fetchEvent('/releases/public/p1/remoteEntry.js', 'cors', noPreload)).toBeUndefined();
    expect(await worker.fetchEvent('/fonts/bangla.css', 'no-cors', noPreload)).toBeUndefined();
  });

  it('should, as the kill switch, answer nothing and unregister itself once active', async () => {
    const worker = runWorker((await get(killSwitch, '/sw.js')).body, {});
    expect([...worker.listeners.keys()].sort()).toEqual(['activate', 'install']);
    await worker.lifecycle('install');
    await worker.lifecycle('activate');
    expect(worker.calls).toEqual(['skipWaiting', 'unregister']);
  });
});
