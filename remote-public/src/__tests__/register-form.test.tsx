import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userSchema } from '@wallet/shared/contracts';
import { apiAnswers, fail, held, ok, renderWithProviders, user } from '@wallet/shared/testing';
import { RegisterForm } from '../features/auth/register-form';

const BONUS_TOAST = 'User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet';
const registered = () => ok(userSchema, user(), { status: 201, message: BONUS_TOAST });

async function fill({ name = 'Rahim', email = 'rahim@example.com', password = 'secret-password' } = {}) {
  if (name) await userEvent.type(screen.getByLabelText('Name'), name);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
}

const signUp = () => userEvent.click(screen.getByRole('button', { name: 'Sing Up' }));

describe('register form', () => {
  it('should register, toast the 50 Taka bonus and go to /login', async () => {
    const sent = apiAnswers('post', '/user/register', [registered()]);
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill();
    await signUp();
    expect(await screen.findByText(BONUS_TOAST)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(sent).toEqual([
      { body: { name: 'Rahim', email: 'rahim@example.com', password: 'secret-password' }, idempotencyKey: null },
    ]);
  });

  it('should say "Invalid email address" and send nothing', async () => {
    const sent = apiAnswers('post', '/user/register', [registered()]);
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill({ email: 'not-an-email' });
    await signUp();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('should require the name', async () => {
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill({ name: '' });
    await signUp();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });

  it('should say "User Already Exist" when the email is taken', async () => {
    apiAnswers('post', '/user/register', [fail(409, 'User Already Exist')]);
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill();
    await signUp();
    expect(await screen.findByText('User Already Exist')).toBeInTheDocument();
    expect(screen.queryByText(BONUS_TOAST)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('should show any other server message as it comes', async () => {
    apiAnswers('post', '/user/register', [fail(429, 'Too many attempts. Please try again in 1 minute.')]);
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill();
    await signUp();
    expect(await screen.findByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
  });

  it('should show "Processing..." on a disabled button while the request runs', async () => {
    const answer = held();
    apiAnswers('post', '/user/register', [registered()], { hold: answer.promise });
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await fill();
    await signUp();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer.release());
    expect(await screen.findByText(BONUS_TOAST)).toBeInTheDocument();
  });

  it('should link to login', async () => {
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('should carry a safe ?next= to login', async () => {
    await renderWithProviders(<RegisterForm />, { route: '/register?next=%2Fpay%2Fabc' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fpay%2Fabc');
  });

  it('should drop a ?next= of another site', async () => {
    await renderWithProviders(<RegisterForm />, { route: '/register?next=%2F%2Fevil.com' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
