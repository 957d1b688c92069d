import type { ReactNode } from 'react';
import { ApiError } from '@wallet/shared/api';
import type { AreaReleases } from '@wallet/shared/contracts';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
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
  const { trigger, isMutating } = useActivateRelease(area);
  return (
    <ConfirmedActionButton
      pending={isMutating}
      question={`Switch ${area} to ${version}?`}
      run={async () => {
        await trigger({ version });
        return `${areaTitle(area)} is now on ${version}`;
      }}
      failed={serverMessage}
    >
      {children}
    </ConfirmedActionButton>
  );
}
