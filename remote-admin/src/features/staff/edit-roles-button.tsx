import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '@wallet/shared/api';
import type { StaffMember, UpdateStaffInput } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { RolesField } from './roles-field';
import { rolesFormSchema, type RolesFormValues } from './staff-form';
import { useUpdateStaffRoles } from './staff-api';

/** A member's roles, changed as a whole in a dialog. Never one's own: that takes another owner. */
export function EditRolesButton({ member, self }: { member: StaffMember; self: boolean }) {
  const t = useT();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { trigger, isMutating } = useUpdateStaffRoles(member._id);
  const { control, handleSubmit, reset } = useForm<RolesFormValues, unknown, UpdateStaffInput>({
    resolver: zodResolver(rolesFormSchema) as unknown as Resolver<RolesFormValues, unknown, UpdateStaffInput>,
    defaultValues: { roles: member.roles },
  });
  const close = () => setOpen(false);
  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
      close();
    } catch (error) {
      showToast(errorMessage(error, t('admin.staff.rolesFailed')), { variant: 'error' });
    }
  });
  return (
    <>
      <ActionButton
        pending={isMutating}
        disabled={self || !member.isActive}
        aria-label={t('admin.staff.editRolesOf', { name: member.name })}
        onClick={() => {
          reset({ roles: member.roles });
          setOpen(true);
        }}
      >
        {t('admin.staff.editRoles')}
      </ActionButton>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>{t('admin.staff.editRolesOf', { name: member.name })}</DialogTitle>
          <DialogContent>
            <RolesField control={control} name="roles" />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('admin.cancel')}</Button>
            <SubmitButton pending={isMutating} fullWidth={false}>
              {t('admin.staff.saveRoles')}
            </SubmitButton>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
