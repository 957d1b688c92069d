import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../../paths';
import { notificationIcons } from './icons';

/** The worker (`on`), or the kill switch that removes it from every browser (`off`). */
export type ServiceWorkerMode = 'on' | 'off';

/**
 * Each mode's source (worker/, TypeScript for the browser) and its bundle: built beside
 * dist/server.js by scripts/build.mjs in production, bundled here on first use when the API runs
 * from its sources (tests, `pnpm dev`), so a change to the worker shows at once.
 */
const WORKER_BUNDLES: Record<ServiceWorkerMode, { source: string; bundle: string }> = {
  on: { source: 'service-worker.ts', bundle: 'sw.js' },
  off: { source: 'kill-switch.ts', bundle: 'sw-kill-switch.js' },
};

const FROM_SOURCES = __filename.endsWith('.ts');

/**
 * The one name in the worker the API fills in (worker/push.ts): its notifications' icons, at the
 * addresses the site serves them, named by their content's hash (icons.ts). The bundle leaves it
 * a bare name and the script is served with it replaced, built or bundled here alike, so the
 * worker names the icons the routes serve.
 */
const ICONS_NAME = '__NOTIFICATION_ICONS__';
const withIcons = (script: string) => script.replaceAll(ICONS_NAME, JSON.stringify(notificationIcons()));
const scripts = new Map<ServiceWorkerMode, Promise<string>>();

async function bundleFromSources(mode: ServiceWorkerMode) {
  // esbuild, a devDependency: only a checkout runs the API from its sources.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: API_ROOT,
    entryPoints: [path.join(__dirname, 'worker', WORKER_BUNDLES[mode].source)],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

/** What /sw.js serves in `mode`, read (or bundled) once per process. */
export function workerScript(mode: ServiceWorkerMode): Promise<string> {
  let script = scripts.get(mode);
  if (!script) {
    script = (
      FROM_SOURCES ? bundleFromSources(mode) : readFile(path.join(__dirname, WORKER_BUNDLES[mode].bundle), 'utf8')
    ).then(withIcons);
    script.catch(() => scripts.delete(mode));
    scripts.set(mode, script);
  }
  return script;
}
