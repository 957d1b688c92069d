import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DISPUTE_TARGET_HOURS, type DisputeRow, type DisputeStatus } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { partyName } from '@wallet/shared/ui/wallet/transaction-cells';
import { ReasonText } from '../../components/reason-text';
import { useDisputes } from './disputes-api';
import { DisputeDecisionButton } from './dispute-decision-button';
import { DISPUTE_STATUS_LABELS } from './labels';
import { waitingTime } from './waiting-time';

/** The time now, again every minute: the waits in the queue grow while the page is open. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function WaitingCell({ reportedAt, now }: { reportedAt: string; now: number }) {
  const { text, overdue } = waitingTime(reportedAt, now);
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: overdue ? 700 : undefined }}>
        {text}
      </Typography>
      <Typography variant="caption" sx={{ color: overdue ? 'error.main' : 'text.secondary', whiteSpace: 'nowrap' }}>
        {overdue ? `Overdue: target ${DISPUTE_TARGET_HOURS} h` : `Target ${DISPUTE_TARGET_HOURS} h`}
      </Typography>
    </>
  );
}

function TransferCell({ row }: { row: DisputeRow }) {
  const { transaction } = row;
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {`${formatTaka(transaction.balance)} Taka`}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {`${partyName(transaction.sender)} to ${partyName(transaction.receiver)}, ${formatDateTime(transaction.createdAt)}`}
      </Typography>
    </>
  );
}

const reportColumns: Column<DisputeRow>[] = [
  { header: 'Reported', render: (row) => formatDateTime(row.reportedAt) },
  { header: 'Transfer', render: (row) => <TransferCell row={row} /> },
  { header: "Sender's reason", render: (row) => <ReasonText reason={row.reason} /> },
];

function openColumns(now: number): Column<DisputeRow>[] {
  return [
    ...reportColumns,
    { header: 'Waiting', render: (row) => <WaitingCell reportedAt={row.reportedAt} now={now} /> },
    {
      header: 'Actions',
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <DisputeDecisionButton dispute={row} decision="reverse" />
          <DisputeDecisionButton dispute={row} decision="reject" />
        </Stack>
      ),
    },
  ];
}

const decidedColumns: Column<DisputeRow>[] = [
  ...reportColumns,
  { header: 'Decided', render: (row) => (row.decidedAt ? formatDateTime(row.decidedAt) : '') },
  { header: 'Decision', render: (row) => <ReasonText reason={row.decision} /> },
];

/** The reports in one status, paged: mounted again (by `key`) for another status, so it starts at page 1. */
export function DisputesTable({ status }: { status: DisputeStatus }) {
  const paged = useDisputes(status);
  const now = useNow();
  return (
    <PagedTable
      label="Reports"
      columns={status === 'open' ? openColumns(now) : decidedColumns}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={`No ${DISPUTE_STATUS_LABELS[status].toLowerCase()} reports.`}
    />
  );
}
