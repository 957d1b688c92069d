import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@wallet/shared/router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { debounce } from '@mui/material/utils';
import {
  historyQuerySchema,
  listSearchText,
  SEARCH_MIN_CHARACTERS,
  searchTooShort,
  PERSON_TRANSACTION_TYPES,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@wallet/shared/contracts';
import { historyFilterQuery, type HistoryFilters } from '@wallet/shared/data';
import { useWalletT } from './messages';
import { transactionTypeLabel } from '@wallet/shared/ui/wallet/transaction-types';

/** Long enough that a name typed at normal speed is one request. */
const SEARCH_DEBOUNCE_MS = 300;

const isType = (value: string | null): value is TransactionType =>
  (TRANSACTION_TYPES as readonly (string | null)[]).includes(value);

/** The filters as the address holds them (a link or a reload keeps them), and whether they hold together. */
export function useHistoryFilters() {
  const [params, setParams] = useSearchParams();
  // One `update` for the page's life, so the debounced search is not cancelled by every render;
  // it reaches the router's latest setter, which knows the address as it is now.
  const latestSetParams = useRef(setParams);
  useEffect(() => {
    latestSetParams.current = setParams;
  });
  const typed: HistoryFilters = {
    type: isType(params.get('type')) ? (params.get('type') as TransactionType) : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    q: params.get('q') || undefined,
  };
  // A name shorter than a search may be is not asked for: the list shows as unsearched meanwhile.
  const q = listSearchText(typed.q ?? '') || undefined;
  const parsed = historyQuerySchema.safeParse({ ...typed, q });
  const rangeError = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'to')?.message;
  // A range that does not hold together (to before from) is shown as an error and not asked for.
  const applied: HistoryFilters = parsed.success ? { ...typed, q } : { ...typed, q, from: undefined, to: undefined };
  const update = useCallback(
    (changes: Partial<HistoryFilters>) =>
      latestSetParams.current(
        (current) => historyFilterQuery({ ...Object.fromEntries(current), ...changes } as HistoryFilters),
        {
          replace: true,
        },
      ),
    [],
  );
  return { typed, applied, rangeError, update, reset: () => setParams({}, { replace: true }) };
}

type HistoryFiltersProps = Pick<ReturnType<typeof useHistoryFilters>, 'typed' | 'rangeError' | 'update' | 'reset'>;

/** Type, date range and counterpart name; every change starts the list again at page 1. */
export function HistoryFilterBar({ typed, rangeError, update, reset }: HistoryFiltersProps) {
  const t = useWalletT();
  const [name, setName] = useState(typed.q ?? '');
  const searchLater = useMemo(() => debounce((q: string) => update({ q }), SEARCH_DEBOUNCE_MS), [update]);
  useEffect(() => () => searchLater.clear(), [searchLater]);

  return (
    <Stack
      role="search"
      aria-label={t('wallet.filters.label')}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <TextField
        select
        label={t('wallet.filters.type')}
        value={typed.type ?? ''}
        onChange={(event) => update({ type: event.target.value as TransactionType })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 140 }}
      >
        <option value="">{t('wallet.filters.allTypes')}</option>
        {PERSON_TRANSACTION_TYPES.map((type) => (
          <option key={type} value={type}>
            {transactionTypeLabel(t, type)}
          </option>
        ))}
      </TextField>
      <TextField
        type="date"
        label={t('wallet.filters.from')}
        value={typed.from ?? ''}
        onChange={(event) => update({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label={t('wallet.filters.to')}
        value={typed.to ?? ''}
        onChange={(event) => update({ to: event.target.value })}
        error={Boolean(rangeError)}
        helperText={rangeError && t('wallet.filters.toError', { error: rangeError })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="search"
        label={t('wallet.filters.name')}
        value={name}
        helperText={searchTooShort(name) ? t('wallet.filters.nameTooShort', { min: SEARCH_MIN_CHARACTERS }) : undefined}
        onChange={(event) => {
          setName(event.target.value);
          searchLater(event.target.value);
        }}
        sx={{ flexGrow: 1 }}
      />
      <Button
        variant="outlined"
        onClick={() => {
          searchLater.clear();
          setName('');
          reset();
        }}
        sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, whiteSpace: 'nowrap' }}
      >
        {t('wallet.filters.reset')}
      </Button>
    </Stack>
  );
}
