import Typography from '@mui/material/Typography';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';
import { useT } from '../i18n';

/** The agent's limits: the cash-ins they give and the cash-outs they take, and the float they may hold. */
export default function LimitsPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('agent.limits.title')}
      </Typography>
      <LimitsView />
    </>
  );
}
