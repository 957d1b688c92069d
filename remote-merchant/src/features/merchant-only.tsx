import type { ReactNode } from 'react';
import { Link as RouterLink } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ApiError } from '@wallet/shared/api';
import type { MerchantProfile } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { useT } from '../i18n';

/** Where a user applies to be a merchant: the "Sell with your wallet" section of their Limits page. */
const APPLY_PATH = '/user/limits';

/** The API's refusal of a merchant's own request by someone who is not one (any more). */
export const isNotAMerchant = (error: unknown) =>
  error instanceof ApiError && typeof error.body === 'object' && error.body.code === 'NOT_A_MERCHANT';

/** The signed-in person's merchant profile (`GET /user/me`), or null. */
export const useMerchantProfile = (): MerchantProfile | null => useSession((state) => state.user?.merchant ?? null);

/** What a user who is no merchant sees in the merchant area: what it is for, and where to apply. */
export function NotAMerchant() {
  const t = useT();
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button component={RouterLink} to={APPLY_PATH} color="inherit">
          {t('merchant.notMerchant.apply')}
        </Button>
      }
    >
      <AlertTitle>{t('merchant.notMerchant.title')}</AlertTitle>
      {t('merchant.notMerchant.text')}
    </Alert>
  );
}

/**
 * A merchant's page: shown to a user with a merchant profile; anyone else is told how to become
 * one. The host's guard already keeps others out; this covers the area run alone, and a session
 * older than a profile's removal (the API's NOT_A_MERCHANT says the same, on each page's data).
 */
export function MerchantOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const status = useSession((state) => state.status);
  const merchant = useMerchantProfile();
  if (status === 'loading') return <Typography role="status">{t('merchant.loading')}</Typography>;
  return merchant ? children : <NotAMerchant />;
}
