import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { areaTitle } from './area-title';
import { usePromoteRelease } from './use-promote-release';

/** Makes the release rolling out live for everyone, once the admin confirms. */
export function PromoteReleaseButton({ area, candidate }: { area: AreaReleases['area']; candidate: CandidateRelease }) {
  const { trigger, isMutating } = usePromoteRelease(area);
  const { version } = candidate.release;
  return (
    <ConfirmedActionButton
      pending={isMutating}
      variant="contained"
      aria-label={`Promote ${version}`}
      question={`Promote ${area} ${version} to everyone?`}
      run={async () => {
        await trigger();
        return `${areaTitle(area)} is now on ${version} for everyone`;
      }}
      failed="The release could not be promoted. Please try again."
    >
      Promote
    </ConfirmedActionButton>
  );
}
