import Typography from '@mui/material/Typography';
import { PinSettings } from '@wallet/shared/ui/wallet/pin-settings';
import { useT } from '../i18n';

/** The wallet PIN that confirms money leaving the wallet: whether it is set, and setting or changing it. */
export default function SecurityPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('user.security.title')}
      </Typography>
      <PinSettings />
    </>
  );
}
