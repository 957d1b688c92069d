import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '@wallet/shared/api';
import type { InviteStaffInput } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useT } from '../../i18n';
import { RolesField } from './roles-field';
import { INVITE_FORM_DEFAULTS, inviteFormSchema, type InviteFormValues } from './staff-form';
import { useInviteStaff } from './staff-api';

/** An owner invites a member by email with their roles; the link goes by mail, never on screen. */
export function InviteStaffForm() {
  const t = useT();
  const headingId = useId();
  const { trigger, isMutating } = useInviteStaff();
  const { control, handleSubmit, reset, setError } = useForm<InviteFormValues, unknown, InviteStaffInput>({
    resolver: zodResolver(inviteFormSchema) as unknown as Resolver<InviteFormValues, unknown, InviteStaffInput>,
    defaultValues: INVITE_FORM_DEFAULTS,
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await trigger(input);
      reset();
      showToast(t('admin.staff.invited', { email: input.email }), { variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, t('admin.staff.inviteFailed'));
      showToast(message, { variant: 'error' });
      if (error instanceof ApiError && error.status === 409) setError('email', { type: 'server', message });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {t('admin.staff.invite')}
        </Typography>
        <FormTextField control={control} name="name" label={t('admin.column.name')} autoComplete="off" />
        <FormTextField control={control} name="email" label={t('admin.column.email')} type="email" autoComplete="off" />
        <RolesField control={control} name="roles" />
        <Box>
          <SubmitButton pending={isMutating} fullWidth={false}>
            {t('admin.staff.sendInvite')}
          </SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
