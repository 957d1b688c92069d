import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import type { Role } from '@wallet/shared/contracts';
import { renderWithProviders, withRole } from '@wallet/shared/testing';
import { routes } from '../routes';

function PublicArea() {
  return useRoutes(routes);
}

const renderRoute = (route: string) => renderWithProviders(<PublicArea />, { route });

const signInAs = (role: Role) => useSession.getState().setUser(withRole(role));

describe('public pages', () => {
  it('should welcome a visitor and send Get Started to /register', async () => {
    useSession.getState().signOut();
    await renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Explore More' })).toHaveAttribute('href', '/features');
  });

  it.each<[Role, string]>([
    ['USER', '/user/overview'],
    ['AGENT', '/agent/cash-in'],
    ['ADMIN', '/admin/all-user'],
  ])('should send Get Started for a %s to %s', async (role, href) => {
    signInAs(role);
    await renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', href);
  });

  it('should show the three feature cards', async () => {
    await renderRoute('/features');
    for (const title of ['Fast Transactions', 'Secure Wallet', 'Analytics']) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('should show About Us and the mission', async () => {
    await renderRoute('/about');
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByText(/seamless digital wallet solutions/)).toBeInTheDocument();
  });

  it('should show two questions on /faq', async () => {
    await renderRoute('/faq');
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });

  it('should show the Free and Pro plans, and Subscribe does nothing', async () => {
    await renderRoute('/pricing');
    expect(await screen.findByText('$0/mo')).toBeInTheDocument();
    expect(screen.getByText('$9.99/mo')).toBeInTheDocument();
    expect(screen.getByText('Basic transactions')).toBeInTheDocument();
    expect(screen.getByText('Unlimited transactions and analytics')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Subscribe' })[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
  });

  it('should only simulate sending the contact form', async () => {
    await renderRoute('/contact');
    await userEvent.type(await screen.findByLabelText('Name'), 'Karim');
    await userEvent.type(screen.getByLabelText('Email'), 'karim@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Thanks, Karim! This is a simulated message: nothing was sent.',
    );
  });

  it('should tell a visitor the route is not for them on /unauthorized', async () => {
    await renderRoute('/unauthorized');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText(/This route is not for you/)).toBeInTheDocument();
  });

  it('should show the login and registration forms on their routes', async () => {
    await renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('should toast "Google login is not available" when the API sent Google sign-in back unconfigured', async () => {
    await renderRoute('/login?error=google_unavailable');
    expect(await screen.findByText('Google login is not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('should toast why any other Google sign-in came back', async () => {
    await renderRoute('/login?error=google_unverified');
    expect(
      await screen.findByText('Google login failed: your Google email address is not verified'),
    ).toBeInTheDocument();
  });

  it('should toast a generic failure for a reason it does not know', async () => {
    await renderRoute('/login?error=something_new');
    expect(await screen.findByText('Google login failed. Please try again.')).toBeInTheDocument();
  });

  it('should show the registration form with its "Sing Up" button', async () => {
    await renderRoute('/register');
    expect(await screen.findByRole('button', { name: 'Sing Up' })).toBeInTheDocument();
  });
});
