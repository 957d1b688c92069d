import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { STAFF_ERRORS, userSchema } from '@wallet/shared/contracts';
import { admin, fail, ok, passkeysApi, renderWithProviders, staffInviteAnswers } from '@wallet/shared/testing';

// The browser's WebAuthn (jsdom has none): the device's answers, as the library hands them over.
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(async () => ({ id: 'unlocked-on-the-device', type: 'public-key' })),
  startRegistration: jest.fn(async () => ({ id: 'made-by-the-device', type: 'public-key' })),
}));
import { routes } from '../routes';

function PublicArea() {
  return useRoutes(routes);
}

const member = admin({ name: 'Farid Finance', staffRoles: ['FINANCE'] });

describe('staff invitation page', () => {
  beforeEach(() => useSession.getState().signOut());

  it('should post nothing on load, then the token with the chosen password, then offer the passkey step', async () => {
    const sent = staffInviteAnswers(() => ok(userSchema, member, { status: 201, message: 'Welcome to the staff' }));
    await renderWithProviders(<PublicArea />, { route: '/staff-invite?token=mailed-token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Join the staff' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    // The password rule is the API's: too short is said before anything is sent.
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByText(/must be at least 8 characters/i)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Password'), ' and longer');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add your passkey' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'mailed-token', password: 'short and longer' }]);
    // Where a second factor is optional, the member may go on without one.
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });

  it('should add the first passkey within the invitation, show its recovery codes once, then sign in with it', async () => {
    staffInviteAnswers(() =>
      ok(userSchema, { ...member, secondFactor: 'add-passkey' }, { status: 201, message: 'Welcome to the staff' }),
    );
    const api = passkeysApi([], { staff: { fresh: true }, signsIn: member });
    await renderWithProviders(<PublicArea />, { route: '/staff-invite?token=mailed-token' });
    await userEvent.type(await screen.findByLabelText('Password'), 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add your passkey' })).toBeInTheDocument();
    // Where a second factor is required, there is no going on without one.
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with your passkey' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(api.sent.map((each) => each.path)).toEqual(['register/options', 'register/verify', 'login/verify']);
    expect(api.sent[0]!.body).toEqual({});
  });

  it("should show the server's refusal of a used link, and stay on the page", async () => {
    staffInviteAnswers(() => fail(400, STAFF_ERRORS.INVITE_USED.message, undefined, 'INVITE_USED'));
    await renderWithProviders(<PublicArea />, { route: '/staff-invite?token=used-token' });
    await userEvent.type(await screen.findByLabelText('Password'), 'long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was already used: sign in instead');
    expect(screen.getByTestId('location')).toHaveTextContent('/staff-invite');
  });

  it('should say a link without a token is not valid, and offer no form', async () => {
    const sent = staffInviteAnswers(() => ok(userSchema, member, { status: 201 }));
    await renderWithProviders(<PublicArea />, { route: '/staff-invite' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid: ask for a new one');
    expect(screen.queryByRole('button', { name: 'Set password and join' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
