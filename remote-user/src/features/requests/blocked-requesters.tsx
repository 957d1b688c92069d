import Typography from '@mui/material/Typography';
import type { RequestBlock } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { ListTable, type Column } from '@wallet/shared/ui/kit/list-table';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { RowAction } from '@wallet/shared/ui/wallet/settings-section';
import { useT } from '../../i18n';
import { useRequestBlocks, useUnblock } from './use-requests';

function UnblockButton({ block }: { block: RequestBlock }) {
  const t = useT();
  const { trigger, isMutating } = useUnblock();
  return (
    <RowAction
      label={isMutating ? t('user.requests.processing') : t('user.requests.unblock')}
      ariaLabel={t('user.requests.unblockFor', { name: block.name })}
      pending={isMutating}
      run={() => trigger(block._id)}
      done={t('user.requests.unblocked', { name: block.name })}
      failed={t('user.requests.unblockFailed')}
    />
  );
}

/** Whom the person blocked when declining: their requests reach no one until unblocked here. */
export function BlockedRequesters() {
  const t = useT();
  const list = useRequestBlocks();
  const columns: Column<RequestBlock>[] = [
    { header: t('user.requests.blockedName'), render: (block) => block.name },
    { header: t('user.requests.blockedSince'), render: (block) => formatDateTime(block.blockedAt) },
    { header: t('user.requests.actions'), render: (block) => <UnblockButton block={block} /> },
  ];
  return (
    <TitledSection title={t('user.requests.blocked')} sx={{ mt: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {t('user.requests.blockedIntro')}
      </Typography>
      <ListTable
        label={t('user.requests.blocked')}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(block) => block._id}
        rowHeader
        isLoading={list.isLoading}
        error={list.data ? undefined : list.error}
        errorText={t('user.requests.blockedFailed')}
        emptyText={t('user.requests.blockedEmpty')}
      />
    </TitledSection>
  );
}
