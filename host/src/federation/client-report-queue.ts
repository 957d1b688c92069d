import type { ClientReport } from '@wallet/shared/contracts/releases';

export type Report = ClientReport['reports'][number];

/** The most one body may hold (the API refuses more). */
const REPORTS_PER_BODY = 20;
const SEND_EVERY_MS = 5_000;
/** Enough for every area's view and a few errors; a render loop that throws stops here. */
const MAX_REPORTS_PER_PAGE = 100;

export interface ReportQueue {
  add(report: Report): void;
  stop(): void;
}

/** Whatever the answer (202, 429, a network failure), a body is sent once: never retried. */
function post(endpoint: string, body: string) {
  try {
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Reporting never breaks the page.
  }
}

/** A page on its way out: the beacon outlives it; fetch with keepalive where the beacon is refused. */
function beacon(endpoint: string, body: string) {
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))
    )
      return;
  } catch {
    // Refused (a cross-origin API may turn down a JSON beacon): fetch below.
  }
  post(endpoint, body);
}

/**
 * Reports wait in memory and leave in bodies of at most 20, at most one request every 5 s while any
 * wait; what is left when the page is hidden or unloaded leaves at once by beacon. Each body
 * carries the page's report token as `token()` gives it when the body leaves.
 */
export function createReportQueue(endpoint: string, token: () => string | undefined = () => undefined): ReportQueue {
  const waiting: Report[] = [];
  let accepted = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const nextBody = () => JSON.stringify({ token: token(), reports: waiting.splice(0, REPORTS_PER_BODY) });

  function sendOneBody() {
    timer = undefined;
    post(endpoint, nextBody());
    if (waiting.length) timer = setTimeout(sendOneBody, SEND_EVERY_MS);
  }

  function sendAllByBeacon() {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length) beacon(endpoint, nextBody());
  }

  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') sendAllByBeacon();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', sendAllByBeacon);

  return {
    add(report) {
      if (accepted >= MAX_REPORTS_PER_PAGE) return;
      accepted += 1;
      waiting.push(report);
      timer ??= setTimeout(sendOneBody, SEND_EVERY_MS);
    },
    stop() {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', sendAllByBeacon);
    },
  };
}
