import type { MyLimits } from '@wallet/shared/contracts';

/** What the mocked API holds for the signed-in caller, each read when it is asked. */
interface CallerAccount {
  balance: () => number;
  limits: () => MyLimits | null;
}

/** A fresh wallet: the 50 Taka bonus, and no limits set up (a quote then says nothing of them). */
const FRESH: CallerAccount = { balance: () => 50, limits: () => null };
let account = FRESH;

/**
 * The caller's wallet as the test's answers hold it now: the balance GET /wallet/me answers and
 * the limits GET /wallet/limits answers (walletAnswers, myLimitsAnswers). GET /wallet/quote is
 * computed from them, as the API computes it from the same rows.
 */
export function callerAccount() {
  return { balance: account.balance(), limits: account.limits() };
}

/** Called by the answers that set them up, with how to read what they answer now. */
export function setCallerAccount(change: Partial<CallerAccount>) {
  account = { ...account, ...change };
}

/** Between tests, with the handlers: the next test starts from a fresh wallet. */
export function resetCallerAccount() {
  account = FRESH;
}
