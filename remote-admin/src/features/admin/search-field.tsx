import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { listSearchText, SEARCH_MIN_CHARACTERS, searchTooShort } from '@wallet/shared/contracts';
import { useT } from '../../i18n';

const SEARCH_DELAY_MS = 300;

/**
 * What the person typed, handed on once they pause, so the server is asked once per pause, not per
 * key; and not at all while it is shorter than a search may be (the list then shows as unsearched).
 */
export function useSearch() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(listSearchText(input)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  return { input, setInput, search };
}

export function SearchField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const t = useT();
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      helperText={searchTooShort(value) ? t('admin.search.tooShort', { min: SEARCH_MIN_CHARACTERS }) : undefined}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { sm: 320 } }}
    />
  );
}
