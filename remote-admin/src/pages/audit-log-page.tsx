import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../components/page-header';
import { auditLogPath, type AuditFilters } from '../features/audit/audit-api';
import { AuditFilterFields } from '../features/audit/audit-filters';
import { AuditTable } from '../features/audit/audit-table';
import { useT } from '../i18n';

export default function AuditLogPage() {
  const t = useT();
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <Stack spacing={3}>
      <PageHeader title={t('admin.audit.title')} wideFrom="md">
        <AuditFilterFields value={filters} onChange={setFilters} />
      </PageHeader>
      <AuditTable key={auditLogPath(filters)} filters={filters} />
    </Stack>
  );
}
