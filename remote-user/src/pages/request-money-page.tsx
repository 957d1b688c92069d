import Typography from '@mui/material/Typography';
import { useT } from '../i18n';
import { BlockedRequesters } from '../features/requests/blocked-requesters';
import { RequestForm } from '../features/requests/request-form';
import { RequestsLists } from '../features/requests/requests-lists';

/**
 * Request money (/user/request-money): ask someone, answer what others asked (Pay opens the
 * transfer page pre-filled, Decline, maybe blocking), take one's own back, and unblock.
 */
export default function RequestMoneyPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('user.requests.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('user.requests.description')}
      </Typography>
      <RequestForm />
      <RequestsLists />
      <BlockedRequesters />
    </>
  );
}
