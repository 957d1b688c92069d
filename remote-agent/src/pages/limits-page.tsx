import Typography from '@mui/material/Typography';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';

/** The agent's limits: the cash-ins they give and the cash-outs they take, and the float they may hold. */
export default function LimitsPage() {
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        Limits
      </Typography>
      <LimitsView />
    </>
  );
}
