import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts/releases';
import { useT } from '../../i18n';
import { PromoteReleaseButton } from './promote-release-button';
import { RollBackRolloutButton } from './roll-back-rollout-button';
import { rolloutText } from './rollout-text';

interface RolloutSummaryProps {
  entry: AreaReleases;
  candidate: CandidateRelease;
  canDeploy: boolean;
}

/** The release rolling out beside the live one: to whom, since when, by whom; a deployer promotes it or rolls it back. */
export function RolloutSummary({ entry, candidate, canDeploy }: RolloutSummaryProps) {
  const t = useT();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', mt: 1 }}
    >
      <Typography variant="body2">{rolloutText(t, candidate)}</Typography>
      {canDeploy && (
        <Stack direction="row" spacing={1}>
          <PromoteReleaseButton area={entry.area} candidate={candidate} />
          <RollBackRolloutButton
            area={entry.area}
            candidate={candidate}
            live={entry.live?.version ?? t('admin.none')}
          />
        </Stack>
      )}
    </Stack>
  );
}
