import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaReleases } from '@wallet/shared/contracts/releases';
import { formatDateTime } from '@wallet/shared/dates';
import { useT } from '../../i18n';
import { areaTitle } from './area-title';
import { ReleaseSwitches } from './release-switches';
import { ReleasesTable } from './releases-table';
import { RolloutSummary } from './rollout-summary';

function LiveSince({ entry }: { entry: AreaReleases }) {
  const t = useT();
  if (!entry.live) return <>{t('admin.release.noLive')}</>;
  const values = { when: entry.liveSince ? formatDateTime(entry.liveSince) : '', by: entry.liveBy ?? '' };
  if (entry.liveSince && entry.liveBy) return <>{t('admin.release.liveSinceBy', values)}</>;
  if (entry.liveSince) return <>{t('admin.release.liveSince', values)}</>;
  if (entry.liveBy) return <>{t('admin.release.liveBy', values)}</>;
  return <>{t('admin.release.live')}</>;
}

/**
 * One area: what is live and what is rolling out beside it, its releases with their views and error
 * rates (to switch to or roll out, for an admin who may), and its last switches.
 */
export function AreaReleasesCard({ entry, canDeploy }: { entry: AreaReleases; canDeploy: boolean }) {
  const t = useT();
  const headingId = useId();
  const title = areaTitle(t, entry.area);
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
                {t('admin.release.liveRelease', { version: entry.live.version })}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              <LiveSince entry={entry} />
            </Typography>
            {entry.candidate && <RolloutSummary entry={entry} candidate={entry.candidate} canDeploy={canDeploy} />}
          </div>
          <ReleasesTable entry={entry} label={t('admin.release.tableLabel', { title })} canDeploy={canDeploy} />
          <div>
            <Typography component="h3" variant="subtitle2" gutterBottom>
              {t('admin.release.lastSwitches')}
            </Typography>
            <ReleaseSwitches switches={entry.switches} label={t('admin.release.switchesLabel', { title })} />
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
