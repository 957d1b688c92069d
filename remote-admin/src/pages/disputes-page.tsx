import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DISPUTE_STATUSES, DISPUTE_TARGET_HOURS, type DisputeStatus } from '@wallet/shared/contracts';
import { Section } from '../components/section';
import { StatusFilter } from '../components/status-filter';
import { DISPUTE_STATUS_LABELS } from '../features/disputes/labels';
import { DisputesTable } from '../features/disputes/disputes-table';

/** /admin/disputes: senders' reports of transfers, the longest waiting first, and what was decided. */
export default function DisputesPage() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          Disputes
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`Senders report a transfer within 7 days of it. Decide each report within ${DISPUTE_TARGET_HOURS} hours: ` +
            'reverse the transfer, or reject the report. Your reason is shown to the sender.'}
        </Typography>
      </Stack>
      <Section
        title="Reports"
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
