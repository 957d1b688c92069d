import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { registerStartupToken } from '../src/site/deploy-tokens';
import { BANGLA_FONT_STYLESHEET, FALLBACK_METRICS, banglaFontFiles } from '../src/site/bangla-font';
import { newBrowserId } from '../src/site/rollouts';
import { readReportToken } from '../src/site/report-tokens';
import { createTestContext, type TestContext } from './helpers';

/** A checkout with a host build, and releases of the public and user areas as `pnpm release` makes them. */
const root = mkdtempSync(path.join(tmpdir(), 'wallet-first-view-'));
const releasesDir = path.join(root, 'releases');
const hostDist = path.join(root, 'host', 'dist');
mkdirSync(hostDist, { recursive: true });
/** The page's pre-paint script, as the build writes it into the host's page (shared/src/build/color-scheme.js). */
const THEME_SCRIPT =
  "!function(){try{let e='';const t=localStorage.getItem('vite-ui-theme')||'system'," +
  "c=localStorage.getItem('mui-color-scheme-dark')||'dark',s=localStorage.getItem('mui-color-scheme-light')||'light';" +
  "if('system'===t){e=window.matchMedia('(prefers-color-scheme: dark)').matches?c:s}'light'===t&&(e=s),'dark'===t&&(e=c)," +
  'e&&(document.documentElement.classList.remove(s,c),document.documentElement.classList.add(e))}catch(e){}}()';
writeFileSync(
  path.join(hostDist, 'index.html'),
  `<!doctype html><html><head><title>Digital Wallet</title><script>${THEME_SCRIPT}</script><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>`,
);
writeFileSync(path.join(hostDist, 'main.0123abcd.js'), 'console.log("host")');
const TOKEN = 'a-deploy-token-of-enough-length-0123456789';

function release(area: string, version: string) {
  const dir = path.join(releasesDir, area, version);
  mkdirSync(dir, { recursive: true });
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './routes', assets: { js: { sync: [`routes.${version}.js`], async: ['page.js'] } } }],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), 'var wallet = {}');
}

let t: TestContext;
before(async () => {
  t = await createTestContext({ SITE_ROOT: root, RELEASES_DIR: releasesDir });
  await registerStartupToken(t.db, TOKEN);
  for (const [area, version] of [
    ['public', 'p1'],
    ['user', 'u1'],
  ]) {
    release(area!, version!);
    const published = await t.inject({
      method: 'POST',
      url: '/api/v1/releases',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { area, version },
    });
    expect(published.statusCode).toBe(201);
  }
});
after(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (url: string) => t.inject({ method: 'GET', url });
const inlineConfig = (html: string) =>
  JSON.parse(/<script id="wallet-runtime-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"[^>]*>/g)].map((m) => m[1]);

