import { useState, type ReactNode } from 'react';
import { showToast } from '@wallet/shared/toasts';
import { ApiError } from '@wallet/shared/api';
import type { AreaReleases } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { areaTitle } from './area-title';
import { useActivateRelease } from './use-activate-release';

const SWITCH_FAILED = 'Failed to switch release';

/** The API's own words; a status alone, a proxy's page or no answer at all get `SWITCH_FAILED`. */
function serverMessage(error: unknown) {
  const body = error instanceof ApiError ? error.body : undefined;
  return (typeof body === 'object' && body.message) || SWITCH_FAILED;
}

interface SwitchReleaseButtonProps {
  area: AreaReleases['area'];
  version: string;
  /** "Roll back" or "Make live". */
  children: ReactNode;
}

/** Makes `version` the area's live release once the admin confirms. */
export function SwitchReleaseButton({ area, version, children }: SwitchReleaseButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { trigger, isMutating } = useActivateRelease(area);
  const onConfirm = async () => {
    setConfirming(false);
    try {
      await trigger({ version });
    } catch (error) {
      showToast(serverMessage(error), { variant: 'error' });
      return;
    }
    showToast(`${areaTitle(area)} is now on ${version}`, { variant: 'success' });
  };
  return (
    <>
      <ActionButton pending={isMutating} onClick={() => setConfirming(true)}>
        {children}
      </ActionButton>
      <ConfirmDialog
        open={confirming}
        title={`Switch ${area} to ${version}?`}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
