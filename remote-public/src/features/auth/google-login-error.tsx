import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';

/** What the API's Google callback means when it sends the browser back to /login?error=… */
const GOOGLE_ERRORS: Record<string, string> = {
  google_unavailable: 'Login With Google is not available right now. Please log in with your email and password.',
  google_denied: 'Google sign-in was cancelled.',
  google_state: 'Your Google sign-in expired. Please try again.',
  google_unverified: 'Your Google account’s email address is not verified.',
  google_failed: 'Google sign-in failed. Please try again.',
};

export function GoogleLoginError() {
  const [params] = useSearchParams();
  const reason = params.get('error');
  if (!reason) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {GOOGLE_ERRORS[reason] ?? GOOGLE_ERRORS.google_failed}
    </Alert>
  );
}