describe('the first view', () => {
  it('should write the runtime config into the page, the same as /app-config.json', async () => {
    // One browser (one bucket): the page and the file give it the same config, and each a report
    // token the site signed over those releases and that bucket.
    const cookie = `wallet_bucket=${newBrowserId()}`;
    const html = (await t.inject({ method: 'GET', url: '/', headers: { cookie } })).body;
    const served = (await t.inject({ method: 'GET', url: '/app-config.json', headers: { cookie } })).json();
    const { reportToken: pageToken, ...inline } = inlineConfig(html);
    const { reportToken: fileToken, ...fromFile } = served;
    expect(inline).toEqual(fromFile);
    expect(served.remotes.public).toBe('/releases/public/p1/mf-manifest.json');
    for (const token of [pageToken, fileToken]) {
      expect(readReportToken(t.app.config.clientReportSecret!, token)).toMatchObject({
        releases: served.releases,
        bucket: cookie.split('=')[1],
      });
    }
  });

  it("should preload the page's area: its entry and its routes' chunks, nothing lazy", async () => {
    // The entry is preloaded as the host loads it, pinned to its hash: one fetch, not two.
    const html = (await page('/')).body;
    const integrity = inlineConfig(html).integrity.public as string;
    expect(integrity).toMatch(/^sha256-[\w+/]{43}=$/);
    expect(html).toContain(
      `<link rel="preload" as="script" href="/releases/public/p1/remoteEntry.js" integrity="${integrity}" crossorigin="anonymous">`,
    );
    expect(html).toContain('<link rel="preload" as="script" href="/releases/public/p1/routes.p1.js">');
    expect(preloads((await page('/')).body)).toEqual([
      '/releases/public/p1/remoteEntry.js',
      '/releases/public/p1/routes.p1.js',
    ]);
    expect(preloads((await page('/features')).body)).toEqual([
      '/releases/public/p1/remoteEntry.js',
      '/releases/public/p1/routes.p1.js',
    ]);
    expect(preloads((await page('/user/overview')).body)).toEqual([
      '/releases/user/u1/remoteEntry.js',
      '/releases/user/u1/routes.u1.js',
    ]);
    // An area with no release yet: the config leaves it out and nothing is preloaded.
    const admin = (await page('/admin/all-user')).body;
    expect(preloads(admin)).toEqual([]);
    expect(inlineConfig(admin).remotes.admin).toBeUndefined();
  });

  it('should follow a switch of release on the next page load', async () => {
    release('public', 'p2');
    const published = await t.inject({
      method: 'POST',
      url: '/api/v1/releases',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { area: 'public', version: 'p2' },
    });
    expect(published.statusCode).toBe(201);
    const html = (await page('/')).body;
    expect(inlineConfig(html).remotes.public).toBe('/releases/public/p2/mf-manifest.json');
    expect(preloads(html)).toContain('/releases/public/p2/routes.p2.js');
  });

  it("should let the page's own inline script run by its hash, and no other inline script", async () => {
    const response = await page('/features');
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    // The theme script alone: the runtime config is JSON, which no policy needs to allow.
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(response.body).toContain(`<script>${THEME_SCRIPT}</script>`);
  });

  it('should compress the page it writes per request for a browser that takes brotli, and only the page', async () => {
    const plain = await page('/');
    // What Chromium sends: zstd too, which Node 24 can make, but brotli makes this page smaller.
    const response = await t.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    // The same page but for its report token (each visit without a cookie is a new bucket).
    const withoutToken = (text: string) => text.replace(/"reportToken":"[^"]+"/, '"reportToken":""');
    expect(withoutToken(html)).toBe(withoutToken(plain.body));
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // The API's answers are sent as they are.
    const health = await t.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('should keep text from closing the config script', async () => {
    const html = (await page('/</script><script>alert(1)</script>')).body;
    expect(html).not.toContain('<script>alert(1)');
  });

  it('should let browsers keep versioned files for good and revalidate the page', async () => {
    const html = await page('/');
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    const script = await page('/main.0123abcd.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await page('/releases/public/p1/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the Bengali font', () => {
  const inBangla = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url, headers });
  const fontPreloads = (html: string) => html.match(/<link rel="preload" as="font"[^>]*>/g) ?? [];

  it('should declare the shipped faces and preload the 400 file on a Bangla page alone', async () => {
    const english = (await page('/')).body;
    expect(english).not.toContain('@font-face');
    expect(fontPreloads(english)).toEqual([]);
    const requests: Record<string, string>[] = [{ cookie: 'wallet_lang=bn' }, { 'accept-language': 'bn-BD,bn;q=0.9' }];
    for (const headers of requests) {
      const html = (await inBangla('/user/overview', headers)).body;
      const [preload] = fontPreloads(html);
      expect(fontPreloads(html)).toHaveLength(1);
      expect(preload).toMatch(/href="\/fonts\/noto-sans-bengali-400\.[0-9a-f]{12}\.woff2" crossorigin>$/);
      const faces = /<style id="wallet-bangla-font">([^<]*)<\/style>/.exec(html)![1]!;
      // The three Bengali-range faces, under the theme's first family, and no Latin file.
      const shipped = faces.match(/src:url\([^)]+\)/g)!;
      expect(shipped.map((src) => /noto-sans-bengali-(\d+)\./.exec(src)![1])).toEqual(['400', '500', '700']);
      expect(faces.match(/font-display:swap/g)).toHaveLength(3);
      expect(faces).toContain('font-family:Roboto');
      expect(faces).not.toMatch(/latin/i);
      expect(faces).toMatch(/unicode-range:U\+0020,U\+00A0,[^;}]*U\+0980-09FE/);
    }
    // The inline style is allowed by the page's policy as it stands.
    const policy = String((await inBangla('/', { cookie: 'wallet_lang=bn' })).headers['content-security-policy']);
    expect(policy).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(policy).toMatch(/font-src 'self'/);
  });

  it('should serve each face under its hash for a year, and the stylesheet a switch adds', async () => {
    for (const font of banglaFontFiles()) {
      const response = await page(font.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('font/woff2');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(font.body)).toBe(true);
      expect(createHash('sha256').update(response.rawPayload).digest('hex').slice(0, 12)).toBe(
        /\.([0-9a-f]{12})\.woff2$/.exec(font.url)![1],
      );
    }
    expect((await page('/fonts/noto-sans-bengali-400.000000000000.woff2')).statusCode).toBe(404);
    const sheet = await page(BANGLA_FONT_STYLESHEET);
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(sheet.headers['cache-control']).toBe('no-cache');
    const bangla = (await inBangla('/', { cookie: 'wallet_lang=bn' })).body;
    expect(bangla).toContain(`<style id="wallet-bangla-font">${sheet.body}</style>`);
  });

  it("should give the stand-in the shipped font's vertical metrics, as the file has them", async () => {
    const fontkit = await import('fontkit');
    for (const { body } of banglaFontFiles()) {
      const font = fontkit.create(body) as Font;
      const percent = (units: number) => Math.round((units / font.unitsPerEm) * 1000) / 10;
      expect({ ascent: percent(font.ascent), descent: percent(-font.descent), lineGap: percent(font.lineGap) }).toEqual(
        FALLBACK_METRICS,
      );
    }
    const sheet = (await page(BANGLA_FONT_STYLESHEET)).body;
    expect(sheet).toContain(
      `ascent-override:${FALLBACK_METRICS.ascent}%;descent-override:${FALLBACK_METRICS.descent}%;line-gap-override:0%`,
    );
  });
});
