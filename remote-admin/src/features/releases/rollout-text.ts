import type { CandidateRelease, ReleaseSwitch } from '@wallet/shared/contracts/releases';
import { formatDateTime } from '@wallet/shared/dates';
import { formatCount } from '../../format';
import type { AdminT } from '../../i18n';

/** Who the API names for a switch no one made: the automatic rollback of a rollout with too many errors. */
const SYSTEM = 'system';

/** A share of visitors as a number in the page's language (a preview has none). */
const shareText = (share: number | null) => (share === null ? String(share) : formatCount(share));

/** "Rolling out 1.0.4 to 25% of visitors since … by …", "Previewing 1.0.4 for admins since … by …". */
export function rolloutText(t: AdminT, { release, audience, share, since, by }: CandidateRelease) {
  const values = { version: release.version, share: shareText(share), when: formatDateTime(since), by };
  return audience === 'admins' ? t('admin.rollout.previewing', values) : t('admin.rollout.rollingOut', values);
}

/** The release rolling out, as its row marks it. */
export const candidateLabel = (t: AdminT, { audience, share }: CandidateRelease) =>
  audience === 'admins' ? t('admin.rollout.preview') : t('admin.rollout.rollingOutShare', { share: shareText(share) });

/** What a switch did, in words. */
export function switchKindText(t: AdminT, { kind, share }: ReleaseSwitch) {
  switch (kind) {
    case 'switch':
      return t('admin.switch.switched');
    case 'rollout':
      return share === null ? t('admin.switch.previewed') : t('admin.switch.rolledOut', { share: formatCount(share) });
    case 'promote':
      return t('admin.switch.promoted');
    case 'rollback':
      return t('admin.switch.rolledBack');
    case 'auto_rollback':
      return t('admin.switch.autoRolledBack');
  }
}

export const switchedByText = (t: AdminT, { switchedBy }: ReleaseSwitch) =>
  switchedBy === SYSTEM ? t('admin.audit.system') : switchedBy;
