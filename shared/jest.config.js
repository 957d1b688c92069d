const preset = require('@wallet/shared/jest-preset');

/**
 * The front ends' preset twice: `.test.ts` files run in plain Node (the API client against a real
 * HTTP server, money, the test kit itself), `.test.tsx` files render in a DOM with msw, as in the apps.
 * @type {import('jest').Config}
 */
module.exports = {
  // A global option: the preset's, for both projects.
  maxWorkers: preset.maxWorkers,
  projects: [
    {
      ...preset,
      displayName: 'node',
      testEnvironment: 'node',
      setupFilesAfterEnv: [],
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts'],
    },
    { ...preset, displayName: 'dom', testMatch: ['<rootDir>/src/**/__tests__/**/*.test.tsx'] },
  ],
};
