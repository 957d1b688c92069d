import useSWR from 'swr';
import type { PublicPaymentLink } from '@wallet/shared/contracts';

/** GET /links/{code}: the link as its public page shows it; the API limits these per address (429). */
export function usePaymentLink(code: string) {
  return useSWR<PublicPaymentLink>(`/links/${code}`);
}
