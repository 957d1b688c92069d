import { screen, within } from '@testing-library/react';
import { withRole } from '@wallet/shared/testing';
import { meAnswers, renderShell } from '../testing/render-shell';
import { ALL_AREAS } from '../testing/all-areas';
import { setRuntimeAreas } from '../federation/runtime-areas';

describe('route guard', () => {
  it('should send a visitor from /user/overview to /login', async () => {
    meAnswers(null);
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('should send a USER from /admin/all-user to /unauthorized', async () => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/admin/all-user' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized');
  });

  it.each([
    ['USER', '/user/overview', 'User overview'],
    ['AGENT', '/agent/cash-in', 'Agent cash-in'],
    ['ADMIN', '/admin/all-user', 'Admin all users'],
  ] as const)('should let a %s into %s', async (role, route, heading) => {
    meAnswers(withRole(role));
    await renderShell({ route });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(route);
  });
});

describe('areas from the runtime config', () => {
  const merchant = {
    _id: '0190c2a4-5b7e-7c3d-9f10-5a6b7c8d9e0f',
    name: 'Rahim Store',
    nameBn: 'রহিম স্টোর',
    category: '5411' as const,
    city: 'Dhaka',
    cityBn: 'ঢাকা',
    since: '2026-11-01T00:00:00.000Z',
  };
  afterEach(() => setRuntimeAreas({ areas: ALL_AREAS }));

  it('should let a merchant into the shop and lead there from the user area', async () => {
    meAnswers({ ...withRole('USER'), merchant });
    await renderShell({ route: '/merchant/overview' });
    expect(await screen.findByRole('heading', { name: 'Shop overview' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    const others = await within(sidebar).findByRole('list', { name: 'Your other areas' });
    expect(within(others).getByRole('link', { name: 'User-Dashboard' })).toHaveAttribute('href', '/user/overview');
  });

  it('should send a user with no merchant profile from the shop to /unauthorized', async () => {
    meAnswers({ ...withRole('USER'), merchant: null });
    await renderShell({ route: '/merchant/overview' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized page' })).toBeInTheDocument();
  });

  it('should mount no area the runtime config leaves out: its paths are the public area', async () => {
    const { merchant: _left, ...published } = ALL_AREAS;
    setRuntimeAreas({ areas: published });
    meAnswers({ ...withRole('USER'), merchant });
    await renderShell({ route: '/merchant/overview' });
    expect(await screen.findByRole('heading', { name: 'Public page not found' })).toBeInTheDocument();
  });
});
