import Stack from '@mui/material/Stack';
import { AUDIT_ACTIONS, type AuditAction } from '@wallet/shared/contracts';
import { FilterSelect } from '../../components/filter-select';
import { useAdmins, type AuditFilters } from './audit-api';
import { AUDIT_ACTION_LABELS } from './audit-labels';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

export function AuditFilterFields({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const admins = useAdmins();
  const adminOptions = [
    { value: '', label: 'All admins' },
    ...(admins.data ?? []).map((admin) => ({ value: admin._id, label: `${admin.name} (${admin.email})` })),
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FilterSelect
        id="audit-action"
        label="Action"
        value={value.action ?? ''}
        onChange={(action) => onChange({ ...value, action: (action || undefined) as AuditAction | undefined })}
        options={ACTION_OPTIONS}
      />
      <FilterSelect
        id="audit-admin"
        label="Admin"
        value={value.adminId ?? ''}
        onChange={(adminId) => onChange({ ...value, adminId: adminId || undefined })}
        options={adminOptions}
        helperText={admins.error ? 'The admins could not be loaded.' : undefined}
      />
    </Stack>
  );
}
