// One lint config for the whole workspace. The architecture's boundaries are rules here, not prose:
// remotes never import each other or the host, shared/ never imports an app, the API never imports
// front-end code, and a shared front-end module reaches another one by package name only.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** The apps' folders, from the area registry (shared/src/areas.json): a new area's remote is linted as the others. */
const REGISTRY = JSON.parse(readFileSync(new URL('./shared/src/areas.json', import.meta.url), 'utf8'));
const APPS = Object.values(REGISTRY).map((app) => app.package);
const REMOTES = APPS.filter((app) => app !== 'host');

const remoteZones = REMOTES.map((remote) => ({
  target: `./${remote}`,
  from: APPS.filter((app) => app !== remote).map((app) => `./${app}`),
  message: 'A remote never imports another remote or the host: what two apps need goes through @wallet/shared.',
}));

/**
 * The API's rooms (api/src/<room>/README.md says what each owns). Below them, lib/ and db/; above
 * them, the HTTP layer (routes/, plugins/) and the entry points (app.ts, server.ts,
 * maintenance.ts). An import may run down or sideways as listed here, never back up.
 */
const API_SRC = './api/src';
const API_TOP = ['routes', 'plugins', 'app.ts', 'server.ts', 'maintenance.ts'].map((part) => `${API_SRC}/${part}`);
const apiRoom = (name) => `${API_SRC}/${name}`;
const apiZones = [
  {
    target: apiRoom('db'),
    from: [...['lib', 'ledger', 'identity', 'site', 'admin', 'notifications'].map(apiRoom), ...API_TOP],
    message: 'db/ is the lowest layer of the API: it imports no lib, room, route or plugin.',
  },
  {
    target: apiRoom('lib'),
    from: [...['ledger', 'identity', 'site', 'admin', 'notifications'].map(apiRoom), ...API_TOP],
    message: 'lib/ is below every room of the API: it imports no room, route or plugin.',
  },
  {
    target: apiRoom('ledger'),
    from: [...['identity', 'site', 'admin', 'notifications'].map(apiRoom), ...API_TOP],
    message:
      "The ledger imports no other room (it calls identity's session_person and pin_verify, and notifications' notification_kind, in SQL) and no HTTP layer.",
  },
  {
    target: apiRoom('identity'),
    from: [...['site', 'admin', 'notifications'].map(apiRoom), ...API_TOP],
    message: 'Identity may use the ledger (a new wallet, its bonus), never the site, admin or the HTTP layer.',
  },
  {
    target: apiRoom('site'),
    from: [...['ledger', 'admin', 'notifications'].map(apiRoom), ...API_TOP],
    message: 'The site may ask identity who a visitor is, never the ledger, admin or the HTTP layer.',
  },
  {
    target: apiRoom('notifications'),
    from: [...['ledger', 'identity', 'site', 'admin'].map(apiRoom), ...API_TOP],
    message:
      'Notifications import no other room: the ledger and identity write them through its SQL (notify_person, notification_kind).',
  },
  {
    target: apiRoom('admin'),
    from: API_TOP,
    message: "Admin uses the rooms' own functions, never the HTTP layer.",
  },
  {
    target: [apiRoom('routes'), apiRoom('plugins')],
    from: ['app.ts', 'server.ts', 'maintenance.ts'].map(apiRoom),
    message: 'Routes and plugins are registered by app.ts; they never import an entry point.',
  },
];

const boundaryZones = [
  ...remoteZones,
  ...apiZones,
  {
    target: './host',
    from: REMOTES.map((remote) => `./${remote}`),
    message: 'The host knows no remote at build time: remotes are loaded at runtime from the area registry.',
  },
  {
    target: './shared',
    from: [...APPS.map((app) => `./${app}`), './api', './e2e'],
    message: '@wallet/shared never imports an app.',
  },
  {
    target: './api',
    from: [...APPS.map((app) => `./${app}`), './e2e'],
    message: 'The API never imports front-end code.',
  },
  {
    target: './api',
    from: './shared/src',
    // prerendered-pages.ts: which pages the builds render to HTML, the site's to serve.
    except: [
      './contracts',
      './money.ts',
      './i18n/languages.ts',
      './areas.ts',
      './areas.json',
      './prerendered-pages.ts',
      './runtime',
      // The errors catalogs: the Bangla words of the contracts' codes, for replies in Bangla.
      './api/locales',
      // The Bangla QR's encoder and parser: the payload the API makes and the one a payment reads.
      './bangla-qr',
    ],
    message:
      'The API uses only the contracts, money helpers, Bangla QR codec, area registry, pre-rendered pages list, errors catalogs and Node runtime check of @wallet/shared, never its front-end modules.',
  },
];

