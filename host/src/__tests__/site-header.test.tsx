import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { z } from 'zod';
import { logoutAllResultSchema, type Role } from '@wallet/shared/contracts';
import { fail, ok, server, withRole } from '@wallet/shared/testing';
import { meAnswers, renderShell } from '../testing/render-shell';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('site header', () => {
  it('should show the public links and Login for a visitor', async () => {
    meAnswers(null);
    await renderShell();
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const links = within(mainNav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Features', '/features'],
      ['About', '/about'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ]);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it.each<[Role, string, string]>([
    ['USER', 'User-Dashboard', '/user/overview'],
    ['AGENT', 'Agent-Dashboard', '/agent/cash-in'],
    ['ADMIN', 'Admin-Dashboard', '/admin/all-user'],
  ])('should show the %s role link and Logout for a signed-in %s', async (role, label, href) => {
    meAnswers(withRole(role));
    await renderShell();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(within(mainNav()).getAllByRole('link')).toHaveLength(6);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('should put the links in a dropdown menu', async () => {
    meAnswers(withRole('AGENT'));
    await renderShell();
    await screen.findByRole('button', { name: 'Logout' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Home', 'Features', 'About', 'Pricing', 'Contact', 'Agent-Dashboard']);
  });

  it('should post the logout, forget the session and return to the signed-out header', async () => {
    meAnswers(withRole('USER'));
    let loggedOut = false;
    server.use(
      http.post('*/api/v1/auth/logout', () => {
        loggedOut = true;
        return ok(z.null(), null, { message: 'User Logged Out SuccessFully' });
      }),
    );
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(within(mainNav()).queryByRole('link', { name: 'User-Dashboard' })).not.toBeInTheDocument();
  });

  it('should only log a failed logout and still sign out on this device', async () => {
    meAnswers(withRole('USER'));
    server.use(http.post('*/api/v1/auth/logout', () => fail(500, 'Something went wrong')));
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[session] logout failed', expect.anything());
    logged.mockRestore();
  });

  it('should log out everywhere from the account menu: every session ends, the header signs out', async () => {
    meAnswers(withRole('USER'));
    let called = 0;
    server.use(
      http.post('*/api/v1/auth/logout-all', () => {
        called += 1;
        return ok(logoutAllResultSchema, { sessionsEnded: 3 }, { message: 'Logged out everywhere' });
      }),
    );
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out everywhere' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByText('Logged out on every device')).toBeInTheDocument();
    expect(called).toBe(1);
  });

  it('should keep the person signed in and say so when logging out everywhere fails', async () => {
    meAnswers(withRole('USER'));
    server.use(
      http.post('*/api/v1/auth/logout-all', () => fail(503, 'Service temporarily unavailable. Please try again.')),
    );
    await renderShell();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out everywhere' }));
    expect(await screen.findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
