import type { DeployToken } from '@wallet/shared/contracts/releases';
import { formatDateTime } from '@wallet/shared/dates';
import type { AdminMessage, AdminT } from '../../i18n';

export type TokenStatus = 'Active' | 'Expired' | 'Revoked';

/** Each status in words (message ids). */
export const TOKEN_STATUS_LABELS: Record<TokenStatus, AdminMessage> = {
  Active: 'admin.token.status.active',
  Expired: 'admin.token.status.expired',
  Revoked: 'admin.token.status.revoked',
};

/** Whether a token still publishes: revoked wins over expired, the startup token never expires. */
export function tokenStatus(token: DeployToken, now = Date.now()): TokenStatus {
  if (token.revokedAt) return 'Revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'Expired';
  return 'Active';
}

/** The startup token lives until the site's next start replaces it. */
export const expiryText = (t: AdminT, token: DeployToken) =>
  token.expiresAt ? formatDateTime(token.expiresAt) : t('admin.token.untilNextStart');

export const lastUsedText = (t: AdminT, token: DeployToken) =>
  token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('admin.token.never');
