import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReleaseSwitch } from '@wallet/shared/contracts/releases';
import { formatDateTime } from '@wallet/shared/dates';
import { useT } from '../../i18n';
import { switchKindText, switchedByText } from './rollout-text';

/** The API sends a longer history; the last few are what an admin reads before switching again. */
const SHOWN = 5;

export function ReleaseSwitches({ switches, label }: { switches: ReleaseSwitch[]; label: string }) {
  const t = useT();
  if (switches.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.release.noSwitches')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={label}>
      {switches.slice(0, SHOWN).map((entry) => (
        <ListItem key={entry._id} disableGutters>
          <Typography variant="body2">
            {t('admin.release.switchLine', {
              kind: switchKindText(t, entry),
              from: entry.from ?? t('admin.none'),
              to: entry.to,
              by: switchedByText(t, entry),
              when: formatDateTime(entry.switchedAt),
            })}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
