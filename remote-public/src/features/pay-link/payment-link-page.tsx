import { Trans } from '@lingui/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { PAYMENT_LINK_CODE } from '@wallet/shared/contracts';
import { Link as RouterLink, useParams } from '@wallet/shared/router';
import { selectRole, useSession } from '@wallet/shared/session';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';
import { MerchantPaymentForm, MerchantSummary, PaymentCard } from '@wallet/shared/ui/wallet/merchant-payment-form';
import { usePayT, type PayMessage } from '../../i18n/pay';
import { withNext } from '../../lib/next-path';
import { closedReason } from './closed-reason';
import { usePaymentLink } from './use-payment-link';

const NO_ACCOUNT: PayMessage = 'public.payLink.noAccount';

/**
 * A merchant's payment link (/pay/<code>), for anyone: who is paid as staff verified them, what
 * for and how much, and whether it can be paid. A user pays it here; anyone else is told how.
 */
export default function PaymentLinkPage() {
  const { code = '' } = useParams();
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      {/* A code that cannot be one is not asked about: the API limits lookups per address. */}
      {PAYMENT_LINK_CODE.test(code) ? <PaymentLink key={code} code={code} /> : <LinkNotFound />}
    </Box>
  );
}

function LinkNotFound() {
  const t = usePayT();
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('public.payLink.notFound')}
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('public.payLink.notFoundText')}
      </Typography>
    </Box>
  );
}

function PaymentLink({ code }: { code: string }) {
  const t = usePayT();
  const link = usePaymentLink(code);
  const role = useSession(selectRole);
  const signedOut = useSession((state) => state.status === 'signed-out');

  if (link.error instanceof ApiError && link.error.status === 404) return <LinkNotFound />;
  if (link.error)
    return (
      <PaymentCard title={t('public.payLink.title')}>
        {/* A 429 says, in its own words, when to try again. */}
        <Alert severity="error">{errorMessage(link.error, t('public.payLink.failed'))}</Alert>
        <Button onClick={() => void link.mutate()} sx={{ alignSelf: 'flex-start' }}>
          {t('public.payLink.tryAgain')}
        </Button>
      </PaymentCard>
    );
  if (!link.data) return <PageLoading />;

  const { merchant, description, amount, closed } = link.data;
  if (role === 'USER' && !closed)
    return (
      <MerchantPaymentForm
        merchant={merchant}
        description={description}
        amount={amount}
        toBody={(paid) => ({ link: code, amount: paid })}
        // A link may be paid a set number of times: its page says how it stands after this one.
        onDone={() => void link.mutate()}
      />
    );

  return (
    <PaymentCard>
      <MerchantSummary merchant={merchant} description={description} amount={amount} />
      {closed ? (
        <Alert severity="warning">
          <AlertTitle>{t('public.payLink.closed')}</AlertTitle>
          {closedReason(closed)}
        </Alert>
      ) : signedOut ? (
        <SignInToPay code={code} />
      ) : (
        // An agent or an admin; nothing yet while the session is still being asked for.
        role && <Alert severity="info">{t('public.payLink.usersOnly')}</Alert>
      )}
    </PaymentCard>
  );
}

/** Sign in (or sign up, then sign in), and come back here to pay. */
function SignInToPay({ code }: { code: string }) {
  const t = usePayT();
  const back = `/pay/${code}`;
  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary">{t('public.payLink.signInHint')}</Typography>
      <Button component={RouterLink} to={withNext('/login', back)} variant="contained">
        {t('public.payLink.signIn')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Trans id={NO_ACCOUNT} components={{ 0: <Link component={RouterLink} to={withNext('/register', back)} /> }} />
      </Typography>
    </Stack>
  );
}
