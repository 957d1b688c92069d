import type { AreaReleases, CandidateRelease } from '@wallet/shared/contracts/releases';
import { ConfirmedActionButton } from '../../components/confirmed-action-button';
import { useT } from '../../i18n';
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
  const t = useT();
  const { trigger, isMutating } = useRollBackRelease(area);
  const { version } = candidate.release;
  const values = { area, title: areaTitle(t, area), version, live };
  return (
    <ConfirmedActionButton
      pending={isMutating}
      color="error"
      aria-label={t('admin.release.rollBackLabel', values)}
      question={t('admin.release.rollBackQuestion', values)}
      run={async () => {
        await trigger();
        return t('admin.release.rolledBack', values);
      }}
      failed={t('admin.release.rollBackFailed')}
    >
      {t('admin.release.rollBack')}
    </ConfirmedActionButton>
  );
}
