import Chip from '@mui/material/Chip';
import type { AreaReleases, Release } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { IntegrityHash, originText } from './release-cells';
import { SwitchReleaseButton } from './switch-release-button';

const LiveChip = () => <Chip size="small" color="success" label="Live" />;

/** What a release's row offers: it is live, or going to it rolls back (it is older) or forward. */
function ReleaseAction({ entry, release }: { entry: AreaReleases; release: Release }) {
  if (release._id === entry.live?._id) return <LiveChip />;
  const older = entry.live !== null && Date.parse(release.createdAt) < Date.parse(entry.live.createdAt);
  return (
    <SwitchReleaseButton area={entry.area} version={release.version}>
      {older ? 'Roll back' : 'Make live'}
    </SwitchReleaseButton>
  );
}

/**
 * An area's releases. An admin who may release the area switches from here (the Actions column);
 * anyone else reads which one is live (the Status column).
 */
export function ReleasesTable({ entry, label, canDeploy }: { entry: AreaReleases; label: string; canDeploy: boolean }) {
  const columns: Column<Release>[] = [
    { header: 'Version', render: (release) => release.version },
    { header: 'Published', render: (release) => formatDateTime(release.createdAt) },
    { header: 'By', render: (release) => release.createdBy },
    {
      header: 'Origin',
      render: (release) => <span style={{ overflowWrap: 'anywhere' }}>{originText(release.origin)}</span>,
    },
    { header: 'Hash', render: (release) => <IntegrityHash integrity={release.integrity} /> },
    canDeploy
      ? { header: 'Actions', render: (release) => <ReleaseAction entry={entry} release={release} /> }
      : { header: 'Status', render: (release) => release._id === entry.live?._id && <LiveChip /> },
  ];
  return (
    <ListTable
      label={label}
      columns={columns}
      rows={entry.releases}
      rowKey={(release) => release._id}
      emptyText="No releases yet."
    />
  );
}
