import type { ReactNode } from 'react';
import { ApiError } from '@wallet/shared/api';
import type { AreaReleases } from '@wallet/shared/contracts/releases';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT, type AdminT } from '../../i18n';
import { areaTitle } from './area-title';
import { useActivateRelease } from './use-activate-release';

/** The API's own words; a status alone, a proxy's page or no answer at all get "Failed to switch release". */
function serverMessage(t: AdminT, error: unknown) {
  const body = error instanceof ApiError ? error.body : undefined;
  return (typeof body === 'object' && body.message) || t('admin.release.switchFailed');
}

interface SwitchReleaseButtonProps {
  area: AreaReleases['area'];
  version: string;
  /** "Roll back" or "Make live". */
  children: ReactNode;
}

/** Makes `version` the area's live release once the admin confirms. */
export function SwitchReleaseButton({ area, version, children }: SwitchReleaseButtonProps) {
  const t = useT();
  const { trigger, isMutating } = useActivateRelease(area);
  const values = { area, title: areaTitle(t, area), version };
  return (
    <ConfirmedActionButton
      pending={isMutating}
      question={t('admin.release.switchQuestion', values)}
      run={async () => {
        await trigger({ version });
        return t('admin.release.switched', values);
      }}
      failed={(error) => serverMessage(t, error)}
    >
      {children}
    </ConfirmedActionButton>
  );
}
