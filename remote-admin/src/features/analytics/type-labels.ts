import type { TransactionType } from '@wallet/shared/contracts';
import type { AdminMessage } from '../../i18n';

/** How each transaction type reads in the volume's chart, summary and table (message ids). */
export const TYPE_LABELS: Record<TransactionType, AdminMessage> = {
  bonus: 'admin.txType.bonus',
  deposit: 'admin.txType.deposit',
  transfer: 'admin.txType.transfer',
  'cash-in': 'admin.txType.cash-in',
  'cash-out': 'admin.txType.cash-out',
  reversal: 'admin.txType.reversal',
};
