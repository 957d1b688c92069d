import { useState } from 'react';
import { errorMessage } from '@wallet/shared/api';
import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { areaTitle } from './area-title';
import { usePromoteRelease } from './use-promote-release';

const PROMOTE_FAILED = 'The release could not be promoted. Please try again.';

/** Makes the release rolling out live for everyone, once the admin confirms. */
export function PromoteReleaseButton({ area, candidate }: { area: AreaReleases['area']; candidate: CandidateRelease }) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, isMutating } = usePromoteRelease(area);
  const { version } = candidate.release;
  const onConfirm = async () => {
    setConfirming(false);
    try {
      await trigger();
      showToast(`${areaTitle(area)} is now on ${version} for everyone`, { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, PROMOTE_FAILED), { variant: 'error' });
    }
  };
  return (
    <>
      <ActionButton
        pending={isMutating}
        variant="contained"
        aria-label={isMutating ? undefined : `Promote ${version}`}
        onClick={() => setConfirming(true)}
      >
        Promote
      </ActionButton>
      <ConfirmDialog
        open={confirming}
        title={`Promote ${area} ${version} to everyone?`}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
