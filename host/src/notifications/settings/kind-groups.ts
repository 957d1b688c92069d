import type { NotificationKind, NotificationPreference, User } from '@wallet/shared/contracts';
import type { HostMessage } from '../../i18n';

type KindGroup = 'moneyIn' | 'moneyOut' | 'requests' | 'account';
const GROUPS: KindGroup[] = ['moneyIn', 'moneyOut', 'requests', 'account'];

/**
 * Who is ever told of a kind: a user (a merchant too, for a shop's kinds), an agent, anyone with a
 * wallet, or anyone (staff are told only of their own sign-ins). A kind nobody of the role receives
 * is left out of their settings.
 */
type Audience = 'user' | 'merchant' | 'agent' | 'wallet' | 'anyone';

/** Each kind's group, its audience and its name for people (as a setting, not as the bell's sentence). */
const KINDS: Record<NotificationKind, { group: KindGroup; audience: Audience; name: HostMessage }> = {
  money_received: { group: 'moneyIn', audience: 'user', name: 'host.notificationKinds.moneyReceived' },
  deposit: { group: 'moneyIn', audience: 'user', name: 'host.notificationKinds.deposit' },
  bonus: { group: 'moneyIn', audience: 'wallet', name: 'host.notificationKinds.bonus' },
  cash_in: { group: 'moneyIn', audience: 'user', name: 'host.notificationKinds.cashIn' },
  cash_out_received: { group: 'moneyIn', audience: 'agent', name: 'host.notificationKinds.cashOutReceived' },
  payment_received: { group: 'moneyIn', audience: 'merchant', name: 'host.notificationKinds.paymentReceived' },
  refund_received: { group: 'moneyIn', audience: 'user', name: 'host.notificationKinds.refundReceived' },
  reversal_received: { group: 'moneyIn', audience: 'user', name: 'host.notificationKinds.reversalReceived' },
  money_sent: { group: 'moneyOut', audience: 'user', name: 'host.notificationKinds.moneySent' },
  cash_out: { group: 'moneyOut', audience: 'user', name: 'host.notificationKinds.cashOut' },
  cash_in_given: { group: 'moneyOut', audience: 'agent', name: 'host.notificationKinds.cashInGiven' },
  payment_made: { group: 'moneyOut', audience: 'user', name: 'host.notificationKinds.paymentMade' },
  refund_given: { group: 'moneyOut', audience: 'merchant', name: 'host.notificationKinds.refundGiven' },
  reversal_taken: { group: 'moneyOut', audience: 'user', name: 'host.notificationKinds.reversalTaken' },
  request_received: { group: 'requests', audience: 'user', name: 'host.notificationKinds.requestReceived' },
  request_paid: { group: 'requests', audience: 'user', name: 'host.notificationKinds.requestPaid' },
  request_declined: { group: 'requests', audience: 'user', name: 'host.notificationKinds.requestDeclined' },
  dispute_outcome: { group: 'account', audience: 'user', name: 'host.notificationKinds.disputeOutcome' },
  pin_changed: { group: 'account', audience: 'wallet', name: 'host.notificationKinds.pinChanged' },
  new_device: { group: 'account', audience: 'anyone', name: 'host.notificationKinds.newDevice' },
};

type Person = Pick<User, 'role' | 'merchant'>;

function receives(person: Person | null, audience: Audience) {
  if (!person || audience === 'anyone') return true;
  if (audience === 'wallet') return person.role !== 'ADMIN';
  if (audience === 'agent') return person.role === 'AGENT';
  return person.role === 'USER' && (audience === 'user' || Boolean(person.merchant));
}

export interface NamedChoice extends NotificationPreference {
  name: HostMessage;
}

/**
 * The person's choices in their groups (money in, money out, requests, account and security), in
 * the API's order, each with its name; kinds the person is never told of, and kinds newer than
 * this page's code, left out. Groups left empty are dropped.
 */
export function groupedChoices(person: Person | null, choices: NotificationPreference[]) {
  const known = choices.filter(
    (choice) => Object.hasOwn(KINDS, choice.kind) && receives(person, KINDS[choice.kind].audience),
  );
  return GROUPS.map((group) => ({
    group,
    choices: known
      .filter((choice) => KINDS[choice.kind].group === group)
      .map((choice): NamedChoice => ({ ...choice, name: KINDS[choice.kind].name })),
  })).filter(({ choices: inGroup }) => inGroup.length > 0);
}
