import Stack from '@mui/material/Stack';
import { AUDIT_ACTIONS, type AuditAction } from '@wallet/shared/contracts';
import { FilterSelect } from '../../components/filter-select';
import { useT } from '../../i18n';
import { useAdmins, type AuditFilters } from './audit-api';
import { AUDIT_ACTION_LABELS } from './audit-labels';

export function AuditFilterFields({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const t = useT();
  const admins = useAdmins();
  const actionOptions = [
    { value: '', label: t('admin.audit.allActions') },
    ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(AUDIT_ACTION_LABELS[action]) })),
  ];
  const adminOptions = [
    { value: '', label: t('admin.audit.allAdmins') },
    ...(admins.data ?? []).map((admin) => ({ value: admin._id, label: `${admin.name} (${admin.email})` })),
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FilterSelect
        id="audit-action"
        label={t('admin.audit.column.action')}
        value={value.action ?? ''}
        onChange={(action) => onChange({ ...value, action: (action || undefined) as AuditAction | undefined })}
        options={actionOptions}
      />
      <FilterSelect
        id="audit-admin"
        label={t('admin.audit.column.admin')}
        value={value.adminId ?? ''}
        onChange={(adminId) => onChange({ ...value, adminId: adminId || undefined })}
        options={adminOptions}
        helperText={admins.error ? t('admin.audit.adminsFailed') : undefined}
      />
    </Stack>
  );
}
