import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { STAFF_ROLES, type StaffRole } from '@wallet/shared/contracts';
import { useT } from '../../i18n';
import { roleLabel } from './role-labels';

/** One checkbox a staff role, each with what it allows; the legend names the group. */
export function RolesField<Values extends FieldValues>({
  control,
  name,
}: {
  control: Control<Values>;
  name: Path<Values>;
}) {
  const t = useT();
  const helperId = useId();
  const { field, fieldState } = useController({ control, name });
  const held = field.value as StaffRole[];
  const toggle = (role: StaffRole, checked: boolean) =>
    field.onChange(STAFF_ROLES.filter((each) => (each === role ? checked : held.includes(each))));
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(fieldState.error)} aria-describedby={helperId}>
      <FormLabel component="legend">{t('admin.staff.roles')}</FormLabel>
      <FormGroup>
        {STAFF_ROLES.map((role, index) => (
          <FormControlLabel
            key={role}
            label={`${roleLabel(t, role)}: ${t(`admin.staff.roleHelp.${role}`)}`}
            control={
              <Checkbox
                checked={held.includes(role)}
                onChange={(event) => toggle(role, event.target.checked)}
                onBlur={field.onBlur}
                inputRef={index === 0 ? field.ref : undefined}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helperId}>
        {fieldState.error ? t('admin.staff.rolesError') : t('admin.staff.rolesHelp')}
      </FormHelperText>
    </FormControl>
  );
}
