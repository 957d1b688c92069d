import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyHttpProxy from '@fastify/http-proxy';
import { expect, test, type Browser, type CDPSession, type Page } from '@playwright/test';
import { registerAccount, signInAs, signInAsAdmin } from '../support/accounts';
import { BASE_URL } from '../playwright.config';

/**
 * The first view on a slow phone, measured in Chromium through the DevTools protocol: the site as
 * `pnpm start` serves it, against a single-bundle build of the same product (`single-bundle/`)
 * built and served in the same run, so the ratio holds on a noisy machine.
 *
 * Printed for `/` (both sites) and for entering each role's area from `/` (ours): the median over
 * cold loads of the time to the first screen, compressed bytes on the wire (headers included),
 * the request count, and the longest chain of sequential requests (each started after the one
 * before it had finished). Nothing here is asserted about speed.
 */
const PROFILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
};
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REFERENCE_PORT = Number(process.env.BENCH_REFERENCE_PORT ?? 3219);
const HEADING = 'Welcome to Digital Wallet';
/** The heading in Bangla (remote-public's bn catalog), for a visitor whose language is Bangla. */
const HEADING_BN = 'ডিজিটাল ওয়ালেটে স্বাগতম';
/**
 * The checkout whose single bundle is the reference (default: this one). Set it to a checkout of
 * the commit before a change to compare both sides of the change against the same reference.
 */
const REFERENCE_E2E = process.env.BENCH_REFERENCE_CHECKOUT
  ? path.resolve(process.env.BENCH_REFERENCE_CHECKOUT, 'e2e')
  : path.resolve(__dirname, '..');

interface Request {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  /** Answered by the browser's cache: no round trip. */
  cached?: boolean;
}

interface Load {
  ms: number;
  bytes: number;
  requests: number;
  chain: number;
  chainUrls: string[];
  /** Entering an area: everything the visit had downloaded before the click (`/` and what it fetched ahead). */
  before?: number;
  /** `/`: the layout shifts of the load, summed until the page has settled (no input meanwhile). */
  cls?: number;
  /** Of `bytes`, the font files'. */
  fontBytes: number;
}

/** Every request the page makes from now on, with its timing and encoded size. */
async function recordNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, { url: event.request.url, start: event.timestamp, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request && (event.response.fromDiskCache || event.response.fromPrefetchCache)) request.cached = true;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp;
  });
  return requests;
}

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  return cdp;
}

/** The longest run of requests where each began only after the previous one had finished. */
function longestChain(requests: Request[]) {
  const sorted = requests.filter((request) => request.end !== undefined).sort((a, b) => a.start - b.start);
  const best = sorted.map(() => ({ length: 1, previous: -1 }));
  sorted.forEach((request, i) => {
    for (let j = 0; j < i; j += 1) {
      if (sorted[j]!.end! <= request.start && best[j]!.length + 1 > best[i]!.length)
        best[i] = { length: best[j]!.length + 1, previous: j };
    }
  });
  let at = best.reduce((top, entry, i) => (entry.length > best[top]!.length ? i : top), 0);
  const urls: string[] = [];
  while (at >= 0 && sorted.length > 0) {
    urls.unshift(new URL(sorted[at]!.url).pathname);
    at = best[at]!.previous;
  }
  return { length: urls.length, urls };
}

/** Requests that crossed the network: a cache hit is no round trip and no bytes. */
function summarise(all: Request[], ms: number): Load {
  const requests = all.filter((request) => !request.cached);
  const chain = longestChain(requests);
  return {
    ms,
    bytes: requests.reduce((sum, request) => sum + request.bytes, 0),
    fontBytes: requests
      .filter((request) => /\.(woff2?|ttf|otf)$/.test(new URL(request.url).pathname))
      .reduce((sum, request) => sum + request.bytes, 0),
    requests: requests.length,
    chain: chain.length,
    chainUrls: chain.urls,
  };
}

/**
 * Resolves with the time from the page's next click to the first animation frame in which `test`
 * holds: the frame that paints the screen the click asked for.
 */
function timeFromClickTo(page: Page, test: string) {
  return page.evaluate(
    (source) =>
      new Promise<number>((resolve) => {
        const holds = new Function(`return (${source})`) as () => boolean;
        let clickedAt = 0;
        const check = () => {
          if (!clickedAt || !holds()) return false;
          requestAnimationFrame(() => resolve(performance.now() - clickedAt));
          return true;
        };
        document.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      }),
    test,
  );
}

