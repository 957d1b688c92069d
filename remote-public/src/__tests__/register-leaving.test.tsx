import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userSchema } from '@wallet/shared/contracts';
import type * as i18n from '@wallet/shared/i18n';
import { catalogsReady } from '@wallet/shared/i18n';
import { apiAnswers, ok, renderWithProviders, user } from '@wallet/shared/testing';
import { RegisterForm } from '../features/auth/register-form';

jest.mock('@wallet/shared/i18n', () => {
  const actual = jest.requireActual<typeof i18n>('@wallet/shared/i18n');
  return { ...actual, catalogsReady: jest.fn(actual.catalogsReady) };
});

describe('register form, on its way to /login', () => {
  it('should keep the address and the page in step: disabled until the login page is ready, then /login', async () => {
    apiAnswers('post', '/user/register', [ok(userSchema, user(), { status: 201, message: 'Registered' })]);
    // The login page's words are still on their way.
    let ready!: () => void;
    jest.mocked(catalogsReady).mockImplementationOnce(() => new Promise<void>((resolve) => (ready = resolve)));
    await renderWithProviders(<RegisterForm />, { route: '/register' });
    await userEvent.type(screen.getByLabelText('Name'), 'Rahim');
    await userEvent.type(screen.getByLabelText('Email'), 'rahim@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sing Up' }));
    expect(
      await screen.findByText('User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet'),
    ).toBeInTheDocument();

    // Still /register, and nothing can be typed into this form meanwhile.
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    await act(async () => ready());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
