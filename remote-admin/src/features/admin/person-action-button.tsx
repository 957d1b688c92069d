import type { ReactNode } from 'react';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { useT, type AdminMessage } from '../../i18n';
import { useAdminAction, type AdminAction } from './admin-api';

interface PersonActionButtonProps {
  action: Extract<AdminAction, 'approve' | 'suspend' | 'reactivate'>;
  userId: string;
  children: ReactNode;
  color?: 'primary' | 'error' | 'success';
}

/** Spec §8's admin toasts, to the letter. */
const PERSON_TOASTS: Record<PersonActionButtonProps['action'], Record<'success' | 'failure', AdminMessage>> = {
  approve: { success: 'admin.toast.approve.success', failure: 'admin.toast.approve.failure' },
  suspend: { success: 'admin.toast.suspend.success', failure: 'admin.toast.suspend.failure' },
  reactivate: { success: 'admin.toast.reactivate.success', failure: 'admin.toast.reactivate.failure' },
};

export function PersonActionButton({ action, userId, children, color = 'primary' }: PersonActionButtonProps) {
  const t = useT();
  const { trigger, isMutating } = useAdminAction(action);
  const onClick = async () => {
    try {
      await trigger(userId);
    } catch {
      showToast(t(PERSON_TOASTS[action].failure), { variant: 'error' });
      return;
    }
    showToast(t(PERSON_TOASTS[action].success), { variant: 'success' });
  };
  return (
    <ActionButton pending={isMutating} color={color} onClick={onClick}>
      {children}
    </ActionButton>
  );
}