const headingShown = (heading: string) =>
  `[...document.querySelectorAll('h1,h2')].some((h) => h.textContent === ${JSON.stringify(heading)})`;
/** In Bangla, the heading counts once drawn from the shipped Bengali font (its 400 face has arrived). */
const banglaHeadingShown = `${headingShown(HEADING_BN)} && [...document.fonts].some((face) => face.status === 'loaded' && /U\\+980\\b/.test(face.unicodeRange))`;

/** One cold load of `/`: a fresh context has an empty cache. In Bangla: a visitor who chose it (its cookie). */
async function coldLoad(browser: Browser, baseURL: string, language: 'en' | 'bn' = 'en'): Promise<Load> {
  const context = await browser.newContext({ baseURL, viewport: PROFILE.viewport });
  if (language === 'bn') await context.addCookies([{ name: 'wallet_lang', value: 'bn', url: baseURL }]);
  const page = await context.newPage();
  const cdp = await throttle(page);
  const requests = await recordNetwork(cdp);
  await watchHeading(page, language === 'bn' ? banglaHeadingShown : headingShown(HEADING));
  await page.goto('/', { waitUntil: 'commit' });
  const ms = await headingAt(page);
  // Only what was asked for before the heading showed: the first view's cost.
  const navigationStart = [...requests.values()][0]!.start;
  const before = [...requests.values()].filter((request) => (request.start - navigationStart) * 1000 <= ms);
  const load = summarise(before, ms);
  if (process.env.BENCH_VERBOSE)
    console.log(
      `${baseURL} in ${ms.toFixed(0)} ms:\n${before.map((r) => `${String(r.bytes).padStart(8)} ${((r.start - navigationStart) * 1000).toFixed(0).padStart(6)}-${(((r.end ?? r.start) - navigationStart) * 1000).toFixed(0).padEnd(6)} ${new URL(r.url).pathname}`).join('\n')}`,
    );
  // The page settles (its later fetches done, a moment more), untouched: the shifts of its whole load.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  load.cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await context.close();
  return load;
}

/**
 * Before any script of the page runs: notes when the heading is first painted (from the
 * navigation's start, `__headingAt`) and sums the page's layout shifts (`__cls`, none counted
 * within half a second of input, as Chromium marks them).
 */
async function watchHeading(page: Page, shown: string) {
  await page.addInitScript((source) => {
    const state = window as unknown as { __cls: number };
    state.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const holds = new Function(`return (${source})`) as () => boolean;
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as unknown as { __headingAt: number }).__headingAt = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    // A face arriving changes no node: the condition is checked again then too.
    document.fonts.addEventListener('loadingdone', () => {
      if (!holds()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as unknown as { __headingAt?: number }).__headingAt ??= performance.now();
      });
    });
  }, shown);
}

/** The heading's paint, in ms from the navigation's start, once it has happened. */
async function headingAt(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __headingAt?: number }).__headingAt !== undefined, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __headingAt: number }).__headingAt);
}

/**
 * One cold load of `/`, as an impatient person uses it: Get Started tapped again and again from
 * the moment the heading is painted until the address changes (a page whose links do nothing yet
 * costs taps, not time). The time runs from the navigation's start, on this process's clock: the
 * page's own clock would restart if the tap loaded a new document.
 */
async function getStartedLoad(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PROFILE.viewport });
  const page = await context.newPage();
  await throttle(page);
  await watchHeading(page, headingShown(HEADING));
  const started = Date.now();
  await page.goto('/', { waitUntil: 'commit' });
  let navigatedAt: number | undefined;
  const navigated = page
    .waitForURL((url) => url.pathname !== '/', { waitUntil: 'commit', timeout: 60_000 })
    .then(() => (navigatedAt = Date.now()));
  await headingAt(page);
  const getStarted = page.getByRole('link', { name: 'Get Started' });
  while (navigatedAt === undefined) {
    await getStarted.click({ timeout: 1_000, noWaitAfter: true }).catch(() => undefined);
    await Promise.race([navigated, new Promise((resolve) => setTimeout(resolve, 50))]);
  }
  await context.close();
  return navigatedAt - started;
}

