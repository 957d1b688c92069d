import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPROVAL_STATUSES, type ApprovalStatus } from '@wallet/shared/contracts';
import { Section } from '../components/section';
import { StatusFilter } from '../components/status-filter';
import { APPROVAL_STATUS_LABELS, ApprovalsTable } from '../features/approvals/approvals-table';
import { useT } from '../i18n';

/** What waits for a second staff member (SECOND_APPROVAL=required), and what was decided. */
export default function ApprovalsPage() {
  const t = useT();
  const [status, setStatus] = useState<ApprovalStatus>('pending');
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('admin.approvals.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.approvals.intro')}
        </Typography>
      </Stack>
      <Section
        title={t('admin.approvals.label')}
        controls={
          <StatusFilter
            id="approval-status"
            statuses={APPROVAL_STATUSES}
            labels={APPROVAL_STATUS_LABELS}
            value={status}
            onChange={setStatus}
          />
        }
      >
        <ApprovalsTable key={status} status={status} />
      </Section>
    </Stack>
  );
}
