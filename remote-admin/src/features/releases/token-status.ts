import type { DeployToken } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';

export type TokenStatus = 'Active' | 'Expired' | 'Revoked';

/** Whether a token still publishes: revoked wins over expired, the startup token never expires. */
export function tokenStatus(token: DeployToken, now = Date.now()): TokenStatus {
  if (token.revokedAt) return 'Revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'Expired';
  return 'Active';
}

/** The startup token lives until the site's next start replaces it. */
export const expiryText = (token: DeployToken) =>
  token.expiresAt ? formatDateTime(token.expiresAt) : 'Until the next start';

export const lastUsedText = (token: DeployToken) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never');
