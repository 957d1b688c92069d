import type { RequestBlock } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import type { Column } from '@wallet/shared/ui/kit/list-table';
import { RowAction, SettingsList } from '@wallet/shared/ui/wallet/settings-section';
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
    <SettingsList
      title={t('user.requests.blocked')}
      intro={t('user.requests.blockedIntro')}
      columns={columns}
      list={list}
      errorText={t('user.requests.blockedFailed')}
      emptyText={t('user.requests.blockedEmpty')}
    />
  );
}
