import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { AreaReleases, Release } from '@wallet/shared/contracts/releases';
import { formatDateTime } from '@wallet/shared/dates';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { useT } from '../../i18n';
import { IntegrityHash, errorRateText, networksText, originText, viewsText } from './release-cells';
import { RolloutButton } from './rollout-button';
import { candidateLabel } from './rollout-text';
import { SwitchReleaseButton } from './switch-release-button';

/** "Live", or the release rolling out ("Rolling out 25%", "Preview"); nothing for any other. */
function ReleaseStatus({ entry, release }: { entry: AreaReleases; release: Release }) {
  const t = useT();
  if (release._id === entry.live?._id) return <Chip size="small" color="success" label={t('admin.release.live')} />;
  if (release._id === entry.candidate?.release._id)
    return <Chip size="small" color="primary" variant="outlined" label={candidateLabel(t, entry.candidate)} />;
  return null;
}

/**
 * What a release's row offers: it is live or rolling out (promoted or rolled back from the card),
 * or going to it rolls back (it is older) or forward, and it may roll out beside the live one.
 */
function ReleaseAction({ entry, release }: { entry: AreaReleases; release: Release }) {
  const t = useT();
  if (release._id === entry.live?._id || release._id === entry.candidate?.release._id)
    return <ReleaseStatus entry={entry} release={release} />;
  const older = entry.live !== null && Date.parse(release.createdAt) < Date.parse(entry.live.createdAt);
  return (
    <Stack direction="row" spacing={1}>
      <SwitchReleaseButton area={entry.area} version={release.version}>
        {older ? t('admin.release.rollBack') : t('admin.release.makeLive')}
      </SwitchReleaseButton>
      {entry.live && <RolloutButton entry={entry} version={release.version} />}
    </Stack>
  );
}

/**
 * An area's releases with their page views and error rates. An admin who may release the area
 * switches and rolls out from here (the Actions column); anyone else reads which one is live and
 * which is rolling out (the Status column).
 */
export function ReleasesTable({ entry, label, canDeploy }: { entry: AreaReleases; label: string; canDeploy: boolean }) {
  const t = useT();
  const columns: Column<Release>[] = [
    { header: t('admin.release.column.version'), render: (release) => release.version },
    { header: t('admin.release.column.published'), render: (release) => formatDateTime(release.createdAt) },
    { header: t('admin.release.column.by'), render: (release) => release.createdBy },
    {
      header: t('admin.release.column.origin'),
      render: (release) => <span style={{ overflowWrap: 'anywhere' }}>{originText(t, release.origin)}</span>,
    },
    { header: t('admin.release.column.hash'), render: (release) => <IntegrityHash integrity={release.integrity} /> },
    { header: t('admin.release.column.views'), render: viewsText, align: 'right' },
    { header: t('admin.release.column.networks'), render: networksText, align: 'right' },
    { header: t('admin.release.column.errorRate'), render: errorRateText, align: 'right' },
    canDeploy
      ? { header: t('admin.column.actions'), render: (release) => <ReleaseAction entry={entry} release={release} /> }
      : { header: t('admin.column.status'), render: (release) => <ReleaseStatus entry={entry} release={release} /> },
  ];
  return (
    <ListTable
      label={label}
      columns={columns}
      rows={entry.releases}
      rowKey={(release) => release._id}
      emptyText={t('admin.release.empty')}
    />
  );
}
