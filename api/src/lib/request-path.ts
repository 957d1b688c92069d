/**
 * A request's path as the file servers will read it: decoded once (as @fastify/static decodes it)
 * and split on both slashes. Checks on a path judge these segments, never the raw URL, where
 * `%2e%2e`, `..%2f` or `page%2ehtml` would pass for something else.
 * Null when the path cannot be decoded, or holds a NUL.
 */
export function decodedSegments(url: string): string[] | null {
  const pathname = url.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  return decoded.split(/[/\\]/);
}

/** Whether a request's path steps out of or within a folder (a `.` or `..` segment, however written), or cannot be read. */
export function pathEscapes(url: string): boolean {
  const segments = decodedSegments(url);
  return segments === null || segments.some((segment) => segment === '.' || segment === '..');
}

/**
 * Query parameters that are credentials (an OpenID Connect code and state, tokens) or say whom
 * someone looked for (a search): never in a log line or a span.
 */
const REDACTED_PARAMS = ['code', 'state', 'id_token', 'access_token', 'token', 'session_state', 'search', 'q'];

/** A request's URL as logs and traces keep it: those parameters' values replaced by `redacted`. */
export function redactedUrl(url: string) {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of REDACTED_PARAMS) if (params.has(name)) params.set(name, 'redacted');
  return `${url.slice(0, question)}?${params}`;
}
