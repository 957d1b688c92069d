import useSWR from 'swr';
import type { AllUserQuery, Counterpart } from '@wallet/shared/contracts';

/** A picker never asks for more than one short page: people are found by typing, not by scrolling. */
const COUNTERPART_PAGE = 10;

function counterpartsKey(purpose: AllUserQuery['purpose'], search: string) {
  const query = new URLSearchParams({ limit: String(COUNTERPART_PAGE) });
  if (purpose) query.set('purpose', purpose);
  if (search.trim()) query.set('search', search.trim());
  return `/user/all-user?${query}`;
}

/**
 * People a money form may choose, searched on the server by part of a name or a whole email.
 * Nothing is fetched while `enabled` is false: the caller keeps it false until the text is
 * searchable (`isSearchable`: the server refuses fewer than 3 letters, it never lists everyone).
 * The check stays with the caller so this hook, part of the page-wide API module, needs no zod.
 */
export function useCounterparts({
  purpose,
  search,
  enabled,
}: {
  purpose: AllUserQuery['purpose'];
  search: string;
  enabled: boolean;
}) {
  return useSWR<Counterpart[]>(enabled ? counterpartsKey(purpose, search) : null, {
    keepPreviousData: true,
  });
}
