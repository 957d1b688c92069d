export { downloadStatement, statementUrl, STATEMENT_PATH, type StatementTexts } from './download-statement';
export { PASSKEYS_KEY, useAddPasskey } from './use-add-passkey';
export { ANALYTICS_KEY, useAnalytics } from './use-analytics';
export { useCounterparts } from './use-counterparts';
export { useLogin } from './use-login';
export { usePasskeyLogin } from './use-passkey-login';
export { isReviewRefusal, useMoneyMovement, type MoneyMovement } from './use-money-movement';
export { MY_LIMITS_KEY, useMyLimits } from './use-my-limits';
export {
  historyFilterQuery,
  MY_TRANSACTIONS_PATH,
  useMyTransactions,
  type HistoryFilters,
} from './use-my-transactions';
export { useMyWallet, WALLET_KEY } from './use-my-wallet';
export {
  NOTIFICATIONS_KEY,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  useNotifications,
  withUnread,
} from './use-notifications';
export { OVERVIEW_KEY, useOverview } from './use-overview';
export { isQuoteKey, useQuote } from './use-quote';
export { isPageOf, usePaged, usePagedListChange, type Paged } from './use-paged';
export { useRegister } from './use-register';
export { useRequestPinReset, useSetPin } from './use-set-pin';
