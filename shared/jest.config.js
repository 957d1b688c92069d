const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform: { '^.+\\.tsx?$': ['@swc/jest'] },
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts'],
    },
    {
      // Components render in a DOM with the network mocked by msw, as in the apps.
      displayName: 'dom',
      testEnvironment: 'jest-fixed-jsdom',
      transform: { '^.+\\.[mc]?[jt]sx?$': swc },
      // msw's helper libraries ship only as ES modules; jest on Node 20 needs it compiled.
      transformIgnorePatterns: [
        '/node_modules/(?!(\\.pnpm/)?(rettime|until-async|@open-draft|@mswjs|@open-draft\\+[a-z-]+|@mswjs\\+[a-z-]+)[@/])',
      ],
      setupFilesAfterEnv: ['<rootDir>/jest.setup-dom.ts'],
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.tsx'],
    },
  ],
};
