import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DISPUTE_TARGET_HOURS, type DisputeRow, type DisputeStatus } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ReasonText } from '../../components/reason-text';
import { formatCount, partyName } from '../../format';
import { useT, type AdminT } from '../../i18n';
import { useDisputes } from './disputes-api';
import { DisputeDecisionButton } from './dispute-decision-button';
import { DISPUTE_EMPTY_TEXTS } from './labels';
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
  const t = useT();
  const { text, overdue } = waitingTime(t, reportedAt, now);
  const hours = formatCount(DISPUTE_TARGET_HOURS);
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: overdue ? 700 : undefined }}>
        {text}
      </Typography>
      <Typography variant="caption" sx={{ color: overdue ? 'error.main' : 'text.secondary', whiteSpace: 'nowrap' }}>
        {overdue ? t('admin.dispute.overdue', { hours }) : t('admin.dispute.target', { hours })}
      </Typography>
    </>
  );
}

function TransferCell({ row }: { row: DisputeRow }) {
  const t = useT();
  const { transaction } = row;
  return (
    <>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {t('admin.amount.taka', { amount: formatTaka(transaction.balance) })}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {t('admin.dispute.transfer', {
          sender: partyName(t, transaction.sender),
          receiver: partyName(t, transaction.receiver),
          when: formatDateTime(transaction.createdAt),
        })}
      </Typography>
    </>
  );
}

const reportColumns = (t: AdminT): Column<DisputeRow>[] => [
  { header: t('admin.dispute.column.reported'), render: (row) => formatDateTime(row.reportedAt) },
  { header: t('admin.dispute.column.transfer'), render: (row) => <TransferCell row={row} /> },
  { header: t('admin.dispute.column.reason'), render: (row) => <ReasonText reason={row.reason} /> },
];

function openColumns(t: AdminT, now: number): Column<DisputeRow>[] {
  return [
    ...reportColumns(t),
    {
      header: t('admin.dispute.column.waiting'),
      render: (row) => <WaitingCell reportedAt={row.reportedAt} now={now} />,
    },
    {
      header: t('admin.column.actions'),
      render: (row) => (
        <Stack direction="row" spacing={1}>
          <DisputeDecisionButton dispute={row} decision="reverse" />
          <DisputeDecisionButton dispute={row} decision="reject" />
        </Stack>
      ),
    },
  ];
}

const decidedColumns = (t: AdminT): Column<DisputeRow>[] => [
  ...reportColumns(t),
  { header: t('admin.column.decided'), render: (row) => (row.decidedAt ? formatDateTime(row.decidedAt) : '') },
  { header: t('admin.dispute.column.decision'), render: (row) => <ReasonText reason={row.decision} /> },
];

/** The reports in one status, paged: mounted again (by `key`) for another status, so it starts at page 1. */
export function DisputesTable({ status }: { status: DisputeStatus }) {
  const t = useT();
  const paged = useDisputes(status);
  const now = useNow();
  return (
    <PagedTable
      label={t('admin.disputes.reports')}
      columns={status === 'open' ? openColumns(t, now) : decidedColumns(t)}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={t(DISPUTE_EMPTY_TEXTS[status])}
    />
  );
}
