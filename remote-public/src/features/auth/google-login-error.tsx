import { useEffect } from 'react';
import { useSearchParams } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import { useAuthT, type AuthMessage } from '../../i18n/auth';

/** What the API's Google callback means when it sends the browser back to /login?error=… */
const GOOGLE_ERRORS: Record<string, AuthMessage> & { google_failed: AuthMessage } = {
  google_unavailable: 'public.google.unavailable',
  google_denied: 'public.google.denied',
  google_state: 'public.google.state',
  google_unverified: 'public.google.unverified',
  google_failed: 'public.google.failed',
  google_admin: 'public.google.admin',
  google_reauth: 'public.google.reauth',
  google_linked_elsewhere: 'public.google.linkedElsewhere',
  google_domain: 'public.google.domain',
};

/**
 * Toasts why Google sign-in came back without a session, once: the reason then leaves the
 * address, so a reload or a shared link does not repeat it.
 */
export function GoogleLoginError() {
  const [params, setParams] = useSearchParams();
  const reason = params.get('error');
  const t = useAuthT();

  useEffect(() => {
    if (!reason) return;
    showToast(t(GOOGLE_ERRORS[reason] ?? GOOGLE_ERRORS.google_failed), {
      variant: 'error',
      key: `google-${reason}`,
      preventDuplicate: true,
    });
    setParams(
      (current) => {
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [reason, setParams, t]);

  return null;
}
