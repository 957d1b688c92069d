import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { formatDateTime } from '@wallet/shared/dates';
import { Section } from '../components/section';
import { HolderLimitsTable } from '../features/limits/holder-limits-table';
import { useLimits } from '../features/limits/limits-api';
import { useT } from '../i18n';
import { HOLDER_LABELS } from '../labels/limits';

export default function LimitsPage() {
  const t = useT();
  const { data, error, isLoading } = useLimits();
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('admin.limits.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.limits.intro')}
        </Typography>
      </Stack>
      {isLoading && <Typography>{t('admin.loading')}</Typography>}
      {error && <Alert severity="error">{errorMessage(error, t('admin.limits.loadFailed'))}</Alert>}
      {/* A refresh that fails keeps the last figures on screen, under its error. */}
      {data?.map((entry) => (
        <Section
          key={entry.holder}
          title={t(HOLDER_LABELS[entry.holder])}
          controls={
            <Typography variant="body2" color="text.secondary">
              {t('admin.limits.updated', { when: formatDateTime(entry.updatedAt) })}
            </Typography>
          }
        >
          <HolderLimitsTable entry={entry} />
        </Section>
      ))}
    </Stack>
  );
}
