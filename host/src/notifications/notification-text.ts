import type { Notification, NotificationKind, TransactionType } from '@wallet/shared/contracts';
import { historyFilterQuery } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';
import type { Translate } from '@wallet/shared/i18n';
import type { HostMessage } from '../i18n';

/** Each kind's sentence; a report's outcome has one per decision (its `counterpart`). */
const SENTENCES: Record<Exclude<NotificationKind, 'dispute_outcome'>, HostMessage> = {
  money_received: 'host.notifications.kind.moneyReceived',
  money_sent: 'host.notifications.kind.moneySent',
  deposit: 'host.notifications.kind.deposit',
  bonus: 'host.notifications.kind.bonus',
  cash_in: 'host.notifications.kind.cashIn',
  cash_in_given: 'host.notifications.kind.cashInGiven',
  cash_out: 'host.notifications.kind.cashOut',
  cash_out_received: 'host.notifications.kind.cashOutReceived',
  payment_made: 'host.notifications.kind.paymentMade',
  payment_received: 'host.notifications.kind.paymentReceived',
  refund_received: 'host.notifications.kind.refundReceived',
  refund_given: 'host.notifications.kind.refundGiven',
  reversal_received: 'host.notifications.kind.reversalReceived',
  reversal_taken: 'host.notifications.kind.reversalTaken',
  request_paid: 'host.notifications.kind.requestPaid',
  request_received: 'host.notifications.kind.requestReceived',
  request_declined: 'host.notifications.kind.requestDeclined',
  pin_changed: 'host.notifications.kind.pinChanged',
  new_device: 'host.notifications.kind.newDevice',
};

/** The movement each money notification tells of, as the history filters its type. */
const MOVEMENT_TYPES: Partial<Record<NotificationKind, TransactionType>> = {
  money_received: 'transfer',
  money_sent: 'transfer',
  request_paid: 'transfer',
  deposit: 'deposit',
  bonus: 'bonus',
  cash_in: 'cash-in',
  cash_in_given: 'cash-in',
  cash_out: 'cash-out',
  cash_out_received: 'cash-out',
  payment_made: 'payment',
  payment_received: 'payment',
  refund_received: 'refund',
  refund_given: 'refund',
  reversal_received: 'reversal',
  reversal_taken: 'reversal',
};

const isKnown = (kind: string): kind is keyof typeof SENTENCES => Object.hasOwn(SENTENCES, kind);

/** "You received 500.00 Taka from Karim": the notification in the page's language (amounts in its digits). */
export function notificationSentence(t: Translate<HostMessage>, { kind, amount, counterpart }: Notification) {
  if (kind === 'dispute_outcome')
    return t(
      counterpart === 'reversed'
        ? 'host.notifications.kind.disputeReversed'
        : 'host.notifications.kind.disputeRejected',
    );
  // A kind newer than this page's code still says something.
  if (!isKnown(kind)) return t('host.notifications.kind.other');
  return t(SENTENCES[kind], {
    amount: formatTaka(amount ?? 0),
    name: counterpart ?? t('host.notifications.someone'),
  });
}

/** The calendar day (UTC, as the history's filters count days) a moment falls on. */
function dayOf(moment: string) {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/**
 * Where a notification leads in the person's own area (`basePath`, from the runtime config). There
 * is no page per movement: a money notification opens the history filtered to that movement's type
 * and day, where it is among the first rows; a report's outcome opens the history too, a PIN
 * change or a new sign-in the security page (the sessions are there). A request has nowhere yet.
 */
export function notificationLink({ kind, transactionId, createdAt, counterpart }: Notification, basePath?: string) {
  if (!basePath) return undefined;
  const history = (filters: Parameters<typeof historyFilterQuery>[0]) => {
    const query = historyFilterQuery(filters).toString();
    return `${basePath}/history${query ? `?${query}` : ''}`;
  };
  const type = MOVEMENT_TYPES[kind];
  if (type && transactionId) {
    const day = dayOf(createdAt);
    return history({ type, from: day, to: day });
  }
  // The reversal is made when the report is decided; a rejected report's transfer may be older.
  if (kind === 'dispute_outcome')
    return counterpart === 'reversed'
      ? history({ type: 'reversal', from: dayOf(createdAt), to: dayOf(createdAt) })
      : history({ type: 'transfer' });
  if (kind === 'pin_changed' || kind === 'new_device') return `${basePath}/security`;
  return undefined;
}
