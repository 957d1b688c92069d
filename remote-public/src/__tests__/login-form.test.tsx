import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@wallet/shared/testing';
import { LoginForm } from '../features/auth/login-form';
import { apiAnswers, heldRequest } from '../testing/api';

async function fillAndSubmit(email = 'rahim@example.com', password = 'secret-password') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login form', () => {
  it('should log in, toast "User Logged In SuccessFully" and go to /', async () => {
    const sent = apiAnswers('post', '/auth/login', 200, {
      success: true,
      statusCode: 200,
      message: 'User Logged In SuccessFully',
      data: {},
    });
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('User Logged In SuccessFully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sent).toEqual([{ email: 'rahim@example.com', password: 'secret-password' }]);
  });

  it("should show the server's message on failure and stay on /login without a success toast", async () => {
    apiAnswers('post', '/auth/login', 401, { success: false, statusCode: 401, message: 'Invalid email or password' });
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByText('User Logged In SuccessFully')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('should apply no client-side rule: an empty form still goes to the server', async () => {
    const sent = apiAnswers('post', '/auth/login', 401, {
      success: false,
      statusCode: 401,
      message: 'Invalid email or password',
    });
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(sent).toEqual([{ email: '', password: '' }]);
  });

  it('should show "Processing..." on a disabled button while the request runs', async () => {
    const held = heldRequest();
    apiAnswers('post', '/auth/login', 200, { success: true, statusCode: 200, message: 'ok', data: {} }, held.released);
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => held.release());
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
});
