import { expect, test } from '@playwright/test';
import { liveManifestUrl } from '../support/site';

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

  // The host's live release, wherever it is published (its files under /releases/host/<version>/).
  const hostRelease = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById('wallet-runtime-config')!.textContent!) as { releases?: { host?: string } })
        .releases?.host,
  );
  const hostBase = hostRelease ? `/releases/host/${hostRelease}/` : '/';
  const hostManifest = (await (await page.request.get(`${baseURL}${hostBase}mf-manifest.json`)).json()) as Manifest;
  // The public area's live release, wherever it is published.
  const manifestUrl = await liveManifestUrl(page, 'public');
  const remoteBase = new URL(manifestUrl).pathname.replace(/mf-manifest\.json$/, '');
  const remoteManifest = (await (await page.request.get(manifestUrl)).json()) as Manifest;
  const hostReact = reactFiles(hostManifest, hostBase);
  const remoteReact = reactFiles(remoteManifest, remoteBase);
  expect(hostReact.length).toBeGreaterThan(0);
  expect(remoteReact.length).toBeGreaterThan(0);
  expect(fetched.filter((path) => path.startsWith(remoteBase) && path.endsWith('.js')).length).toBeGreaterThan(0);
  expect(fetched.filter((path) => remoteReact.includes(path))).toEqual([]);
  expect(fetched.filter((path) => path === hostReact[0])).toHaveLength(1);
});
