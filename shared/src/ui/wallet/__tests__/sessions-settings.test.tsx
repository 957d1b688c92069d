import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, session, sessionsApi } from '@wallet/shared/testing';
import { SessionsSettings } from '../sessions-settings';

const table = () => screen.getByRole('table', { name: 'Where you are signed in' });

describe('sessions on the Security page', () => {
  it('should list each device and network, mark this one, and sign another out', async () => {
    const api = sessionsApi([
      session(1, { current: true }),
      session(2, { browser: 'Safari', system: 'iOS', network: '2001:db8:aa:bb::/64' }),
    ]);
    await renderWithProviders(<SessionsSettings />);
    const phone = (await within(await screen.findByRole('table')).findByText('Safari')).closest('tr')!;
    expect(within(phone).getByText('iOS')).toHaveAttribute('lang', 'en');
    expect(within(phone).getByText('2001:db8:aa:bb::/64')).toBeInTheDocument();
    const laptop = within(table()).getByText('Chrome').closest('tr')!;
    expect(within(laptop).getByText('This device')).toBeInTheDocument();
    // This device is signed out with Logout, not here.
    expect(within(laptop).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('Safari on iOS is signed out')).toBeInTheDocument();
    expect(api.ended).toEqual([session(2)._id]);
    await waitFor(() => expect(within(table()).queryByText('Safari')).not.toBeInTheDocument());
    // Nobody else is signed in: nothing more to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('should sign out every other device at once', async () => {
    const api = sessionsApi([session(1, { current: true }), session(2), session(3, { browser: null, system: null })]);
    await renderWithProviders(<SessionsSettings />);
    expect(await screen.findByText('Unknown device')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Every other device is signed out')).toBeInTheDocument();
    expect(api.ended).toEqual([session(2)._id, session(3)._id]);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
  });
});
