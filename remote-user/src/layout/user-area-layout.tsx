import { lazy, Suspense } from 'react';
import { Outlet } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';

/** Fetched only for a person who has not verified: everyone else never downloads it. */
const VerifyEmailBanner = lazy(() => import('../features/verification/verify-email-banner'));

/** Every user page: the verification banner (while it applies) above the page. */
export function UserAreaLayout() {
  const user = useSession((state) => state.user);
  return (
    <>
      {user?.emailVerified === false && (
        <Suspense fallback={null}>
          <VerifyEmailBanner email={user.email} />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}
