import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts/releases';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT } from '../../i18n';
import { areaTitle } from './area-title';
import { usePromoteRelease } from './use-promote-release';

/** Makes the release rolling out live for everyone, once the admin confirms. */
export function PromoteReleaseButton({ area, candidate }: { area: AreaReleases['area']; candidate: CandidateRelease }) {
  const t = useT();
  const { trigger, isMutating } = usePromoteRelease(area);
  const { version } = candidate.release;
  // `area` as the API names it ("admin"), `title` as a heading reads it ("Admin").
  const values = { area, title: areaTitle(t, area), version };
  return (
    <ConfirmedActionButton
      pending={isMutating}
      variant="contained"
      aria-label={t('admin.release.promoteLabel', values)}
      question={t('admin.release.promoteQuestion', values)}
      run={async () => {
        await trigger();
        return t('admin.release.promoted', values);
      }}
      failed={t('admin.release.promoteFailed')}
    >
      {t('admin.release.promote')}
    </ConfirmedActionButton>
  );
}
