import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DISPUTE_STATUSES, DISPUTE_TARGET_HOURS, type DisputeStatus } from '@wallet/shared/contracts';
import { Section } from '../components/section';
import { StatusFilter } from '../components/status-filter';
import { DISPUTE_STATUS_LABELS } from '../features/disputes/labels';
import { DisputesTable } from '../features/disputes/disputes-table';
import { formatCount } from '../format';
import { useT } from '../i18n';

/** /admin/disputes: senders' reports of transfers, the longest waiting first, and what was decided. */
export default function DisputesPage() {
  const t = useT();
  const [status, setStatus] = useState<DisputeStatus>('open');
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('admin.disputes.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.disputes.intro', { hours: formatCount(DISPUTE_TARGET_HOURS) })}
        </Typography>
      </Stack>
      <Section
        title={t('admin.disputes.reports')}
        controls={
          <StatusFilter
            id="dispute-status"
            statuses={DISPUTE_STATUSES}
            labels={DISPUTE_STATUS_LABELS}
            value={status}
            onChange={setStatus}
          />
        }
      >
        <DisputesTable key={status} status={status} />
      </Section>
    </Stack>
  );
}
