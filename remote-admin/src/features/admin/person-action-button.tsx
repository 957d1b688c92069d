import type { ReactNode } from 'react';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { useAdminAction, type AdminAction } from './admin-api';

interface PersonActionButtonProps {
  action: Extract<AdminAction, 'approve' | 'suspend' | 'reactivate'>;
  userId: string;
  children: ReactNode;
  color?: 'primary' | 'error' | 'success';
}

/** Spec §8's admin toasts, to the letter. */
const PERSON_TOASTS = {
  approve: { success: 'User approved successfully', failure: 'Failed to approve user' },
  suspend: { success: 'Agent suspended successfully', failure: 'Failed to suspend agent' },
  reactivate: { success: 'Agent reactivated successfully', failure: 'Failed to reactivate agent' },
} as const;

export function PersonActionButton({ action, userId, children, color = 'primary' }: PersonActionButtonProps) {
  const { trigger, isMutating } = useAdminAction(action);
  const onClick = async () => {
    try {
      await trigger(userId);
    } catch {
      showToast(PERSON_TOASTS[action].failure, { variant: 'error' });
      return;
    }
    showToast(PERSON_TOASTS[action].success, { variant: 'success' });
  };
  return (
    <ActionButton pending={isMutating} color={color} onClick={onClick}>
      {children}
    </ActionButton>
  );
}
