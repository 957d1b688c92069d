import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { ApiError } from '@wallet/shared/api';
import type { AdminMerchantApplication, KycStatus, MerchantDecisionInput } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { ReasonDialog } from '@wallet/shared/ui/kit/reason-dialog';
import { useMerchantCategoryLabel } from '@wallet/shared/ui/wallet/merchant-categories';
import { ActionButton } from '../../components/action-button';
import { ReasonText } from '../../components/reason-text';
import { useT, type AdminMessage, type AdminT } from '../../i18n';
import { KYC_DECISION_LABELS } from '../verification/labels';
import { useMerchantApplications, useMerchantDecision } from './merchant-applications-api';

const EMPTY: Record<KycStatus, AdminMessage> = {
  pending: 'admin.merchants.empty.pending',
  approved: 'admin.merchants.empty.approved',
  rejected: 'admin.merchants.empty.rejected',
};
const TITLES: Record<MerchantDecisionInput['decision'], AdminMessage> = {
  approve: 'admin.merchants.title.approve',
  reject: 'admin.merchants.title.reject',
};

/** "Approve" or "Reject": a dialog asks why, and sends the decision. */
function DecisionButton({
  application,
  decision,
}: {
  application: AdminMerchantApplication;
  decision: MerchantDecisionInput['decision'];
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { trigger, isMutating } = useMerchantDecision(application._id);
  return (
    <>
      <ActionButton pending={false} color={decision === 'approve' ? 'success' : 'error'} onClick={() => setOpen(true)}>
        {t(KYC_DECISION_LABELS[decision])}
      </ActionButton>
      {open && (
        <ReasonDialog
          title={t(TITLES[decision], { name: application.businessName })}
          description={t('admin.merchants.description', {
            name: application.person.name,
            email: application.person.email,
            when: formatDateTime(application.requestedAt),
          })}
          submitLabel={t('admin.confirm')}
          send={(reason) => trigger({ decision, reason })}
          pending={isMutating}
          failure={t('admin.decisionFailed')}
          // Decided by another member meanwhile, or gone: nothing left to decide.
          isFinal={(error) => error instanceof ApiError && (error.status === 409 || error.status === 404)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function useColumns(status: KycStatus): Column<AdminMerchantApplication>[] {
  const t = useT();
  const category = useMerchantCategoryLabel();
  const shop = (tt: AdminT): Column<AdminMerchantApplication>[] => [
    { header: tt('admin.merchants.column.business'), render: (row) => `${row.businessName} · ${row.businessNameBn}` },
    { header: tt('admin.merchants.column.category'), render: (row) => category(row.category) },
    { header: tt('admin.merchants.column.city'), render: (row) => `${row.city} · ${row.cityBn}` },
    { header: tt('admin.merchants.column.applicant'), render: (row) => `${row.person.name} (${row.person.email})` },
    { header: tt('admin.kyc.column.requested'), render: (row) => formatDateTime(row.requestedAt) },
  ];
  if (status === 'pending')
    return [
      ...shop(t),
      {
        header: t('admin.column.actions'),
        render: (row) => (
          <Stack direction="row" spacing={1}>
            <DecisionButton application={row} decision="approve" />
            <DecisionButton application={row} decision="reject" />
          </Stack>
        ),
      },
    ];
  return [
    ...shop(t),
    { header: t('admin.column.decided'), render: (row) => (row.decidedAt ? formatDateTime(row.decidedAt) : '') },
    { header: t('admin.column.reason'), render: (row) => <ReasonText reason={row.reason} /> },
  ];
}

/** The applications in one status, paged: mounted again (by `key`) for another status. */
export function MerchantApplicationsTable({ status }: { status: KycStatus }) {
  const t = useT();
  const paged = useMerchantApplications(status);
  return (
    <PagedTable
      label={t('admin.merchants.label')}
      columns={useColumns(status)}
      paged={paged}
      rowKey={(row) => row._id}
      emptyText={t(EMPTY[status])}
    />
  );
}
