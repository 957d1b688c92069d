import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { areaTitle } from './area-title';
import { useRollBackRelease } from './use-roll-back-release';

interface RollBackRolloutButtonProps {
  area: AreaReleases['area'];
  candidate: CandidateRelease;
  /** The live release, which everyone gets again. */
  live: string;
}

/** Ends the rollout once the admin confirms: everyone back on the live release. */
export function RollBackRolloutButton({ area, candidate, live }: RollBackRolloutButtonProps) {
  const { trigger, isMutating } = useRollBackRelease(area);
  const { version } = candidate.release;
  return (
    <ConfirmedActionButton
      pending={isMutating}
      color="error"
      aria-label={`Roll back ${version}`}
      question={`Roll back ${area} from ${version} to ${live}?`}
      run={async () => {
        await trigger();
        return `${areaTitle(area)} is back on ${live} for everyone`;
      }}
      failed="The rollout could not be rolled back. Please try again."
    >
      Roll back
    </ConfirmedActionButton>
  );
}