interface Area {
  area: 'user' | 'agent' | 'admin';
  link: string;
  /** Holds once the area's first screen is on the page. */
  ready: string;
  signIn: (page: Page) => Promise<void>;
}

/** Signed in, `/` loaded and settled, then the area's link in the header: what entering it costs. */
async function enterArea(browser: Browser, { link, ready, signIn }: Area): Promise<Load> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: PROFILE.viewport });
  const page = await context.newPage();
  await signIn(page);
  const cdp = await throttle(page);
  const requests = await recordNetwork(cdp);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // A person reads the landing page for a moment before choosing where to go.
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
  // On a phone the header's links sit in its menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const item = page.getByRole('menu').getByRole('menuitem', { name: link });
  await item.waitFor();
  const seen = new Set(requests.keys());
  const shown = timeFromClickTo(page, ready);
  // The page's clock starts with the navigation, the protocol's with the document's request.
  const clickedAt = await page.evaluate(() => performance.now());
  await item.click();
  const ms = await shown;
  await page.waitForLoadState('networkidle');
  const origin = [...requests.values()][0]!.start + clickedAt / 1000;
  const after = [...requests.entries()]
    .filter(([id]) => !seen.has(id))
    .map(([, request]) => request)
    // Only what was asked for before the screen showed.
    .filter((request) => request.start <= origin + ms / 1000 + 0.05);
  const load = summarise(after, ms);
  load.before = [...requests.entries()]
    .filter(([id]) => seen.has(id))
    .reduce((sum, [, request]) => sum + request.bytes, 0);
  await context.close();
  return load;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function row(label: string, loads: Load[]) {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  return `${label.padEnd(34)} ${(median(loads.map((l) => l.ms)) / 1000).toFixed(2).padStart(8)} s ${kb(median(loads.map((l) => l.bytes))).padStart(9)} KB ${String(median(loads.map((l) => l.requests))).padStart(9)} ${String(median(loads.map((l) => l.chain))).padStart(7)}`;
}

let reference: FastifyInstance;
const results: string[] = [];
/** `/`: when Get Started first navigates, and the load's layout shift. */
const interactive: string[] = [];
const chains: string[] = [];

test.describe.configure({ mode: 'serial' });
test.setTimeout(600_000);

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const out = mkdtempSync(path.join(tmpdir(), 'wallet-single-bundle-'));
  // On this process's Node (the project's), not on a `node` or `npx` from the PATH.
  const cli = createRequire(path.join(REFERENCE_E2E, 'package.json')).resolve('webpack-cli/bin/cli.js');
  execFileSync(process.execPath, [cli, '--config', 'bench/single-bundle/webpack.config.js', '--env', `out=${out}`], {
    cwd: REFERENCE_E2E,
    stdio: 'ignore',
  });
  // Served like the real site: pre-compressed files, versioned scripts cached for good, the API proxied.
  reference = Fastify();
  await reference.register(fastifyStatic, {
    root: out,
    preCompressed: true,
    index: false,
    wildcard: false,
    cacheControl: false,
    setHeaders: (response, file) =>
      response.setHeader('Cache-Control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable'),
  });
  await reference.register(fastifyHttpProxy, { upstream: BASE_URL, prefix: '/api', rewritePrefix: '/api' });
  reference.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  await reference.listen({ port: REFERENCE_PORT, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await reference?.close();
  console.log(
    `\nFirst view on a slow phone (${PROFILE.latency} ms, 1.6 Mbit/s down, 750 kbit/s up, CPU ${PROFILE.cpuSlowdown}x slower, ${PROFILE.viewport.width}x${PROFILE.viewport.height}), median of ${RUNS} cold loads\n` +
      `${''.padEnd(34)} ${'screen'.padStart(10)} ${'on the wire'.padStart(12)} ${'requests'.padStart(9)} ${'chain'.padStart(7)}\n${results.join('\n')}\n\n` +
      `${''.padEnd(34)} ${'Get Started navigates'.padStart(10)} ${'CLS'.padStart(6)}\n${interactive.join('\n')}\n\n` +
      `Longest chains:\n${chains.join('\n')}\n`,
  );
});

