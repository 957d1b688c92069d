import { showToast } from '@wallet/shared/toasts';
import { ApiError } from '@wallet/shared/api';
import type { AdminUserRow } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { useAdminAction, useWalletOfUser } from './admin-api';
import { shownFor } from '../staff/staff-access';

/**
 * "Block Wallet" or "Unblock Wallet" by the wallet's isBlocked. The list row carries the wallet;
 * a row without one falls back to GET /wallet/user/{id}, whose answer may not be there yet.
 */
function WalletButtonShown({ row }: { row: AdminUserRow }) {
  const t = useT();
  const lookup = useWalletOfUser(row.wallet ? null : row._id);
  const wallet = row.wallet ?? lookup.data;
  const block = useAdminAction('block');
  const unblock = useAdminAction('unblock');
  const pending = block.isMutating || unblock.isMutating;

  const onClick = async () => {
    if (!wallet) {
      const missing = lookup.error instanceof ApiError && lookup.error.status === 404;
      showToast(t(missing ? 'admin.wallet.notFound' : 'admin.wallet.notLoaded'), { variant: 'error' });
      return;
    }
    const action = wallet.isBlocked ? unblock : block;
    try {
      await action.trigger(wallet._id);
    } catch {
      showToast(t('admin.wallet.failed'), { variant: 'error' });
      return;
    }
    showToast(t(wallet.isBlocked ? 'admin.wallet.unblocked' : 'admin.wallet.blocked'), { variant: 'success' });
  };

  return (
    <ActionButton
      pending={pending}
      aria-busy={!wallet && lookup.isLoading}
      color={wallet?.isBlocked ? 'success' : 'error'}
      onClick={onClick}
    >
      {wallet?.isBlocked ? t('admin.wallet.unblock') : t('admin.wallet.block')}
    </ActionButton>
  );
}

/** Only for a member whose roles may (PATCH /api/v1/admin/block/:walletId). */
export const WalletButton = shownFor('PATCH /api/v1/admin/block/:walletId', WalletButtonShown);
