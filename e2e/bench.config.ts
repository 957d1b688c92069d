import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** Benchmarks: the same browser and site as the specs, figures printed, nothing asserted about size. */
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '**/*.bench.ts',
  // Only the main site; the Google site and its provider are not measured.
  webServer: Array.isArray(base.webServer) ? base.webServer[0] : base.webServer,
});
