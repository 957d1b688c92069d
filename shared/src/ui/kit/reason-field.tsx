import type { Control, FieldValues, Path } from 'react-hook-form';
import { REASON_MAX } from '@wallet/shared/contracts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { useKitT } from './messages';

/**
 * Why: a required reason, kept with what it explains (an admin's decision or reversal, in the
 * audit log; a person's report of a transfer).
 */
export function ReasonField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label?: string;
}) {
  const t = useKitT();
  return (
    <FormTextField
      control={control}
      name={name}
      label={label ?? t('kit.reason.label')}
      multiline
      minRows={3}
      autoFocus
      // The contracts' limit on a reason is also the field's own: a reason cannot be typed past it.
      helperText={t('kit.reason.help', { max: REASON_MAX })}
      slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
    />
  );
}
