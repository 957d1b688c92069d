import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { MoneyRequest, RequestStatus } from '@wallet/shared/contracts';
import { Link as RouterLink, useNavigate } from '@wallet/shared/router';
import type { FixedTerms } from '@wallet/shared/ui/wallet/money-form';
import { useT, type UserMessage } from '../../i18n';
import { REQUESTS_PAGE } from './use-requests';

/** Why a request asked of the person cannot be paid now. */
const CLOSED: Record<Exclude<RequestStatus, 'open'>, UserMessage> = {
  paid: 'user.requests.closed.paid',
  declined: 'user.requests.closed.declined',
  cancelled: 'user.requests.closed.cancelled',
  expired: 'user.requests.closed.expired',
};

/**
 * Paying a request is a transfer to its requester of its amount, with the request's id: the
 * transfer form shows both, never as fields, and its review and PIN are a transfer's.
 */
export function usePayingTerms(request: MoneyRequest) {
  const t = useT();
  const navigate = useNavigate();
  const back = () => navigate(REQUESTS_PAGE);
  const fixed: FixedTerms = {
    counterpart: request.requester,
    balance: request.amount,
    notice: t('user.requests.paying', { name: request.requester.name }),
    details: request.note ? [[t('user.requests.note'), request.note]] : [],
  };
  return {
    fixed,
    onDone: back,
    actions: (
      <Button variant="outlined" onClick={back}>
        {t('user.requests.notNow')}
      </Button>
    ),
  };
}

/** The transfer page's card while the request loads, or when it cannot be paid: the way back and a plain transfer. */
export function RequestNotPayable({ request, error }: { request: MoneyRequest | null | undefined; error: unknown }) {
  const t = useT();
  const message =
    request === undefined && !error
      ? null
      : error
        ? errorMessage(error, t('user.requests.loadFailed'))
        : request
          ? t(CLOSED[request.status as Exclude<RequestStatus, 'open'>])
          : t('user.requests.notFound');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('user.requests.payTitle')}
      </Typography>
      {message === null ? (
        <Typography role="status">{t('user.requests.loading')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Alert severity={error ? 'error' : 'info'} role={error ? 'alert' : 'status'}>
            {message}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" component={RouterLink} to={REQUESTS_PAGE}>
              {t('user.requests.toRequests')}
            </Button>
            <Button component={RouterLink} to="/user/transfer">
              {t('user.requests.plainTransfer')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
