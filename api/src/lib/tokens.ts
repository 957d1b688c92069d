import { createHash } from 'node:crypto';

/** What is stored of a secret token (a session's, a deploy token, a mailed link's) and looked up: its SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
