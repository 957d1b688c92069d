/**
 * The Jest setup every front-end package shares: jsdom with fetch, SWC for TS/TSX, msw compiled,
 * and the test kit's setup (jest-dom matchers, the msw server, a clean page between tests), so a
 * package's jest.config.js is this preset and nothing else. `<rootDir>` is that package.
 * @type {import('jest').Config}
 */
require('../runtime/node').requireProjectNode('Jest');

module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  transform: {
    '[\\\\/]locales[\\\\/][a-z]{2}[\\\\/][^\\\\/]+\\.json$': require.resolve('./jest-catalog-transform.js'),
    '^.+\\.[mc]?[jt]sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  // msw's helper libraries ship only as ES modules, which Jest's own module system needs compiled.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/)?(rettime|until-async|@open-draft|@mswjs|@open-draft\\+[a-z-]+|@mswjs\\+[a-z-]+)[@/])',
  ],
  setupFilesAfterEnv: [require.resolve('@wallet/shared/testing/jest-setup')],
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.{ts,tsx}'],
  // Room for the waits above (asyncUtilTimeout) on a busy machine.
  testTimeout: 20_000,
  // A worker per core: Jest's default leaves one core idle (on a 2-core machine, every file in turn).
  maxWorkers: '100%',
};
