import { act, screen } from '@testing-library/react';
import { http } from 'msw';
import { Navigate, type RouteObject } from '@wallet/shared/router';
import type { Root } from 'react-dom/client';
import { userSchema } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { createStandaloneApp, type StandaloneAppOptions } from '@wallet/shared/standalone';
import { admin, ok, server } from '@wallet/shared/testing';

const ADMIN_ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="all-user" replace /> },
  { path: 'all-user', element: <h1>All Users</h1> },
  { path: 'all-agent', element: <h1>All Agents</h1> },
];
const ADMIN_MENU = [
  {
    title: 'Admin',
    items: [
      { title: 'All Users', url: '/admin/all-user' },
      { title: 'All Agents', url: '/admin/all-agent' },
    ],
  },
];

let root: Root | undefined;

async function openAt(path: string, options: StandaloneAppOptions) {
  window.history.pushState({}, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = createStandaloneApp(options, container);
  });
}

beforeEach(() => server.use(http.get('*/api/v1/user/me', () => ok(userSchema, admin()))));
afterEach(() => act(() => root?.unmount()));

describe('a remote running alone', () => {
  it("should mount the area's routes at its base path, with its menu as links and the session loaded", async () => {
    await openAt('/admin/all-agent', { area: 'admin', routes: ADMIN_ROUTES, menu: ADMIN_MENU });
    expect(await screen.findByRole('heading', { name: 'All Agents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/admin/all-user');
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: admin() });
  });

  it("should send a path outside the area to the area's home", async () => {
    await openAt('/user/overview', { area: 'admin', routes: ADMIN_ROUTES, menu: ADMIN_MENU });
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/all-user');
  });

  it('should mount the public area at / without a menu', async () => {
    await openAt('/about', { area: 'public', routes: [{ path: 'about', element: <h1>About Us</h1> }] });
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
