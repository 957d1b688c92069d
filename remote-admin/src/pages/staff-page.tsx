import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { InviteStaffForm } from '../features/staff/invite-staff-form';
import { StaffTables } from '../features/staff/staff-table';
import { useT } from '../i18n';

/** Owners: who runs the wallet, with which roles; invitations by email. */
export default function StaffPage() {
  const t = useT();
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('admin.staff.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.staff.intro')}
        </Typography>
      </Stack>
      <StaffTables />
      <InviteStaffForm />
    </Stack>
  );
}
