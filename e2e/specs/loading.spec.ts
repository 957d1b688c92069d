import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

const reactFiles = (manifest: Manifest, base: string) =>
  manifest.shared
    .filter(({ name }) => name === 'react' || name === 'react-dom')
    .flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async])
    .map((file) => `${base}${file}`);

test('React is loaded once: the host provides it and no remote fetches its own copy', async ({ page, baseURL }) => {
  const fetched: string[] = [];
  page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('button', { name: 'Sing Up' })).toBeVisible();

  const hostManifest = (await (await page.request.get(`${baseURL}/mf-manifest.json`)).json()) as Manifest;
  const remoteManifest = (await (await page.request.get(`${baseURL}/remotes/public/mf-manifest.json`)).json()) as Manifest;
  const hostReact = reactFiles(hostManifest, '/');
  const remoteReact = reactFiles(remoteManifest, '/remotes/public/');
  expect(hostReact.length).toBeGreaterThan(0);
  expect(remoteReact.length).toBeGreaterThan(0);
  expect(fetched.filter((path) => path.startsWith('/remotes/public/') && path.endsWith('.js')).length).toBeGreaterThan(0);
  expect(fetched.filter((path) => remoteReact.includes(path))).toEqual([]);
  expect(fetched.filter((path) => path === hostReact[0])).toHaveLength(1);
});

/** A guard against regressions: what / cost when this spec was written (303 KiB), plus headroom. */
const FIRST_LOAD_BUDGET_KIB = 340;

test('first load of / stays within its JavaScript budget (gzip)', async ({ page }, testInfo) => {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeVisible();
  let raw = 0;
  let gzip = 0;
  for (const response of scripts) {
    const body = await response.body();
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const summary = `first-load JavaScript of /: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(1)} KiB gzip`;
  console.log(summary);
  testInfo.annotations.push({ type: 'first-load-js', description: summary });
  expect(scripts.length).toBeGreaterThan(0);
  expect(gzip / 1024).toBeLessThan(FIRST_LOAD_BUDGET_KIB);
});
