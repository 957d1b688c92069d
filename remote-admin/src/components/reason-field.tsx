import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';

/** The contracts' limit on a reason, also the field's own: a reason cannot be typed past it. */
const REASON_MAX = 500;

/** Why the admin acts: a required reason, kept in the audit log (a KYC decision, a reversal). */
export function ReasonField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Reason"
      multiline
      minRows={3}
      autoFocus
      helperText={`Required, at most ${REASON_MAX} characters.`}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}
