import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';

const SEARCH_DELAY_MS = 300;

/** What the person typed, handed on once they pause, so the server is asked once per pause, not per key. */
export function useSearch() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DELAY_MS);
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
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { sm: 320 } }}
    />
  );
}
