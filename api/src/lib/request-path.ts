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
