import type { Notification, NotificationKind } from '@wallet/shared/contracts';
import { formatTaka } from '@wallet/shared/money';
import type { Mailer } from '../lib/mail';

/**
 * A mailed receipt of a notification the person chose to have mailed (issue 46): what happened,
 * the amount and the other side, as the wallet's other mails are, in English. A receipt is a
 * record the person asked for, so unlike a push it names the other side; it never holds the
 * balance, and it links to the history, where the details are read signed in.
 */
const SUBJECTS: Record<NotificationKind, string> = {
  money_received: 'You received money',
  money_sent: 'You sent money',
  deposit: 'Money added to your wallet',
  bonus: 'Your registration bonus',
  cash_in: 'Cash-in received',
  cash_in_given: 'Cash-in made',
  cash_out: 'Cash-out made',
  cash_out_received: 'Cash-out received',
  payment_made: 'You paid a shop',
  payment_received: 'Payment received',
  refund_received: 'Refund received',
  refund_given: 'Refund given',
  reversal_received: 'A transfer was reversed to you',
  reversal_taken: 'A transfer to you was reversed',
  request_paid: 'Your request was paid',
  dispute_outcome: 'Your report was decided',
  request_received: 'Someone asked you for money',
  request_declined: 'Your request was declined',
  pin_changed: 'Your wallet PIN was changed',
  new_device: 'A sign-in from a new browser',
};

export function receiptMail(notification: Notification, mailer: Pick<Mailer, 'siteLink'>) {
  const subject = SUBJECTS[notification.kind];
  const lines = [
    `${subject}.`,
    ...(notification.amount === null ? [] : [`Amount: ${formatTaka(notification.amount, { language: 'en' })} Taka`]),
    ...(notification.counterpart
      ? [`${notification.kind === 'new_device' ? 'Browser' : 'With'}: ${notification.counterpart}`]
      : []),
    `When: ${new Date(notification.createdAt).toUTCString()}`,
    '',
    `See it in your wallet: ${mailer.siteLink('/', {})}`,
    '',
    'You receive this because you asked for receipts in your notification settings; you can turn them off there.',
    'If this was not you, change your password and your PIN now.',
  ];
  return { subject, text: lines.join('\n') };
}
