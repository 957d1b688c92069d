import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { STAFF_ERRORS, userSchema } from '@wallet/shared/contracts';
import { admin, fail, ok, renderWithProviders, staffInviteAnswers } from '@wallet/shared/testing';
import { routes } from '../routes';

function PublicArea() {
  return useRoutes(routes);
}

const member = admin({ name: 'Farid Finance', staffRoles: ['FINANCE'] });

describe('staff invitation page', () => {
  beforeEach(() => useSession.getState().signOut());

  it('should post nothing on load, then the token with the chosen password, and open the admin area', async () => {
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
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(sent).toEqual([{ token: 'mailed-token', password: 'short and longer' }]);
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
