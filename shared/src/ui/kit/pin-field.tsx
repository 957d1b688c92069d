import type { Ref } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';
import { useKitT } from './messages';

interface PinFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label?: string;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** The wallet PIN as typed: masked, digits on a phone's keypad, five at most, never offered by the browser again. */
export function PinField<T extends FieldValues>({ name, control, label, helperText, inputRef }: PinFieldProps<T>) {
  const t = useKitT();
  return (
    <FormTextField
      name={name}
      control={control}
      label={label ?? t('kit.pin.label')}
      type="password"
      autoComplete="off"
      helperText={helperText}
      inputRef={inputRef}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
    />
  );
}
