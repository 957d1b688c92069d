import { errorMessage } from '@wallet/shared/api';
import { useNotifications } from '@wallet/shared/data';
import { showToast } from '@wallet/shared/toasts';
import { useT } from '../i18n';

/** "Mark all as read", the bell's and the page's: the count from the reply, or a toast saying it failed. */
export function useMarkAllRead() {
  const t = useT();
  const { markRead, isMarking } = useNotifications();
  const run = async () => {
    try {
      await markRead('all');
    } catch (failure) {
      showToast(errorMessage(failure, t('host.notifications.markFailed')), { variant: 'error' });
    }
  };
  return { run, isMarking };
}
