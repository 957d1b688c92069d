import { useEffect, useMemo, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { debounce } from '@mui/material/utils';
import { isSearchable, type AllUserQuery, type Counterpart } from '@wallet/shared/contracts';
import { useCounterparts } from '@wallet/shared/data';
import { useWalletT } from './messages';

/** Long enough that a word typed at normal speed is one request. */
const SEARCH_DEBOUNCE_MS = 300;

interface CounterpartPickerProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  purpose?: AllUserQuery['purpose'];
}

/** Spec §5's "choose a receiver/agent/user": searches the server by name or email as the person types. */
export function CounterpartPicker<T extends FieldValues>({ name, control, label, purpose }: CounterpartPickerProps<T>) {
  const t = useWalletT();
  const { field, fieldState } = useController({ name, control });
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const searchLater = useMemo(() => debounce(setSearch, SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => searchLater.clear(), [searchLater]);
  const { data, isLoading, error } = useCounterparts({ purpose, search, enabled: open && isSearchable(search) });
  // The server searches only 3 letters of a name or a whole email: until then, say what to type.
  const searchable = isSearchable(typed);
  // Until the server answered for what is typed now, older answers would offer the wrong people.
  const searching = searchable && (isLoading || typed.trim() !== search.trim());

  return (
    <Autocomplete<Counterpart>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={(field.value as Counterpart | null) ?? null}
      onChange={(_event, chosen) => field.onChange(chosen)}
      onBlur={field.onBlur}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setTyped(text);
        searchLater(text);
      }}
      options={searching || !searchable ? [] : (data ?? [])}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
      getOptionLabel={(option) => option.name}
      loading={searching}
      loadingText={t('wallet.search.searching')}
      noOptionsText={
        // The hint is the contracts' SEARCH_HINT, in the page's language.
        !searchable ? t('wallet.search.hint') : error ? t('wallet.search.failed') : t('wallet.search.none', { search })
      }
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{option.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {option.email}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={field.name}
          inputRef={field.ref}
          placeholder={t('wallet.search.placeholder')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
