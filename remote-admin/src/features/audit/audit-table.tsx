import Typography from '@mui/material/Typography';
import type { AuditRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { PersonCell } from '../../components/person-cell';
import { ReasonText } from '../../components/reason-text';
import { useT, type AdminT } from '../../i18n';
import { useAuditLog, type AuditFilters } from './audit-api';
import { AUDIT_ACTION_LABELS, SYSTEM_ACTOR } from './audit-labels';
import { changeWords } from './change-words';

/** Who acted: an admin, or (null) the system itself, e.g. a PIN locked by the third wrong try. */
function ActorCell({ admin }: { admin: AuditRow['admin'] }) {
  const t = useT();
  return admin ? <PersonCell person={admin} /> : <Typography variant="body2">{t(SYSTEM_ACTOR)}</Typography>;
}

/** A person acted on, or (limit_change, fee_change) the row of limits or fees and what changed in it. */
function TargetCell({ row }: { row: AuditRow }) {
  const t = useT();
  if (row.change) {
    const { target, lines } = changeWords(t, row.change);
    return (
      <>
        <Typography variant="body2">{target}</Typography>
        {(lines.length > 0 ? lines : [t('admin.audit.noFigureChanged')]).map((line) => (
          <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
            {line}
          </Typography>
        ))}
      </>
    );
  }
  return row.target ? <PersonCell person={row.target} /> : null;
}

const columns = (t: AdminT): Column<AuditRow>[] => [
  { header: t('admin.audit.column.when'), render: (row) => formatDateTime(row.createdAt) },
  { header: t('admin.audit.column.admin'), render: (row) => <ActorCell admin={row.admin} /> },
  { header: t('admin.audit.column.action'), render: (row) => t(AUDIT_ACTION_LABELS[row.action]) },
  { header: t('admin.audit.column.target'), render: (row) => <TargetCell row={row} /> },
  { header: t('admin.column.reason'), render: (row) => <ReasonText reason={row.reason} /> },
];

/** One filtered log, paged: mounted again (by `key`) for other filters, so they start at page 1. */
export function AuditTable({ filters }: { filters: AuditFilters }) {
  const t = useT();
  const paged = useAuditLog(filters);
  return (
    <PagedTable
      label={t('admin.audit.label')}
      columns={columns(t)}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={t('admin.audit.empty')}
    />
  );
}
