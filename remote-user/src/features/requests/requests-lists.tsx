import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@wallet/shared/router';
import type { MoneyRequest } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useT, type UserMessage } from '../../i18n';
import { CancelDialog, DeclineDialog } from './request-dialogs';
import { RequestStatusChip } from './request-status';
import { payRequestPage, useRequests, type RequestDirection } from './use-requests';

const TABS: Record<RequestDirection, { label: UserMessage; empty: UserMessage; who: UserMessage }> = {
  incoming: { label: 'user.requests.incoming', empty: 'user.requests.incomingEmpty', who: 'user.requests.from' },
  outgoing: { label: 'user.requests.outgoing', empty: 'user.requests.outgoingEmpty', who: 'user.requests.to' },
};

/** The other side: who asked (incoming), or who was asked, as they were asked (outgoing). */
const otherSide = (direction: RequestDirection, request: MoneyRequest) =>
  direction === 'incoming' ? request.requester.name : request.payer.name;

/** When it was asked, and until when an open one can be paid. */
function When({ request }: { request: MoneyRequest }) {
  const t = useT();
  return (
    <>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {formatDateTime(request.createdAt)}
      </Box>
      {request.status === 'open' && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('user.requests.openUntil', { date: formatDateTime(request.expiresAt) })}
        </Typography>
      )}
    </>
  );
}

/** One direction's requests, newest first, 5 a page, with what the person may do with an open one. */
function RequestsTable({ direction }: { direction: RequestDirection }) {
  const t = useT();
  const paged = useRequests(direction);
  const [declining, setDeclining] = useState<MoneyRequest | null>(null);
  const [cancelling, setCancelling] = useState<MoneyRequest | null>(null);
  const tab = TABS[direction];

  function actions(request: MoneyRequest) {
    if (request.status !== 'open') return null;
    const named = { name: otherSide(direction, request), amount: formatTaka(request.amount) };
    if (direction === 'outgoing')
      return (
        <Button
          size="small"
          color="error"
          aria-label={t('user.requests.cancelFor', named)}
          onClick={() => setCancelling(request)}
        >
          {t('user.requests.cancel')}
        </Button>
      );
    return (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          component={RouterLink}
          to={payRequestPage(request._id)}
          aria-label={t('user.requests.payFor', named)}
        >
          {t('user.requests.pay')}
        </Button>
        <Button
          size="small"
          color="error"
          aria-label={t('user.requests.declineFor', named)}
          onClick={() => setDeclining(request)}
        >
          {t('user.requests.decline')}
        </Button>
      </Stack>
    );
  }

  const columns: Column<MoneyRequest>[] = [
    { header: t(tab.who), render: (request) => otherSide(direction, request) },
    { header: t('user.requests.amount'), align: 'right', render: (request) => formatTaka(request.amount) },
    {
      header: t('user.requests.note'),
      // Wide enough to read on a phone (the table scrolls), never one letter a line.
      render: (request) => <Box sx={{ minWidth: 140, maxWidth: 240, overflowWrap: 'break-word' }}>{request.note}</Box>,
    },
    { header: t('user.requests.status'), render: (request) => <RequestStatusChip status={request.status} /> },
    { header: t('user.requests.time'), render: (request) => <When request={request} /> },
    { header: t('user.requests.actions'), render: actions },
  ];
  return (
    <>
      <PagedTable
        label={t(tab.label)}
        columns={columns}
        paged={paged}
        rowKey={(request) => request._id}
        emptyText={t(tab.empty)}
      />
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
      {cancelling && <CancelDialog request={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

/** Requests asked of the person and those they sent, a tab each, those asked of them first. */
export function RequestsLists() {
  const t = useT();
  const [direction, setDirection] = useState<RequestDirection>('incoming');
  return (
    <TitledSection title={t('user.requests.lists')}>
      <Tabs
        value={direction}
        onChange={(_event, chosen: RequestDirection) => setDirection(chosen)}
        aria-label={t('user.requests.lists')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {(Object.keys(TABS) as RequestDirection[]).map((each) => (
          <Tab
            key={each}
            value={each}
            label={t(TABS[each].label)}
            id={`requests-tab-${each}`}
            aria-controls={`requests-panel-${each}`}
          />
        ))}
      </Tabs>
      {(Object.keys(TABS) as RequestDirection[]).map((each) => (
        <Box
          key={each}
          role="tabpanel"
          id={`requests-panel-${each}`}
          aria-labelledby={`requests-tab-${each}`}
          hidden={each !== direction}
        >
          {/* Shown again, a tab starts from its first page, asked afresh. */}
          {each === direction && <RequestsTable direction={each} />}
        </Box>
      ))}
    </TitledSection>
  );
}
