import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { walletSchema } from '@wallet/shared/contracts';
import type { AreaName, SidebarGroup } from '@wallet/shared/federation';
import { fail, ok, server, walletOf, withRole } from '@wallet/shared/testing';
import { MOBILE_QUERY } from '../dashboard/sidebar-state';
import { RemoteUnavailableError } from '../federation/remote-unavailable';
import { loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

const USER_MENU: SidebarGroup[] = [
  {
    title: 'Wallet',
    items: [
      { title: 'Overview', url: '/user/overview' },
      { title: 'Deposit', url: '/user/deposit' },
    ],
  },
];

/** The remotes as the host loads them: routes from the stand-ins, and the user area's menu. */
const loadWithMenu = async <T,>(area: AreaName, expose: string) =>
  (expose === 'menu' ? { menu: area === 'user' ? USER_MENU : [] } : await loadFromAreaRoutes(area)) as T;

const sidebar = () => screen.getByRole('navigation', { name: 'Sidebar' });
const toggle = () => screen.getByRole('button', { name: 'Toggle sidebar' });

function phoneScreen(isPhone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: isPhone && query === MOBILE_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
  phoneScreen(false);
});

describe('dashboard layout', () => {
  it("should draw the area's menu from its remote and the wallet balance in the header", async () => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(await within(sidebar()).findByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/user/deposit');
    expect(within(sidebar()).getByRole('link', { name: 'Overview' })).toHaveClass('active');
    expect(await screen.findByText('Balance $ 50.00')).toBeInTheDocument();
  });

  it('should say when the wallet is blocked', async () => {
    const user = withRole('USER');
    meAnswers(user);
    server.use(
      http.get('*/api/v1/wallet/me', () => ok(walletSchema, walletOf(user, { balance: 1234.5, isBlocked: true }))),
    );
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    expect(await screen.findByText('Balance $ 1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Wallet blocked')).toBeInTheDocument();
  });

  it('should show an admin no balance and no error, without asking for a wallet', async () => {
    meAnswers(withRole('ADMIN'));
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await renderShell({ route: '/admin/all-user', load: loadWithMenu });
    expect(await screen.findByRole('heading', { name: 'Admin all users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();
    expect(screen.queryByText(/Balance/)).not.toBeInTheDocument();
    expect(asked).not.toContain('/api/v1/wallet/me');
    server.events.removeAllListeners();
  });

  it('should show a staff member only the menu items whose API routes their roles open', async () => {
    meAnswers({ ...withRole('ADMIN'), staffRoles: ['FINANCE'] });
    const adminMenu: SidebarGroup[] = [
      {
        title: 'Admin',
        items: [
          { title: 'All Users', url: '/admin/all-user', staffRoute: 'GET /api/v1/admin/users' },
          { title: 'Fees', url: '/admin/fees', staffRoute: 'GET /api/v1/admin/fees' },
          { title: 'Staff', url: '/admin/staff', staffRoute: 'GET /api/v1/admin/staff' },
          { title: 'Help', url: '/admin/help' },
        ],
      },
    ];
    const load = async <T,>(area: AreaName, expose: string) =>
      (expose === 'menu' ? { menu: area === 'admin' ? adminMenu : [] } : await loadFromAreaRoutes(area)) as T;
    await renderShell({ route: '/admin/all-user', load });
    expect(await within(sidebar()).findByRole('link', { name: 'Fees' })).toBeInTheDocument();
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All Users', 'Fees', 'Help']);
  });

  it('should show no balance and no error to someone the API says has no wallet', async () => {
    meAnswers(withRole('AGENT'));
    server.use(http.get('*/api/v1/wallet/me', () => fail(404, 'You have no wallet')));
    await renderShell({ route: '/agent/cash-in', load: loadWithMenu });
    expect(await screen.findByRole('heading', { name: 'Agent cash-in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Balance $ …')).not.toBeInTheDocument());
    expect(screen.queryByText(/Balance/)).not.toBeInTheDocument();
    expect(screen.queryByText('You have no wallet')).not.toBeInTheDocument();
  });

  it("should keep the layout with a link home and the area's fallback when the remote cannot load", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    meAnswers(withRole('USER'));
    const load = <T,>(area: AreaName, expose: string) =>
      area === 'user'
        ? Promise.reject(new RemoteUnavailableError(`wallet_user/${expose}`, null))
        : loadWithMenu<T>(area, expose);
    await renderShell({ route: '/user/overview', load });
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(await within(sidebar()).findByRole('link', { name: 'User-Dashboard' })).toHaveAttribute(
      'href',
      '/user/overview',
    );
    expect(await screen.findByText('Balance $ 50.00')).toBeInTheDocument();
  });

  it('should collapse to icons with the toggle and keep that in the sidebar_state cookie', async () => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    await within(sidebar()).findByText('Deposit');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar()).queryByText('Deposit')).not.toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Deposit' })).toBeInTheDocument();
    expect(document.cookie).toContain('sidebar_state=false');
    await userEvent.click(toggle());
    expect(within(sidebar()).getByText('Deposit')).toBeInTheDocument();
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('should start collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    expect(await within(sidebar()).findByRole('link', { name: 'Deposit' })).toBeInTheDocument();
    expect(within(sidebar()).queryByText('Deposit')).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['ctrl+b', '{Control>}b{/Control}'],
    ['cmd+b', '{Meta>}b{/Meta}'],
  ])('should toggle the sidebar with %s', async (_name, keys) => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    await within(sidebar()).findByText('Deposit');
    await userEvent.keyboard(keys);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    await userEvent.keyboard(keys);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  it('should use a drawer below 768 px that closes once a link is chosen', async () => {
    phoneScreen(true);
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview', load: loadWithMenu });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument();
    await userEvent.click(toggle());
    const drawer = await screen.findByRole('navigation', { name: 'Sidebar' });
    const deposit = await within(drawer).findByRole('link', { name: 'Deposit' });
    await act(() => userEvent.click(deposit));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/deposit');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Sidebar' })).not.toBeInTheDocument());
    expect(document.cookie).not.toContain('sidebar_state');
  });
});
