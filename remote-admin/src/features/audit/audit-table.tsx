import Typography from '@mui/material/Typography';
import type { AuditRow } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ReasonText } from '../../components/reason-text';
import { useAuditLog, type AuditFilters, type Person } from './audit-api';
import { AUDIT_ACTION_LABELS, SYSTEM_ACTOR } from './audit-labels';
import { feeChangeLines, feeChangeTarget } from './fee-change';
import { limitChangeLines, limitChangeTarget } from './limit-change';

function PersonCell({ person }: { person: Person }) {
  return (
    <>
      <Typography variant="body2">{person.name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {person.email}
      </Typography>
    </>
  );
}

/** Who acted: an admin, or (null) the system itself, e.g. a PIN locked by the third wrong try. */
function ActorCell({ admin }: { admin: AuditRow['admin'] }) {
  return admin ? <PersonCell person={admin} /> : <Typography variant="body2">{SYSTEM_ACTOR}</Typography>;
}

/** What changed and in which row, as the log words it: a row of limits or of the fee schedule. */
function changeWords(change: NonNullable<AuditRow['change']>) {
  return 'type' in change
    ? { target: feeChangeTarget(change), lines: feeChangeLines(change) }
    : { target: limitChangeTarget(change), lines: limitChangeLines(change) };
}

/** A person acted on, or (limit_change, fee_change) the row of limits or fees and what changed in it. */
function TargetCell({ row }: { row: AuditRow }) {
  if (row.change) {
    const { target, lines } = changeWords(row.change);
    return (
      <>
        <Typography variant="body2">{target}</Typography>
        {(lines.length > 0 ? lines : ['No figure changed']).map((line) => (
          <Typography key={line} variant="body2" sx={{ color: 'text.secondary' }}>
            {line}
          </Typography>
        ))}
      </>
    );
  }
  return row.target ? <PersonCell person={row.target} /> : null;
}

const columns: Column<AuditRow>[] = [
  { header: 'When', render: (row) => formatDateTime(row.createdAt) },
  { header: 'Admin', render: (row) => <ActorCell admin={row.admin} /> },
  { header: 'Action', render: (row) => AUDIT_ACTION_LABELS[row.action] },
  { header: 'Target', render: (row) => <TargetCell row={row} /> },
  { header: 'Reason', render: (row) => <ReasonText reason={row.reason} /> },
];

/** One filtered log, paged: mounted again (by `key`) for other filters, so they start at page 1. */
export function AuditTable({ filters }: { filters: AuditFilters }) {
  const paged = useAuditLog(filters);
  return (
    <PagedTable
      label="Audit log"
      columns={columns}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText="No admin actions found."
    />
  );
}
