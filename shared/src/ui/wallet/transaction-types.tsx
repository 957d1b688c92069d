import Typography from '@mui/material/Typography';
import type { Transaction, TransactionType } from '@wallet/shared/contracts';
import { useWalletT, type WalletMessage, type WalletT } from './messages';

/**
 * How each transaction type reads in English: the English catalog's words, kept for code that
 * is not translated yet. A screen shows `transactionTypeLabel` (or `useTransactionTypeLabel`).
 */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  bonus: 'Bonus',
  deposit: 'Deposit',
  transfer: 'Transfer',
  'cash-in': 'Cash-in',
  'cash-out': 'Cash-out',
  reversal: 'Reversal',
  'float-funding': 'Commission float funding',
  payment: 'Payment',
  refund: 'Refund',
};

/** Each type's message in the wallet catalog: how it reads in a list, a filter, a chart's legend. */
export const TRANSACTION_TYPE_MESSAGES: Record<TransactionType, WalletMessage> = {
  bonus: 'wallet.type.bonus',
  deposit: 'wallet.type.deposit',
  transfer: 'wallet.type.transfer',
  'cash-in': 'wallet.type.cash-in',
  'cash-out': 'wallet.type.cash-out',
  reversal: 'wallet.type.reversal',
  'float-funding': 'wallet.type.float-funding',
  payment: 'wallet.type.payment',
  refund: 'wallet.type.refund',
};

/** A type as it reads in the page's language. */
export const transactionTypeLabel = (t: WalletT, type: TransactionType) => t(TRANSACTION_TYPE_MESSAGES[type]);

/** `transactionTypeLabel` with the page's translator, for a component outside the wallet screens (an admin's list). */
export function useTransactionTypeLabel() {
  const t = useWalletT();
  return (type: TransactionType) => transactionTypeLabel(t, type);
}

export type ColorMode = 'light' | 'dark';

/**
 * Each type's one colour, in every chart and anywhere else a type is coloured: the dark shade on
 * the light scheme, the light shade on the dark one. Each is 4.5:1 or more against the page and
 * the paper of its scheme (light #fff, dark #121212), so it holds as text too (WCAG 1.4.3), not
 * only as a shape (1.4.11).
 */
export const TRANSACTION_TYPE_COLORS: Record<TransactionType, Record<ColorMode, string>> = {
  bonus: { light: '#a15c00', dark: '#ffb74d' },
  deposit: { light: '#1565c0', dark: '#64b5f6' },
  transfer: { light: '#6a1b9a', dark: '#ce93d8' },
  'cash-in': { light: '#2e7d32', dark: '#81c784' },
  'cash-out': { light: '#c62828', dark: '#ef9a9a' },
  reversal: { light: '#00695c', dark: '#80cbc4' },
  'float-funding': { light: '#37474f', dark: '#b0bec5' },
  payment: { light: '#ad1457', dark: '#f48fb1' },
  refund: { light: '#4527a0', dark: '#b39ddb' },
};

/** A chart's `colors`: the given types' colours, in the order of its series, for either scheme. */
export function transactionTypeColors(types: readonly TransactionType[]) {
  return (mode: ColorMode) => types.map((type) => TRANSACTION_TYPE_COLORS[type][mode]);
}

/** The first characters of a transaction id: enough to match a reversal to its transfer on screen. */
const shortId = (id: string) => id.slice(0, 8);

/**
 * A list's Type cell: the type, and under it the link between a transfer an admin reversed and its
 * reversal ("Reversed by 1a2b3c4d", "Reverses 5e6f7a8b"), as both parties and the admin see it.
 */
export function TransactionTypeCell({
  transaction,
}: {
  transaction: Pick<Transaction, 'type' | 'reversedBy' | 'reverses'>;
}) {
  const t = useWalletT();
  const link = transaction.reversedBy
    ? t('wallet.type.reversedBy', { id: shortId(transaction.reversedBy) })
    : transaction.reverses
      ? t('wallet.type.reverses', { id: shortId(transaction.reverses) })
      : null;
  return (
    <>
      {transactionTypeLabel(t, transaction.type)}
      {link && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', whiteSpace: 'nowrap' }}
        >
          {' '}
          {link}
        </Typography>
      )}
    </>
  );
}
