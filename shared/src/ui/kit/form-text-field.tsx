import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { isValidationFragment } from '@wallet/shared/contracts/validation';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * The contracts word their messages for any caller, in the page's language ("is required",
 * "দিতে হবে"); a form puts the field's label in front ("Name is required", "নাম দিতে হবে") and
 * shows whole sentences ("Invalid email address") as they are. The contracts tell which is which.
 */
function fieldMessage(label: TextFieldProps['label'], message = '') {
  return isValidationFragment(message) && typeof label === 'string' ? `${label} ${message}` : message;
}

/** A MUI text field bound to react-hook-form; shows the field's validation message. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  helperText,
  inputRef,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  // The form's ref and the caller's (one that focuses the field itself) both get the input.
  const ref = useForkRef(field.ref, inputRef);
  return (
    <TextField
      {...props}
      {...field}
      value={field.value ?? ''}
      inputRef={ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error ? fieldMessage(props.label, fieldState.error.message) : helperText}
      fullWidth
    />
  );
}
