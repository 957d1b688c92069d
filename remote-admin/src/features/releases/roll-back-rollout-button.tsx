import { useState } from 'react';
import { errorMessage } from '@wallet/shared/api';
import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { areaTitle } from './area-title';
import { useRollBackRelease } from './use-roll-back-release';

const ROLL_BACK_FAILED = 'The rollout could not be rolled back. Please try again.';

interface RollBackRolloutButtonProps {
  area: AreaReleases['area'];
  candidate: CandidateRelease;
  /** The live release, which everyone gets again. */
  live: string;
}

/** Ends the rollout once the admin confirms: everyone back on the live release. */
export function RollBackRolloutButton({ area, candidate, live }: RollBackRolloutButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, isMutating } = useRollBackRelease(area);
  const { version } = candidate.release;
  const onConfirm = async () => {
    setConfirming(false);
    try {
      await trigger();
      showToast(`${areaTitle(area)} is back on ${live} for everyone`, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, ROLL_BACK_FAILED), { variant: 'error' });
    }
  };
  return (
    <>
      <ActionButton
        pending={isMutating}
        color="error"
        aria-label={isMutating ? undefined : `Roll back ${version}`}
        onClick={() => setConfirming(true)}
      >
        Roll back
      </ActionButton>
      <ConfirmDialog
        open={confirming}
        title={`Roll back ${area} from ${version} to ${live}?`}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
