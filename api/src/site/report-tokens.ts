import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token a page's client reports carry (issue 43): proof that this site wrote the page, for
 * this bucket, with these releases, lately. `<payload>.<mac>`, both base64url: the payload is
 * `{ r: { app: version }, b: bucket, t: seconds }`, the mac an HMAC-SHA256 of it under
 * CLIENT_REPORT_SECRET. A report naming a release its page was not given is not counted. It proves
 * no more than that a page was served, and anyone can load pages: the rollback rule counts
 * networks, not reports, for that.
 */
export interface ReportTokenClaims {
  releases: Record<string, string>;
  bucket: string;
  /** When the page was written, in seconds. */
  issuedAt: number;
}

/** How long a token counts; a page renews it through /app-config.json well before (host: every 30 minutes). */
const REPORT_TOKEN_TTL_SECONDS = 2 * 3600;

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function issueReportToken(secret: string, claims: Omit<ReportTokenClaims, 'issuedAt'>, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({ r: claims.releases, b: claims.bucket, t: Math.floor(now / 1000) }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's claims, if this site signed it and it is fresh; otherwise undefined. */
export function readReportToken(secret: string, token: string, now = Date.now()): ReportTokenClaims | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: { r?: unknown; b?: unknown; t?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return undefined;
  }
  const age = now / 1000 - Number(claims.t);
  if (!Number.isFinite(age) || age < -60 || age > REPORT_TOKEN_TTL_SECONDS) return undefined;
  if (typeof claims.b !== 'string' || typeof claims.r !== 'object' || claims.r === null) return undefined;
  return { releases: claims.r as Record<string, string>, bucket: claims.b, issuedAt: Number(claims.t) };
}

/**
 * How a client network is kept with its counts: an HMAC of it (`clientNetwork`: an IPv4 address or
 * an IPv6 /64) under the same key, 16 bytes, so the table holds no address and every instance
 * writes the same key for the same network.
 */
export const networkKey = (secret: string, network: string) =>
  createHmac('sha256', secret).update(`network:${network}`).digest().subarray(0, 16).toString('base64url');
