import type { RouteObject } from '@wallet/shared/router';
import { lazyPage } from '@wallet/shared/ui/kit/lazy-page';
import HomePage from './pages/home-page';

/**
 * Exposed as `./routes`: the host mounts these at `/`. The landing page comes with the routes (the
 * site preloads this module's chunks with the page: a first visit's screen is one round trip
 * away); every other page is fetched when visited.
 */
export const routes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'features', element: lazyPage(() => import('./pages/features-page')) },
  { path: 'about', element: lazyPage(() => import('./pages/about-page')) },
  { path: 'faq', element: lazyPage(() => import('./pages/faq-page')) },
  { path: 'pricing', element: lazyPage(() => import('./pages/pricing-page')) },
  { path: 'contact', element: lazyPage(() => import('./pages/contact-page')) },
  { path: 'login', element: lazyPage(() => import('./features/auth/login-page')) },
  { path: 'register', element: lazyPage(() => import('./features/auth/register-page')) },
  { path: 'verify-email', element: lazyPage(() => import('./features/verification/verify-email-page')) },
  { path: 'staff-invite', element: lazyPage(() => import('./features/staff/staff-invite-page')) },
  { path: 'pay/:code', element: lazyPage(() => import('./features/pay-link/payment-link-page')) },
  { path: 'unauthorized', element: lazyPage(() => import('./pages/unauthorized-page')) },
  { path: '*', element: lazyPage(() => import('./pages/not-found-page')) },
];
