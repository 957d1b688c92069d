import type { CandidateRelease, ReleaseSwitch } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';

/** Who the API names for a switch no one made: the automatic rollback of a rollout with too many errors. */
const SYSTEM = 'system';

/** "Rolling out 1.0.4 to 25% of visitors since … by …", "Previewing 1.0.4 for admins since … by …". */
export function rolloutText({ release, audience, share, since, by }: CandidateRelease) {
  const who =
    audience === 'admins'
      ? `Previewing ${release.version} for admins`
      : `Rolling out ${release.version} to ${share}% of visitors`;
  return `${who} since ${formatDateTime(since)} by ${by}`;
}

/** The release rolling out, as its row marks it. */
export const candidateLabel = ({ audience, share }: CandidateRelease) =>
  audience === 'admins' ? 'Preview' : `Rolling out ${share}%`;

/** What a switch did, in words. */
export function switchKindText({ kind, share }: ReleaseSwitch) {
  switch (kind) {
    case 'switch':
      return 'Switched';
    case 'rollout':
      return share === null ? 'Previewed for admins' : `Rolled out to ${share}%`;
    case 'promote':
      return 'Promoted';
    case 'rollback':
      return 'Rolled back';
    case 'auto_rollback':
      return 'Rolled back automatically';
  }
}

export const switchedByText = ({ switchedBy }: ReleaseSwitch) => (switchedBy === SYSTEM ? 'System' : switchedBy);
