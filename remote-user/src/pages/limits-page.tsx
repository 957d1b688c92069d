import Typography from '@mui/material/Typography';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';
import { IdentityReview } from '../features/verification/identity-review';
import { MerchantApplicationSection } from '../features/merchant/merchant-application';
import { useT } from '../i18n';

/** The person's limits, where they ask for the identity review that raises them, and where they apply to sell. */
export default function LimitsPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('user.limits.title')}
      </Typography>
      <IdentityReview />
      <LimitsView />
      <MerchantApplicationSection />
    </>
  );
}
