import type { TransactionType } from '@wallet/shared/contracts';

/**
 * One colour per type and colour scheme, each at least 3:1 against the page (WCAG 1.4.11): the
 * dark shades on the light page, light shades on the dark one (5:1 and more, measured).
 */
export const TYPE_COLORS: Record<TransactionType, { light: string; dark: string }> = {
  bonus: { light: '#6a1b9a', dark: '#ce93d8' },
  deposit: { light: '#1565c0', dark: '#90caf9' },
  transfer: { light: '#2e7d32', dark: '#a5d6a7' },
  'cash-in': { light: '#ad5700', dark: '#ffcc80' },
  'cash-out': { light: '#c62828', dark: '#ef9a9a' },
};
