import Typography from '@mui/material/Typography';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';
import { IdentityReview } from '../features/verification/identity-review';

/** The person's limits, and where they ask for the identity review that raises them. */
export default function LimitsPage() {
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        Limits
      </Typography>
      <IdentityReview />
      <LimitsView />
    </>
  );
}
