import { ApiError, errorMessage } from '@wallet/shared/api';
import type { MerchantQrRefusal } from '@wallet/shared/bangla-qr';
import { REFUSALS } from '@wallet/shared/contracts';

/**
 * Why a code read on this device cannot be paid, in the page's language: the same words, by the
 * same code, as the API's refusal of it (`QR_BAD_CRC`, ...), so a person reads one message for one
 * problem wherever it is caught.
 */
export function qrProblem(reason: MerchantQrRefusal) {
  const code = `QR_${reason}` as const;
  const { status, message } = REFUSALS[code];
  return errorMessage(new ApiError(status, { code, message, statusCode: status, success: false }, message), message);
}
