import type { ReactNode } from 'react';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from '../../components/action-button';
import { useT, type AdminMessage } from '../../i18n';
import { useAdminAction, type AdminAction } from './admin-api';
import type { StaffRoute } from '@wallet/shared/contracts';
import { useMay } from '../staff/staff-access';

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

/** The API route of each action: a member whose roles may not call it sees no button. */
const PERSON_ROUTES: Record<PersonActionButtonProps['action'], StaffRoute> = {
  approve: 'PATCH /api/v1/admin/approve/:id',
  suspend: 'PATCH /api/v1/admin/suspend/:id',
  reactivate: 'PATCH /api/v1/admin/reactivate/:id',
};

export function PersonActionButton({ action, userId, children, color = 'primary' }: PersonActionButtonProps) {
  const t = useT();
  const may = useMay(PERSON_ROUTES[action]);
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
  if (!may) return null;
  return (
    <ActionButton pending={isMutating} color={color} onClick={onClick}>
      {children}
    </ActionButton>
  );
}
