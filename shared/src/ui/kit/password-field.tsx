import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';
import { EyeIcon, EyeOffIcon } from './icons';
import { useKitT } from './messages';

interface PasswordFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label?: string;
  autoComplete?: string;
}

/** Spec §2: the password field's show/hide toggle, labelled "Show password" / "Hide password". */
export function PasswordField<T extends FieldValues>({ name, control, label, autoComplete }: PasswordFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  const t = useKitT();
  return (
    <FormTextField
      name={name}
      control={control}
      label={label ?? t('kit.password.label')}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('kit.password.hide') : t('kit.password.show')}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
              >
                {visible ? <EyeOffIcon /> : <EyeIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
