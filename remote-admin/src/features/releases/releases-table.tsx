import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AreaReleases, Release } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { SwitchReleaseButton } from './switch-release-button';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';

const HEADERS = ['Version', 'Published', 'By', 'Actions'];

/** What a release's row offers: it is live, or going to it rolls back (it is older) or forward. */
function ReleaseAction({ entry, release }: { entry: AreaReleases; release: Release }) {
  if (release._id === entry.live?._id) return <Chip size="small" color="success" label="Live" />;
  const older = entry.live !== null && Date.parse(release.createdAt) < Date.parse(entry.live.createdAt);
  return (
    <SwitchReleaseButton area={entry.area} version={release.version}>
      {older ? 'Roll back' : 'Make live'}
    </SwitchReleaseButton>
  );
}

export function ReleasesTable({ entry, label }: { entry: AreaReleases; label: string }) {
  return (
    <TableRegion name={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {HEADERS.map((header) => (
              <TableCell key={header} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entry.releases.length === 0 ? (
            <TableRow>
              <TableCell colSpan={HEADERS.length} align="center" sx={{ py: 4 }}>
                No releases yet.
              </TableCell>
            </TableRow>
          ) : (
            entry.releases.map((release) => (
              <TableRow key={release._id}>
                <TableCell>{release.version}</TableCell>
                <TableCell>{formatDateTime(release.createdAt)}</TableCell>
                <TableCell>{release.createdBy}</TableCell>
                <TableCell>
                  <ReleaseAction entry={entry} release={release} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
