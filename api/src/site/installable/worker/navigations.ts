/**
 * What the worker never answers, as the browser's static routes take them (URL patterns, from the
 * worker's scope): the API, the releases' files and the runtime config go to the network as if no
 * worker were there. The fetch handler holds to the same list where a browser has no static routes.
 */
export const NEVER_ANSWERED = ['/api/*', '/releases/*', '/app-config.json'];

const neverAnswered = (pathname: string) =>
  NEVER_ANSWERED.some((pattern) =>
    pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );

/** A page the person navigates to on this site, which the worker answers: a GET, not one of the above. */
export function isAnsweredNavigation(request: Request, scope: ServiceWorkerGlobalScope) {
  if (request.mode !== 'navigate' || request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === scope.location.origin && !neverAnswered(url.pathname);
}

/**
 * Network first, and only the network: the response the browser preloaded while the worker
 * started (navigation preload), else a fetch of its own. Whatever the server answers, an error
 * page included, is the answer; only a network error (no answer at all) brings `offline`. No page
 * is kept: the next visit asks the network again.
 */
export async function fromNetwork(event: FetchEvent, offline: () => Promise<Response>): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return offline();
  }
}
