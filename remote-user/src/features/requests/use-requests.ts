import useSWR from 'swr';
import { apiRequest } from '@wallet/shared/api';
import {
  MAX_PAGE_LIMIT,
  REQUEST_BLOCKS_PATH,
  REQUESTS_PATH,
  requestPath,
  type MoneyRequest,
  type RequestBlock,
  type RequestInput,
  type RequestRules,
} from '@wallet/shared/contracts';
import { usePaged, usePagedListChange } from '@wallet/shared/data';

export type RequestDirection = 'incoming' | 'outgoing';

const RULES_PATH = `${REQUESTS_PATH}/rules`;

/** Where the requests live in the user area; Pay sends the person to the transfer page with the request's id. */
export const REQUESTS_PAGE = '/user/request-money';
export const payRequestPage = (id: string) => `/user/transfer?request=${id}`;

/** GET /requests/rules: the smallest and largest request, how many a day, and how long one stays open. */
export const useRequestRules = () => useSWR<RequestRules>(RULES_PATH);

/** GET /requests?direction=: asked of the caller (incoming) or asked by them (outgoing), newest first, 5 a page. */
export const useRequests = (direction: RequestDirection) =>
  usePaged<MoneyRequest>(`${REQUESTS_PATH}?direction=${direction}`);

/** GET /requests/blocks: the requesters the caller blocked. */
export const useRequestBlocks = () => useSWR<RequestBlock[]>(REQUEST_BLOCKS_PATH, { revalidateIfStale: true });

/** A write about requests; taken or refused (one paid or cancelled meanwhile), the lists are asked again. */
const useRequestsChange = <Arg>(key: string, send: (arg: Arg) => Promise<unknown>, alsoBlocks = false) =>
  usePagedListChange(key, send, [REQUESTS_PATH], alsoBlocks ? [REQUEST_BLOCKS_PATH] : []);

/** POST /requests: asks a person (chosen) or an email for money. */
export const useAskForMoney = () =>
  useRequestsChange(`${REQUESTS_PATH}#ask`, (input: RequestInput) =>
    apiRequest<null>(REQUESTS_PATH, { method: 'POST', body: input }),
  );

/** POST /requests/{id}/decline: the payer says no, and may block the requester. */
export const useDeclineRequest = () =>
  useRequestsChange(
    `${REQUESTS_PATH}#decline`,
    ({ id, block }: { id: string; block: boolean }) =>
      apiRequest<null>(requestPath(id, 'decline'), { method: 'POST', body: { block } }),
    true,
  );

/** POST /requests/{id}/cancel: the requester takes their request back. */
export const useCancelRequest = () =>
  useRequestsChange(`${REQUESTS_PATH}#cancel`, (id: string) =>
    apiRequest<null>(requestPath(id, 'cancel'), { method: 'POST' }),
  );

/** DELETE /requests/blocks/{id}: the requester may ask again. */
export const useUnblock = () =>
  useRequestsChange(
    `${REQUEST_BLOCKS_PATH}#unblock`,
    (id: string) => apiRequest<null>(`${REQUEST_BLOCKS_PATH}/${id}`, { method: 'DELETE' }),
    true,
  );

/** How deep the search for a request to pay goes: its requests asked of a person, a page of 100 at a time. */
const MOST_PAGES = 10;

/**
 * A request asked of the caller, by its id, from their incoming list (the API has no GET of one
 * request): null when it is not among them.
 */
async function findIncoming(id: string): Promise<MoneyRequest | null> {
  let after: string | undefined;
  for (let page = 0; page < MOST_PAGES; page += 1) {
    const query = new URLSearchParams({ direction: 'incoming', limit: String(MAX_PAGE_LIMIT) });
    if (after) query.set('after', after);
    const { data, meta } = await apiRequest<MoneyRequest[]>(`${REQUESTS_PATH}?${query}`);
    const found = data.find((request) => request._id === id);
    if (found) return found;
    after = data.at(-1)?._id;
    if (!meta?.hasNext || !after) return null;
  }
  return null;
}

/** The request the transfer page pays (`?request=<id>`), read afresh each time the page opens. */
export const useRequestToPay = (id: string) =>
  useSWR(`${REQUESTS_PATH}?direction=incoming&request=${id}`, () => findIncoming(id), { revalidateIfStale: true });
