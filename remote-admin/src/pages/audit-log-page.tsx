import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../components/page-header';
import { auditLogPath, type AuditFilters } from '../features/audit/audit-api';
import { AuditFilterFields } from '../features/audit/audit-filters';
import { AuditTable } from '../features/audit/audit-table';

export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <Stack spacing={3}>
      <PageHeader title="Audit Log" wideFrom="md">
        <AuditFilterFields value={filters} onChange={setFilters} />
      </PageHeader>
      <AuditTable key={auditLogPath(filters)} filters={filters} />
    </Stack>
  );
}
