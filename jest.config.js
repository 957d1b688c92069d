const path = require('node:path');
const shared = require('./shared/jest.config.js');

/**
 * Every front end's Jest suite in one run, as `pnpm test` runs them: one pool of workers takes the
 * test files of all six packages, longest first, instead of six runs that each start Jest and
 * wait for their last file with a core idle. Each package's own jest.config.js (its preset, its
 * `<rootDir>`) is a project here, and `pnpm --filter <package> test` still runs one alone.
 * @type {import('jest').Config}
 */
module.exports = {
  maxWorkers: shared.maxWorkers,
  projects: [
    ...shared.projects.map((project) => ({ ...project, rootDir: path.join(__dirname, 'shared') })),
    ...['host', 'remote-public', 'remote-user', 'remote-agent', 'remote-admin'].map((app) => path.join(__dirname, app)),
  ],
};
