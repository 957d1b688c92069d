import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Outlet } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { StaffAddPasskey } from '@wallet/shared/ui/wallet/staff-add-passkey';
import { useT } from '../../i18n';
import { CompleteSignIn } from './complete-sign-in';

/**
 * The admin area behind a staff member's second factor. Until their passkey (or a recovery code)
 * completes a password sign-in, every admin screen is this one: the API opens no admin route to
 * the password alone either (STAFF_SECOND_FACTOR), so the screen only says so first.
 */
export function SecondFactorGate() {
  const t = useT();
  const user = useSession((state) => state.user);
  const due = user?.secondFactor;
  if (!user || !due) return <Outlet />;
  // Their first passkey added, what is due is to use it (as the session now reads).
  const added = () => useSession.getState().setUser({ ...user, secondFactor: 'passkey' });
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('admin.secondFactor.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {due === 'passkey' ? t('admin.secondFactor.intro') : t('admin.secondFactor.addIntro')}
        </Typography>
        {due === 'passkey' ? <CompleteSignIn /> : <StaffAddPasskey proof="code" onAdded={added} />}
      </Stack>
    </Paper>
  );
}
