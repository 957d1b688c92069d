import Typography from '@mui/material/Typography';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';
import { IdentityReview } from '../features/verification/identity-review';
import { useT } from '../i18n';

/** The person's limits, and where they ask for the identity review that raises them. */
export default function LimitsPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('user.limits.title')}
      </Typography>
      <IdentityReview />
      <LimitsView />
    </>
  );
}
