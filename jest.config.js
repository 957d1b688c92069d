const path = require('node:path');
const preset = require('./shared/src/build/jest-preset.js');
/** The apps' folders, from the area registry: a new area's remote joins the run as the others. */
const APPS = Object.values(require('./shared/src/areas.json')).map((app) => app.package);

/** Options Jest reads only from the config it runs, never from a project's. */
const GLOBAL_ONLY = ['maxWorkers', 'testTimeout'];

/** A package's own Jest config as a project of this run: its options, at its folder. */
function project(config, folder) {
  const own = Object.fromEntries(Object.entries(config).filter(([key]) => !GLOBAL_ONLY.includes(key)));
  return { ...own, rootDir: path.join(__dirname, folder) };
}

/**
 * Every front end's Jest suite in one run, as `pnpm test` runs them: one pool of workers takes the
 * test files of every package, longest first, instead of six runs that each start Jest and
 * wait for their last file with a core idle. Each package's own jest.config.js (its preset, at its
 * folder) is a project here, and `pnpm --filter <package> test` still runs one alone. The preset's
 * worker count and per-test timeout are global options, so they are set here.
 * @type {import('jest').Config}
 */
module.exports = {
  maxWorkers: preset.maxWorkers,
  testTimeout: preset.testTimeout,
  projects: [
    ...require('./shared/jest.config.js').projects.map((config) => project(config, 'shared')),
    ...APPS.map((app) => project(require(`./${app}/jest.config.js`), app)),
  ],
};
