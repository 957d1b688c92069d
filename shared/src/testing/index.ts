export { apiAnswers, type SentRequest } from './api-answers';
export { fail, ok, paged } from './envelopes';
export * from './fixtures';
export { held } from './held';
export { kycApi, kycRow, unverifiedRow } from './kyc-api';
export { approvalsApi } from './approvals-api';
export { merchantApplicationsApi } from './merchants-api';
export { kycRequest, myKycApi } from './kyc-request-api';
export { limitsApi, seededLimits } from './limits-api';
export { feesApi } from './fees-api';
export { quoteHandler, seededFees, seededQuote } from './seeded-fees';
export { myLimits, myLimitsAnswers, type LimitsUsed } from './my-limits-api';
export { analyticsAnswer, historyAnswer, overview, overviewAnswer, statementAnswer } from './insights-api';
export { releasesApi } from './releases-api';
export { confirmWithPin, TEST_PIN } from './pin';
export { MAILED_PIN_CODE, pinApi } from './pin-api';
export { renderWithProviders, resetSession } from './render-with-providers';
export { server } from './server';
export { FakeEventSource, withFakeEventSource } from './fake-event-source';
export {
  declineSignupAnswers,
  emailVerified,
  linkAccount,
  linkAccountAnswers,
  linkResent,
  resendVerificationAnswers,
  signupDeclined,
  unverifiedUser,
  verificationRefused,
  verifyEmailAnswers,
} from './verification-api';
export { disputeRow, disputesApi } from './disputes-api';
export { staffApi, staffInviteAnswers, staffMember } from './staff-api';
export { session, sessionsApi } from './sessions-api';
export { passkey, passkeysApi, RECOVERY_CODES } from './passkeys-api';
export { notification, notificationsApi } from './notifications-api';
export { pushApi, TEST_VAPID_KEY } from './push-api';
export { moneyRequest, requestsApi, seededRequestRules } from './requests-api';