/**
 * What a person reads goes through the translator: JSX text, and the attributes and props that
 * end up on screen or in a screen reader. Symbols, digits and all-capital codes pass.
 */
const VISIBLE_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'title',
  'alt',
  'placeholder',
  'label',
  'helperText',
  'actionLabel',
  'subheader',
  'emptyText',
  'tooltip',
];
const TRANSLATED = ['host/src/**/*.tsx', 'remote-*/src/**/*.tsx', 'shared/src/ui/**/*.tsx'];
const RELATIVE_ACROSS_SHARED =
  'A shared module imports another folder of shared by package name (@wallet/shared/...): ' +
  'a relative path bundles a private copy of a page-wide singleton under Module Federation.';

/** Package names a package may not import: the same boundaries when the import goes by name. */
const forbiddenPackages = {
  host: ['@wallet/remote-*', '@wallet/api', '@wallet/api/*'],
  remote: ['@wallet/host', '@wallet/host/*', '@wallet/remote-*', '@wallet/api', '@wallet/api/*'],
  shared: ['@wallet/host', '@wallet/host/*', '@wallet/remote-*', '@wallet/api', '@wallet/api/*'],
  api: [
    '@wallet/host',
    '@wallet/host/*',
    '@wallet/remote-*',
    '@wallet/shared/{api,data,live,session,providers,toasts,ui,federation,standalone,testing}*',
  ],
};

/** The router comes through @wallet/shared/router: one shared copy, and only the parts the apps use. */
const ROUTER = {
  group: ['react-router', 'react-router/*'],
  message: 'Import the router from @wallet/shared/router: a direct import bundles a second router copy.',
};

/** Toasts go through @wallet/shared/toasts: notistack is fetched after the first screen, by the toaster alone. */
const TOASTS = {
  group: ['notistack', 'notistack/*'],
  message: 'Show toasts with showToast from @wallet/shared/toasts: notistack is loaded after the first screen.',
};

/** A module of shared/src/<folder>/ reaching up into another folder (its tests sit one deeper). */
const UP_FROM_A_FOLDER = '^\\.\\./(?!\\.\\.)';
const UP_FROM_A_TEST = '^\\.\\./\\.\\./';
const UP_FROM_A_SUBFOLDER = '^\\.\\./';

function restrictedImports(forbidden, relativeRegex, { router = true, toasts = true } = {}) {
  const patterns = [{ group: forbidden, message: 'This import crosses a package boundary of the architecture.' }];
  if (router) patterns.push(ROUTER);
  if (toasts) patterns.push(TOASTS);
  if (relativeRegex) patterns.push({ regex: relativeRegex, message: RELATIVE_ACROSS_SHARED });
  return ['error', { patterns }];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      // import-x reads only .js files for its import graph unless told otherwise: without these two,
      // no-cycle followed no TypeScript import and passed every circle (two were in the house).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['host/**/*.{ts,tsx}', 'remote-*/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['host/**'], rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.host) } },
  {
    // The host knows the areas from the runtime config alone: a new area goes live with its release.
    // Its tests may read the registry, to stand in for the config the API writes from it.
    files: ['host/src/**'],
    ignores: ['host/src/testing/**', 'host/src/**/__tests__/**'],
    rules: {
      'no-restricted-imports': restrictedImports([
        ...forbiddenPackages.host,
        '@wallet/shared/areas',
        '@wallet/shared/areas.json',
      ]),
    },
  },
  { files: ['remote-*/**'], rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.remote) } },
  { files: ['api/**'], rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.api) } },
  { files: ['shared/**'], rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.shared) } },
  {
    files: ['shared/src/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.shared, UP_FROM_A_FOLDER) },
  },
  {
    // A module in a folder of a folder (ui/kit, ui/wallet): each is an entry of its own.
    files: ['shared/src/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.shared, UP_FROM_A_SUBFOLDER) },
  },
  {
    files: ['shared/src/*/__tests__/*.{ts,tsx}', 'shared/src/*/*/__tests__/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.shared, UP_FROM_A_TEST) },
  },
  {
    // The build-time renderer routes with react-router's StaticRouter, which no page ships.
    files: ['shared/src/router.ts', 'shared/src/testing/memory-router.ts', 'shared/src/prerender/index.tsx'],
    rules: { 'no-restricted-imports': restrictedImports(forbiddenPackages.shared, undefined, { router: false }) },
  },
  {
    files: ['shared/src/toasts/toaster.tsx'],
    rules: {
      'no-restricted-imports': restrictedImports(forbiddenPackages.shared, UP_FROM_A_FOLDER, { toasts: false }),
    },
  },
  {
    files: TRANSLATED,
    ignores: ['**/__tests__/**', '**/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: VISIBLE_ATTRIBUTES },
          'jsx-components': { exclude: ['Trans'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s©…·—–$৳]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  prettier,
);
