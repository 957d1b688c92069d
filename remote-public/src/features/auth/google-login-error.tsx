import { useEffect } from 'react';
import { useSearchParams } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';

/** What the API's Google callback means when it sends the browser back to /login?error=… */
const GOOGLE_ERRORS: Record<string, string> & { google_failed: string } = {
  google_unavailable: 'Google login is not available',
  google_denied: 'Google login was cancelled',
  google_state: 'Google login expired. Please try again.',
  google_unverified: 'Google login failed: your Google email address is not verified',
  google_failed: 'Google login failed. Please try again.',
  google_admin: 'Admin accounts sign in with their email and password',
  google_reauth: 'Google did not ask you to sign in again, so your PIN cannot be set that way. Please try again.',
  google_linked_elsewhere:
    'This email already signs in with another Google account. Sign in with that one, or with your password',
  google_domain:
    'Google cannot vouch for this email address, so it was not linked. Sign in with your email and password',
};

/**
 * Toasts why Google sign-in came back without a session, once: the reason then leaves the
 * address, so a reload or a shared link does not repeat it.
 */
export function GoogleLoginError() {
  const [params, setParams] = useSearchParams();
  const reason = params.get('error');

  useEffect(() => {
    if (!reason) return;
    showToast(GOOGLE_ERRORS[reason] ?? GOOGLE_ERRORS.google_failed, {
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
  }, [reason, setParams]);

  return null;
}
