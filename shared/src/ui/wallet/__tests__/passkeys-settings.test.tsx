import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { passkey, passkeysApi, renderWithProviders } from '@wallet/shared/testing';
import { PasskeysSettings } from '../passkeys-settings';

// The browser's WebAuthn (jsdom has none): the device's answer, as the library hands it over.
jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: jest.fn(async () => ({ id: 'made-by-the-device', type: 'public-key' })),
}));

describe('passkeys on the Security page', () => {
  it('should add a passkey after the password: the device answers the options, the server keeps it', async () => {
    const api = passkeysApi([]);
    await renderWithProviders(<PasskeysSettings />);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await userEvent.type(within(form).getByLabelText('Your password'), 'wrong one');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The password is not correct');
    expect(startRegistration).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText('Your password'));
    await userEvent.type(within(form).getByLabelText('Your password'), 'correct horse battery');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({ challenge: 'test-challenge' }),
    });
    expect(api.sent.map((each) => each.path)).toEqual(['register/options', 'register/options', 'register/verify']);
    expect(api.sent[2]!.body).toEqual({ id: 'made-by-the-device', type: 'public-key' });
    expect(await screen.findByRole('rowheader', { name: 'Chrome on Linux' })).toBeInTheDocument();
  });

  it('should rename and remove a passkey', async () => {
    passkeysApi([passkey(1, { name: 'Old phone' })]);
    await renderWithProviders(<PasskeysSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Old phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Old phone' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Work laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'Work laptop' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    expect(await screen.findByText('Work laptop removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No passkeys yet.')).toBeInTheDocument());
  });
});
