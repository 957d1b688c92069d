import { PROTECTED_AREAS } from '@wallet/shared/areas';
import type { Role } from '@wallet/shared/contracts';

/** Longer than any page of ours with its query: a longer one is someone else's idea. */
const NEXT_MAX = 200;
/** An origin no page has: what a path resolves to against it shows whether it stays on the site. */
const SITE = 'https://wallet.invalid';
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A path of this site as written: one `/`, then no `/` or `\` (a browser reads `//x` and `/\x` as
 * another host; a URL parser drops a tab or a newline, so `/\t/x` would be `//x`).
 */
const isLocalPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !CONTROL_OR_BACKSLASH.test(path);

/** A `.` or `..` segment, left after resolving only when it was encoded in a way the resolver kept. */
const hasDotSegment = (path: string) => path.split('/').some((segment) => segment === '.' || segment === '..');

function decoded(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The protected area a path is in (the router matches paths without regard to case), if any. */
function areaOf(pathname: string) {
  const path = pathname.toLowerCase();
  return Object.values(PROTECTED_AREAS).find(
    ({ basePath }) => path === basePath.toLowerCase() || path.startsWith(`${basePath.toLowerCase()}/`),
  );
}

/**
 * Where to go after signing in, from `?next=`: the path if it is this site's own and `role` may
 * open it, else null (the caller's usual place). Taken: a relative path of at most 200 characters
 * that starts with a single `/`, with no `\` and no control character, as written and decoded
 * once, and that stays on this origin once resolved; in the public area, or in an area of `role`'s
 * (another role's would only show Unauthorized). Returned resolved (`/pay/../x` is `/x`), so what
 * is checked is where the router goes.
 */
export function safeNextPath(next: string | null | undefined, role?: Role): string | null {
  if (!next || next.length > NEXT_MAX || !isLocalPath(next)) return null;
  const plain = decoded(next);
  if (plain === null || !isLocalPath(plain)) return null;
  const url = new URL(next, SITE);
  if (url.origin !== SITE) return null;
  const pathname = decoded(url.pathname);
  if (pathname === null || !isLocalPath(pathname) || hasDotSegment(pathname)) return null;
  const area = areaOf(pathname);
  if (area && area.role !== role) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `page` (`/login`, `/register`) with `next` to come back to, when there is one. */
export function withNext(page: string, next: string | null | undefined) {
  return next ? `${page}?${new URLSearchParams({ next })}` : page;
}
