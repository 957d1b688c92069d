import { readFileSync } from 'node:fs';
import path from 'node:path';
import registry from '@wallet/shared/areas.json';

/**
 * Every screen a remote routes to is named in that remote's README and in the root README's
 * table of packages, so a new route cannot land without its line in both.
 */
const root = path.resolve(__dirname, '../../..');
/** Every remote of the area registry, at its base path (the public one at the root). */
const REMOTES = Object.fromEntries(
  Object.entries(registry)
    .filter(([name]) => name !== 'host')
    .map(([, app]) => [app.package, 'basePath' in app ? app.basePath : '']),
);
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The remote's own screens: each `path: '…'` of its routes.tsx but the catch-all, under its mount. */
function screensOf(remote: string, mount: string) {
  const routes = read(`${remote}/src/routes.tsx`);
  const paths = [...routes.matchAll(/\bpath: '([^'*]+)'/g)].map((match) => `${mount}/${match[1]}`);
  expect(paths.length).toBeGreaterThan(0);
  return paths;
}

/** A route named in Markdown as code: `/user/security`, or `/verify-email?token=…`. */
const named = (markdown: string, route: string) => new RegExp(`\`${route}(\\?[^\`]*)?\``).test(markdown);

describe.each(Object.entries(REMOTES))('%s', (remote, mount) => {
  test("every route is in the remote's README", () => {
    const readme = read(`${remote}/README.md`);
    expect(screensOf(remote, mount).filter((route) => !named(readme, route))).toEqual([]);
  });

  test("every route is in the root README's table", () => {
    const row = read('README.md')
      .split('\n')
      .find((line) => line.startsWith(`| \`${remote}/\``));
    expect(row).toBeDefined();
    const shown = row!.match(/\(([^)]*)\)/)?.[1] ?? '';
    expect(screensOf(remote, mount).filter((route) => !shown.split(/,\s*/).includes(route))).toEqual([]);
  });
});
