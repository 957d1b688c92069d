import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@wallet/shared/api';
import type { DynamicQrInput, MerchantQrReply } from '@wallet/shared/contracts';

const MERCHANT_QR_PATH = '/merchant/qr';

/** GET: the shop's static QR, the one printed at the counter (the payer types the amount). */
export const useStaticQr = () => useSWR<MerchantQrReply>(MERCHANT_QR_PATH);

/** POST: a QR for one payment of a set amount, under the merchant's own reference, payable for 15 minutes. */
export function useCreateDynamicQr() {
  return useSWRMutation(
    `${MERCHANT_QR_PATH}#dynamic`,
    async (_key: string, { arg }: { arg: DynamicQrInput }) =>
      (await apiRequest<MerchantQrReply>(MERCHANT_QR_PATH, { method: 'POST', body: arg })).data,
    { populateCache: false, revalidate: false },
  );
}
