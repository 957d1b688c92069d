import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KYC_STATUSES, type KycStatus } from '@wallet/shared/contracts';
import { Section } from '../components/section';
import { StatusFilter } from '../components/status-filter';
import { KYC_STATUS_LABELS } from '../features/verification/labels';
import { KycTable } from '../features/verification/kyc-table';
import { UnverifiedTable } from '../features/verification/unverified-table';
import { MerchantApplicationsTable } from '../features/merchants/merchant-applications-table';
import { useT } from '../i18n';

export default function VerificationPage() {
  const t = useT();
  const [status, setStatus] = useState<KycStatus>('pending');
  const [merchantStatus, setMerchantStatus] = useState<KycStatus>('pending');
  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1">
        {t('admin.verification.title')}
      </Typography>
      <Section
        title={t('admin.kyc.label')}
        controls={
          <StatusFilter
            id="kyc-status"
            statuses={KYC_STATUSES}
            labels={KYC_STATUS_LABELS}
            value={status}
            onChange={setStatus}
          />
        }
      >
        <KycTable key={status} status={status} />
      </Section>
      <Section
        title={t('admin.merchants.label')}
        controls={
          <StatusFilter
            id="merchant-status"
            label={t('admin.merchants.status')}
            statuses={KYC_STATUSES}
            labels={KYC_STATUS_LABELS}
            value={merchantStatus}
            onChange={setMerchantStatus}
          />
        }
      >
        <MerchantApplicationsTable key={merchantStatus} status={merchantStatus} />
      </Section>
      <Section title={t('admin.unverified.label')}>
        <UnverifiedTable />
      </Section>
    </Stack>
  );
}
