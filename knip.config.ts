// Unused files, exports and dependencies, checked by `pnpm lint` after eslint. Knip's own plugins
// find most entry points: package.json scripts (`tsx src/server.ts`, the API's bench scripts,
// `node scripts/start.mjs`), each app's webpack.config.js (its `entry`), the jest configs and
// their tests, Playwright's config and specs, drizzle.config.ts, and @wallet/shared's `exports`.
// What they cannot see is written here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { KnipConfig } from 'knip';

const require = createRequire(import.meta.url);

/** The apps' folders, from the area registry (shared/src/areas.json). */
const APPS: string[] = Object.values(require('./shared/src/areas.json') as Record<string, { package: string }>).map(
  (app) => app.package,
);

interface FederationOptions {
  exposes?: Record<string, string>;
  shared?: Record<string, unknown>;
}

/** The Module Federation options of an app's production build, as its webpack config makes them. */
function federationOf(app: string): FederationOptions {
  const factory = require(`./${app}/webpack.config.js`);
  const config = factory({}, { mode: 'production' });
  const plugin = config.plugins.find((candidate: object) => candidate.constructor.name === 'ModuleFederationPlugin');
  // The plugin keeps its options as `_options` (@module-federation/enhanced is pinned exactly).
  const options: FederationOptions | undefined = plugin?._options;
  if (!options?.shared) throw new Error(`knip.config.ts: no Module Federation options in ${app}/webpack.config.js`);
  return options;
}

/**
 * The singletons an app shares but whose code imports none of them itself (its forms, data hooks
 * and session come from @wallet/shared): the webpack preset still reads each one's installed
 * version from the app's own folder and its range from the app's package.json, so the app lists
 * them. Knip asks to drop a name from here once the app imports it.
 */
const SHARED_NOT_IMPORTED: Record<string, string[]> = {
  host: ['zustand', '@lingui/core'],
  'remote-public': ['zustand', '@lingui/core'],
  'remote-user': ['zustand', '@lingui/core'],
  'remote-agent': ['react-hook-form', 'swr', 'zod', 'zustand', '@lingui/core', '@lingui/react'],
  'remote-admin': ['zustand', '@lingui/core', '@lingui/react'],
  'remote-merchant': ['zustand', '@lingui/core', '@lingui/react'],
};

function appWorkspace(app: string) {
  const { exposes = {}, shared = {} } = federationOf(app);
  const notShared = (SHARED_NOT_IMPORTED[app] ?? []).filter((name) => !(name in shared));
  if (notShared.length) throw new Error(`knip.config.ts: ${app} does not share ${notShared.join(', ')}`);
  return {
    // What a remote offers the host (`exposes`): entry points that only the host's runtime loads,
    // by name, so no import leads to them.
    // lingui.config.js: Lingui's webpack loader finds it from each catalog it compiles.
    // src/prerender.tsx: the pages rendered to HTML at build time (the preset's `prerender` option).
    entry: [
      ...Object.values(exposes).map((file) => file.replace(/^\.\//, '')),
      'lingui.config.js',
      ...(existsSync(path.join(app, 'src', 'prerender.tsx')) ? ['src/prerender.tsx'] : []),
    ],
    ignoreDependencies: SHARED_NOT_IMPORTED[app],
  };
}

const config: KnipConfig = {
  // Debian's poppler-utils (scripts/system-deps.sh): the tests read the PDF statements with it.
  ignoreBinaries: ['pdftotext'],
  workspaces: {
    '.': {
      // jest.config.js runs the front ends' own Jest configs together: their dependencies are theirs
      // (the jest plugin would read them as the root's), so it is an entry file and no more.
      entry: ['scripts/*.mjs', 'jest.config.js'],
      jest: false,
      // tsconfig.front-ends.json takes the test globals' types from the host's node_modules.
      ignoreDependencies: ['@testing-library/jest-dom'],
    },
    api: {
      // test/run.ts (the `test` script) hands every test file to `node --test` by reading the
      // folder, and scripts/test.sh the cluster's (test/cluster), so each is an entry of its own;
      // bench files may also be run by hand with tsx.
      // The site's service worker and its kill switch are bundled for the browser by path
      // (scripts/build.mjs, src/site/installable/worker-script.ts), not imported.
      entry: [
        'bench/*.ts',
        'test/*.test.ts',
        'test/cluster/*.test.ts',
        'src/site/installable/worker/service-worker.ts',
        'src/site/installable/worker/kill-switch.ts',
      ],
    },
    shared: {
      // Lingui's webpack loader finds it from the kit's and wallet's catalogs it compiles;
      // PrerenderPlugin runs prerender-run.js in a process of its own.
      entry: ['lingui.config.js', 'src/build/prerender-run.js'],
      ignoreDependencies: [
        // The preset resolves it from inside @module-federation/enhanced (a dependency of the
        // federation plugin, not of ours) to hand the host's federation runtime to the remotes.
        '@module-federation/inject-external-runtime-core-plugin',
        // Nothing in shared runs webpack's CLI, but webpack's optional peer webpack-cli is part of
        // the copy pnpm links: without it, the preset's plugins (federation, HTML, terser) would
        // hang off a second webpack beside the one the apps' webpack-cli runs.
        'webpack-cli',
      ],
    },
    ...Object.fromEntries(APPS.map((app) => [app, appWorkspace(app)])),
    e2e: {
      // The first-view benchmark builds its single-bundle reference with webpack-cli's `--config`
      // from inside the spec, out of sight of the scripts knip reads.
      webpack: { config: ['bench/single-bundle/webpack.config.js'] },
      // Playwright's config starts it as `${process.execPath} support/oidc-provider.mjs`, on the
      // project's Node, which knip does not read as a command.
      entry: ['support/oidc-provider.mjs'],
      // That build resolves packages from the host's node_modules (`resolve.modules`), so it
      // ships the very React the host does; e2e does not list it.
      ignoreDependencies: ['react-dom'],
    },
  },
};

export default config;
