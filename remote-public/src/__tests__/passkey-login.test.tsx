import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { passkeysApi, renderWithProviders } from '@wallet/shared/testing';
import { LoginForm } from '../features/auth/login-form';

// The browser's WebAuthn (jsdom has none): the device's answer, as the library hands it over.
jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));
const device = jest.mocked(startAuthentication);

describe('sign in with a passkey', () => {
  it('should answer the options with the device, send its answer, and go to /', async () => {
    device.mockResolvedValueOnce({ id: 'unlocked-on-the-device' } as never);
    const api = passkeysApi();
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('User Logged In SuccessFully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(device).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: 'test-challenge' }) });
    expect(api.sent).toEqual([{ path: 'login/verify', body: { id: 'unlocked-on-the-device' } }]);
  });

  it('should say so when the person cancels the prompt, and stay on /login', async () => {
    device.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const api = passkeysApi();
    await renderWithProviders(<LoginForm />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey sign-in was cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(api.sent).toEqual([]);
  });

  it('should go to ?next= once signed in, as the password does', async () => {
    device.mockResolvedValueOnce({ id: 'unlocked-on-the-device' } as never);
    passkeysApi();
    await renderWithProviders(<LoginForm />, { route: '/login?next=%2Fpay%2FAbCdEfGhIjKlMnOpQrStUv_-' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pay/AbCdEfGhIjKlMnOpQrStUv_-'));
  });
});
