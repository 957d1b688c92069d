import Typography from '@mui/material/Typography';
import { PasskeysSettings } from '@wallet/shared/ui/wallet/passkeys-settings';
import { SessionsSettings } from '@wallet/shared/ui/wallet/sessions-settings';
import { useT } from '../i18n';

/** Every staff member's own: their passkeys (the second factor of their sign-in) and their sessions. */
export default function SecurityPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('admin.security.title')}
      </Typography>
      <PasskeysSettings />
      <SessionsSettings />
    </>
  );
}
