import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userSchema } from '@wallet/shared/contracts';
import { apiAnswers, fail, held, ok, renderWithProviders, user } from '@wallet/shared/testing';
import { LoginForm } from '../features/auth/login-form';

const loggedIn = (message = 'User Logged In SuccessFully') => ok(userSchema, user(), { message });

async function fillAndSubmit(email = 'rahim@example.com', password = 'secret-password') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login form', () => {
  it('should log in, toast "User Logged In SuccessFully" and go to /', async () => {
    const sent = apiAnswers('post', '/auth/login', [loggedIn()]);
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('User Logged In SuccessFully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sent).toEqual([{ body: { email: 'rahim@example.com', password: 'secret-password' }, idempotencyKey: null }]);
  });

  it("should show the server's message on failure and stay on /login without a success toast", async () => {
    apiAnswers('post', '/auth/login', [fail(401, 'Invalid email or password')]);
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText('User Logged In SuccessFully')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('should apply no client-side rule: an empty form still goes to the server', async () => {
    const sent = apiAnswers('post', '/auth/login', [fail(401, 'Invalid email or password')]);
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { email: '', password: '' }, idempotencyKey: null }]);
  });

  it('should show "Processing..." on a disabled button while the request runs', async () => {
    const answer = held();
    apiAnswers('post', '/auth/login', [loggedIn('ok')], { hold: answer.promise });
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer.release());
    expect(await screen.findByText('User Logged In SuccessFully')).toBeInTheDocument();
  });

  it('should show and hide the password', async () => {
    await renderWithProviders(<LoginForm />, { route: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('should offer Login With Google and a link to /register', async () => {
    await renderWithProviders(<LoginForm />, { route: '/login' });
    expect(screen.getByRole('button', { name: 'Login With Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['a page of the site', '/pay/AbCdEfGhIjKlMnOpQrStUv_-', '/pay/AbCdEfGhIjKlMnOpQrStUv_-'],
    ['another site', '//evil.com', '/'],
    ["another role's area", '/admin/all-user', '/'],
  ])('should go to ?next= when it is %s it may open, else to /', async (_, next, path) => {
    apiAnswers('post', '/auth/login', [loggedIn()]);
    await renderWithProviders(<LoginForm />, { route: `/login?next=${encodeURIComponent(next)}` });
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)));
  });

  it('should carry ?next= to /register, for the login that follows it', async () => {
    await renderWithProviders(<LoginForm />, { route: '/login?next=%2Fpay%2Fabc' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?next=%2Fpay%2Fabc');
  });
});
