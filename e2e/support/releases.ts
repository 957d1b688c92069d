import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

/** The site under test keeps its data (releases, the deploy token) here; playwright.config.ts made it. */
const dataDir = process.env.E2E_DATA_DIR!;
export const releasesDir = path.join(dataDir, 'releases');
/** The site writes a fresh deploy token at every start: the same token afterwards means no restart. */
export const deployToken = () => readFileSync(path.join(dataDir, 'deploy-token'), 'utf8').trim();

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * A release whose files are a copy of `from` with `text` replaced in its code and its pre-rendered
 * pages, as a team's changed build would be (pre-compressed copies of a changed file are dropped,
 * so the change is what is sent).
 */
export function changedCopy(area: string, from: string, version: string, text: string, replacement: string) {
  const target = path.join(releasesDir, area, version);
  cpSync(path.join(releasesDir, area, from), target, { recursive: true });
  let changed = 0;
  for (const file of filesUnder(target).filter((name) => /\.(js|html)$/.test(name))) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes(text)) continue;
    writeFileSync(file, code.split(text).join(replacement));
    rmSync(`${file}.gz`, { force: true });
    rmSync(`${file}.br`, { force: true });
    changed += 1;
  }
  expect(changed).toBeGreaterThan(0);
}

/** A call of the release API with the site's deploy token, expected to succeed. */
export async function releases(api: APIRequestContext, method: 'POST', url: string, data: object) {
  const response = await api.fetch(`/api/v1/releases${url}`, {
    method,
    data,
    headers: { authorization: `Bearer ${deployToken()}` },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

export const versionOf = (manifestUrl: string) => new URL(manifestUrl).pathname.split('/').at(-2)!;
