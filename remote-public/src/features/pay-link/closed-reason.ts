import { ApiError, errorMessage } from '@wallet/shared/api';
import { REFUSALS, type PublicPaymentLink } from '@wallet/shared/contracts';

/**
 * Why a link cannot be paid, in the page's language: the words, by the same code, of the API's
 * refusal of a payment of it (`PAY_LINK_EXPIRED`, ...), so a person reads one message for one
 * problem, on the page or after paying.
 */
export function closedReason(code: NonNullable<PublicPaymentLink['closed']>) {
  const { status, message } = REFUSALS[code];
  return errorMessage(new ApiError(status, { code, message, statusCode: status, success: false }, message), message);
}
