import { apiRequest } from '@wallet/shared/api';
import type { PaymentLink, PaymentLinkInput } from '@wallet/shared/contracts';
import { usePaged, usePagedListChange } from '@wallet/shared/data';

const LINKS_PATH = '/merchant/links';

/** A link's public page, on this site: what the merchant shares. */
export const linkUrl = (code: string) => `${window.location.origin}/pay/${code}`;

/** GET: the merchant's links, newest first, with their uses and whether they can be paid now. */
export const usePaymentLinks = () => usePaged<PaymentLink>(LINKS_PATH);

/** Taken or refused (a link paid up or turned off meanwhile), the list is asked again. */
const useLinksChange = <Arg>(key: string, send: (arg: Arg) => Promise<PaymentLink>) =>
  usePagedListChange(key, send, [LINKS_PATH]);

/** POST: a new link. */
export const useCreateLink = () =>
  useLinksChange(`${LINKS_PATH}#create`, async (input: PaymentLinkInput) => {
    return (await apiRequest<PaymentLink>(LINKS_PATH, { method: 'POST', body: input })).data;
  });

/** PATCH: a link turned off, for good. */
export const useTurnOffLink = () =>
  useLinksChange(`${LINKS_PATH}#off`, async (id: string) => {
    return (await apiRequest<PaymentLink>(`${LINKS_PATH}/${id}`, { method: 'PATCH', body: { active: false } })).data;
  });
