import type { RuntimeConfig } from '@wallet/shared/federation';
import { createReportQueue, type Report, type ReportQueue } from './client-report-queue';
import { RUNTIME_CONFIG_URL } from './runtime-config';
import { areaOfPath } from './runtime-areas';

/** An app by the name the runtime config gives it: the host's own, or an area's. */
type AppName = string;
type ReportKind = Report['kind'];

/** The site's tokens last two hours: a page open longer renews its own well before. */
const RENEW_TOKEN_EVERY_MS = 30 * 60_000;

interface Reporter {
  releases: NonNullable<RuntimeConfig['releases']>;
  /** The site's signature over this page's releases and bucket, which every body carries. */
  token: string | undefined;
  renewing: ReturnType<typeof setInterval>;
  queue: ReportQueue;
  /** `view` and `unavailable` count once per app and page load, however often an area is retried. */
  once: Set<string>;
}

let reporter: Reporter | undefined;

/**
 * Counts a page view, an error or a failed load against the release of `app` this page runs. Only
 * the app, its release and the kind leave the page; nothing when the release is unknown (a dev
 * server's config names none) or before `startReleaseReports`.
 */
export function reportRelease(app: AppName, kind: ReportKind) {
  const release = reporter?.releases[app];
  if (!reporter || !release) return;
  if (kind !== 'error') {
    const key = `${app}/${kind}`;
    if (reporter.once.has(key)) return;
    reporter.once.add(key);
  }
  // Named as the config named it; the API checks the name against its registry.
  reporter.queue.add({ area: app as Report['area'], release, kind });
}

/** What the script error events of remote entries are not: they fire on their element, not on window. */
function onUncaughtError(event: Event) {
  if (event.target === window) reportRelease(areaOfPath(window.location.pathname), 'error');
}

/**
 * From the start of the page: its view of the host, then whatever `reportRelease` is told and every
 * uncaught error, attributed to the area of the path. Returns how to stop (tests).
 */
export function startReleaseReports({ apiBaseUrl, releases, reportToken }: RuntimeConfig) {
  stopReleaseReports();
  if (!releases) return stopReleaseReports;
  reporter = {
    releases,
    token: reportToken,
    renewing: setInterval(() => void renewToken(), RENEW_TOKEN_EVERY_MS),
    queue: createReportQueue(`${apiBaseUrl.replace(/\/+$/, '')}/client-reports`, () => reporter?.token),
    once: new Set(),
  };
  window.addEventListener('error', onUncaughtError);
  window.addEventListener('unhandledrejection', onUncaughtError);
  reportRelease('host', 'view');
  return stopReleaseReports;
}

const sameReleases = (a: RuntimeConfig['releases'], b: RuntimeConfig['releases']) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/**
 * A new token from /app-config.json, taken while it names the releases this page runs: once the
 * site gives this browser others (a rollout moved), the page keeps its own until it runs out, and
 * its reports stop counting then, as they should: its releases are no longer what is served.
 */
async function renewToken() {
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return;
    const fresh = (await response.json()) as RuntimeConfig;
    if (reporter && fresh.reportToken && sameReleases(fresh.releases, reporter.releases))
      reporter.token = fresh.reportToken;
  } catch {
    // The next round tries again; reporting never breaks the page.
  }
}

function stopReleaseReports() {
  if (reporter) clearInterval(reporter.renewing);
  reporter?.queue.stop();
  reporter = undefined;
  window.removeEventListener('error', onUncaughtError);
  window.removeEventListener('unhandledrejection', onUncaughtError);
}
