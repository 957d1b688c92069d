import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import { tableError } from '../lib/api-errors';
import { isLoopbackHost } from '../lib/loopback';

/** Hosts a plain-http origin may have: this machine only (the test servers). */
/** A DNS name: dot-separated labels of letters, digits and inner dashes, each at most 63. */
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * One origin of RELEASE_ORIGINS, as `URL.origin` writes it: https with a valid host name (or an
 * IP address), or http on loopback only; no wildcard, path, query, fragment or credentials.
 * Throws with the reason.
 */
function parseReleaseOrigin(text: string): string {
  if (text.includes('*')) throw new Error(`${text}: wildcards are refused, list each origin`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${text}: not an origin (write it as https://host[:port])`);
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`${text}: an origin has no path, query, fragment or credentials`);
  }
  const host = url.hostname;
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(host)) throw new Error(`${text}: plain http is allowed on loopback only; use https`);
  } else if (url.protocol === 'https:') {
    const literal = host.startsWith('[') ? host.slice(1, -1) : host;
    if (!isIP(literal) && !HOSTNAME.test(host)) throw new Error(`${text}: ${host} is not a valid host name`);
  } else {
    throw new Error(`${text}: only https origins (or http on loopback)`);
  }
  return url.origin;
}

/** RELEASE_ORIGINS: a comma- or space-separated list of origins. */
export function parseReleaseOrigins(text: string): string[] {
  const origins = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseReleaseOrigin);
  if (origins.length === 0) throw new Error('lists no origin');
  return [...new Set(origins)];
}

/**
 * The origin a release by URL comes from, if RELEASE_ORIGINS lists it (or, unset, if it is the
 * site's own); otherwise 400. Its path must end at a remote's mf-manifest.json: the host loads the
 * remoteEntry.js beside it.
 */
export function releaseUrlOrigin(manifestUrl: string, allowed: string[]): string {
  const url = new URL(manifestUrl);
  if (!allowed.includes(url.origin)) {
    throw tableError(RELEASE_ERRORS, 'ORIGIN_NOT_LISTED', { origin: url.origin, allowed: allowed.join(', ') });
  }
  if (!url.pathname.endsWith('/mf-manifest.json') || url.search || url.hash || url.username || url.password) {
    throw tableError(RELEASE_ERRORS, 'MANIFEST_URL');
  }
  return url.origin;
}

/** The Subresource Integrity value of a script: what the host's <script integrity> is given. */
export function integrityOf(content: Buffer): string {
  return `sha256-${createHash('sha256').update(content).digest('base64')}`;
}

/**
 * A response's body from another origin, read whole unless it passes `maxBytes`: then `tooLarge`
 * is thrown as soon as it does, without reading the rest.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => Error) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
