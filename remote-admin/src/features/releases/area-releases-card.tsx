import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaReleases } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { areaTitle } from './area-title';
import { ReleaseSwitches } from './release-switches';
import { ReleasesTable } from './releases-table';
import { RolloutSummary } from './rollout-summary';

function LiveSince({ entry }: { entry: AreaReleases }) {
  if (!entry.live) return <>No live release</>;
  const since = entry.liveSince ? ` since ${formatDateTime(entry.liveSince)}` : '';
  const by = entry.liveBy ? ` by ${entry.liveBy}` : '';
  return <>{`Live${since}${by}`}</>;
}

/**
 * One area: what is live and what is rolling out beside it, its releases with their views and error
 * rates (to switch to or roll out, for an admin who may), and its last switches.
 */
export function AreaReleasesCard({ entry, canDeploy }: { entry: AreaReleases; canDeploy: boolean }) {
  const headingId = useId();
  const title = areaTitle(entry.area);
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography id={headingId} component="h2" variant="h6">
              {title}
            </Typography>
            {entry.live && (
              <Typography variant="subtitle1" component="p">
                Live release: {entry.live.version}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              <LiveSince entry={entry} />
            </Typography>
            {entry.candidate && <RolloutSummary entry={entry} candidate={entry.candidate} canDeploy={canDeploy} />}
          </div>
          <ReleasesTable entry={entry} label={`${title} releases`} canDeploy={canDeploy} />
          <div>
            <Typography component="h3" variant="subtitle2" gutterBottom>
              Last switches
            </Typography>
            <ReleaseSwitches switches={entry.switches} label={`${title} switches`} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