test('/ against a single-bundle build of the same product', async ({ browser }) => {
  const ours: Load[] = [];
  const single: Load[] = [];
  const oursStarted: number[] = [];
  const singleStarted: number[] = [];
  const referenceUrl = `http://127.0.0.1:${REFERENCE_PORT}`;
  // Interleaved, so both sites meet the same moments of a noisy machine.
  for (let run = 0; run < RUNS; run += 1) {
    single.push(await coldLoad(browser, referenceUrl));
    ours.push(await coldLoad(browser, BASE_URL));
    singleStarted.push(await getStartedLoad(browser, referenceUrl));
    oursStarted.push(await getStartedLoad(browser, BASE_URL));
  }
  const cls = (loads: Load[]) => median(loads.map((load) => load.cls ?? 0)).toFixed(3);
  interactive.push(
    `${'single bundle: /'.padEnd(34)} ${(median(singleStarted) / 1000).toFixed(2).padStart(8)} s ${cls(single).padStart(9)}`,
    `${'this site: /'.padEnd(34)} ${(median(oursStarted) / 1000).toFixed(2).padStart(8)} s ${cls(ours).padStart(9)}`,
    `${'ratio (this site / single bundle)'.padEnd(34)} ${(median(oursStarted) / median(singleStarted)).toFixed(2).padStart(8)} x`,
  );
  console.log(interactive.join('\n'));
  results.push(row('single bundle: /', single), row('this site: /', ours));
  console.log(results.join('\n'));
  results.push(
    `${'ratio (this site / single bundle)'.padEnd(34)} ${(median(ours.map((l) => l.ms)) / median(single.map((l) => l.ms))).toFixed(2).padStart(8)} x ${(median(ours.map((l) => l.bytes)) / median(single.map((l) => l.bytes))).toFixed(2).padStart(9)} x`,
  );
  chains.push(`this site: / ${ours[0]!.chainUrls.join(' → ')}`);
});

test('/ in Bangla: the first screen drawn from the shipped Bengali font', async ({ browser }) => {
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) loads.push(await coldLoad(browser, BASE_URL, 'bn'));
  results.push(row('this site: / in Bangla', loads));
  const fonts = median(loads.map((load) => load.fontBytes));
  results.push(
    `${'  of which the font'.padEnd(34)} ${''.padStart(10)} ${(fonts / 1000).toFixed(1).padStart(9)} KB (goal for all: 150 KB)`,
  );
  interactive.push(
    `${'this site: / in Bangla'.padEnd(34)} ${''.padStart(10)} ${median(loads.map((l) => l.cls ?? 0))
      .toFixed(3)
      .padStart(9)}`,
  );
  console.log(results.slice(-2).join('\n'));
});

const AREAS: Area[] = [
  {
    area: 'user',
    link: 'User-Dashboard',
    // The overview with the wallet's figures in it, not only its frame.
    ready: `!!document.querySelector('main section[aria-label="Your wallet"]')`,
    signIn: async (page) => signInAs(page, await registerAccount()),
  },
  {
    area: 'agent',
    link: 'Agent-Dashboard',
    ready: `!!document.querySelector('main section[aria-label="Your wallet"]') && [...document.querySelectorAll('button')].some((b) => b.textContent === 'Cash In')`,
    signIn: async (page) => {
      const agent = await registerAccount();
      await signInAsAdmin(page);
      expect((await page.request.patch(`/api/v1/admin/approve/${agent.id}`)).status()).toBe(200);
      await page.context().clearCookies();
      await signInAs(page, agent);
    },
  },
  {
    area: 'admin',
    link: 'Admin-Dashboard',
    // A row of people, not the list's loading row.
    ready: `[...document.querySelectorAll('table[aria-label="Users"] tbody tr')].some((row) => row.textContent.includes('@'))`,
    signIn: signInAsAdmin,
  },
];

for (const area of AREAS) {
  test(`entering /${area.area} from /`, async ({ browser }) => {
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await enterArea(browser, area));
    results.push(
      `${row(`this site: / → /${area.area}`, loads)}   (before the click: ${(median(loads.map((l) => l.before!)) / 1000).toFixed(1)} KB)`,
    );
    console.log(results.at(-1));
    chains.push(`this site: / → /${area.area} ${loads[0]!.chainUrls.join(' → ')}`);
  });
}
