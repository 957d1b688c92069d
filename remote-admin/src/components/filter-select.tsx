import TextField from '@mui/material/TextField';

interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  helperText?: string;
}

/** The browser's own select: the keyboard, screen readers and a phone's picker all work as people expect. */
export function FilterSelect({ id, label, value, onChange, options, helperText }: FilterSelectProps) {
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { sm: 220 } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
