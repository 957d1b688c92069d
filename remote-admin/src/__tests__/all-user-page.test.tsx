import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUserRow, held, renderWithProviders } from '@wallet/shared/testing';
import { adminApi } from '@wallet/shared/testing/admin-api';
import AllUserPage from '../pages/all-user-page';

const table = () => screen.getByRole('table', { name: 'Users' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('all users page', () => {
  it('should show "Loading..." until the users arrive', async () => {
    const api = adminApi({ people: [adminUserRow(1)] });
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<AllUserPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => hold.release());
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByText('person1@example.com')).toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByText('50.00')).toBeInTheDocument();
  });

  it('should page the users 5 at a time on the server with Prev and Next', async () => {
    const api = adminApi({ people: Array.from({ length: 7 }, (_, i) => adminUserRow(i + 1)) });
    await renderWithProviders(<AllUserPage />);
    await screen.findByText('Person 5');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Person 7')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(api.queries.slice(0, 2)).toEqual([
      '/admin/users?page=1&limit=5',
      `/admin/users?page=2&limit=5&after=${adminUserRow(5)._id}`,
    ]);
  });

  it('should make a user an agent: "Processing..." while it runs, then the toast, and the user leaves the list', async () => {
    const api = adminApi({ people: [adminUserRow(1), adminUserRow(2)] });
    await renderWithProviders(<AllUserPage />);
    const row = await rowOf('Person 1');
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(row).getByRole('button', { name: 'Make Agent' }));
    expect(within(row).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('User approved successfully')).toBeInTheDocument();
    expect(api.patches).toEqual([`/admin/approve/${adminUserRow(1)._id}`]);
    await screen.findByText('Page 1 of 1');
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
  });

  it('should say "Failed to approve user" when the server refuses', async () => {
    const api = adminApi({ people: [adminUserRow(1)] });
    api.refuse = { status: 409, message: 'Only a user can be approved as an agent' };
    await renderWithProviders(<AllUserPage />);
    await userEvent.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Make Agent' }));
    expect(await screen.findByText('Failed to approve user')).toBeInTheDocument();
    expect(screen.queryByText('User approved successfully')).not.toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByRole('button', { name: 'Make Agent' })).toBeEnabled();
  });

  it("should block and unblock a wallet, the button following the wallet's isBlocked", async () => {
    const api = adminApi({
      people: [
        adminUserRow(1),
        adminUserRow(2, { wallet: { _id: adminUserRow(1002)._id, balance: 10, isBlocked: true } }),
      ],
    });
    await renderWithProviders(<AllUserPage />);
    expect(within(await rowOf('Person 2')).getByRole('button', { name: 'Unblock Wallet' })).toBeInTheDocument();

    await userEvent.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Block Wallet' }));
    expect(await screen.findByText('Wallet blocked successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Person 1')).findByRole('button', { name: 'Unblock Wallet' })).toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByText('Blocked')).toBeInTheDocument();

    await userEvent.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Unblock Wallet' }));
    expect(await screen.findByText('Wallet unblocked successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Person 1')).findByRole('button', { name: 'Block Wallet' })).toBeInTheDocument();
    expect(api.patches).toEqual([
      `/admin/block/${adminUserRow(1).wallet!._id}`,
      `/admin/unblock/${adminUserRow(1).wallet!._id}`,
    ]);
  });

  it('should say "Failed to update wallet" when the server refuses, the button unchanged', async () => {
    const api = adminApi({ people: [adminUserRow(1)] });
    api.refuse = { status: 409, message: 'Wallet is already blocked' };
    await renderWithProviders(<AllUserPage />);
    await userEvent.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Block Wallet' }));
    expect(await screen.findByText('Failed to update wallet')).toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByRole('button', { name: 'Block Wallet' })).toBeEnabled();
  });

  it('should say "Wallet not found for this user" for a row without a wallet the server cannot find', async () => {
    const api = adminApi({ people: [adminUserRow(1, { wallet: null })] });
    await renderWithProviders(<AllUserPage />);
    const row = await rowOf('Person 1');
    expect(within(row).getAllByText('N/A')).toHaveLength(2);
    const button = within(row).getByRole('button', { name: 'Block Wallet' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    await userEvent.click(button);
    expect(await screen.findByText('Wallet not found for this user')).toBeInTheDocument();
    expect(api.patches).toEqual([]);
  });

  it('should say "Wallet not loaded yet" while a missing wallet is still being looked up', async () => {
    const api = adminApi({ people: [adminUserRow(1, { wallet: null })] });
    const lookup = held();
    api.walletHold = lookup.promise;
    await renderWithProviders(<AllUserPage />);
    const button = within(await rowOf('Person 1')).getByRole('button', { name: 'Block Wallet' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(await screen.findByText('Wallet not loaded yet')).toBeInTheDocument();
    expect(api.patches).toEqual([]);
    await act(async () => lookup.release());
  });

  it('should offer "Unlock PIN" only for a locked PIN, and lift the lock: "Processing...", the toast, the button gone', async () => {
    const lockedUntil = '2025-03-01T11:00:00.000Z';
    const api = adminApi({
      people: [adminUserRow(1), adminUserRow(2, { name: 'Rahim Uddin', pinLockedUntil: lockedUntil })],
    });
    await renderWithProviders(<AllUserPage />);
    const row = await rowOf('Rahim Uddin');
    expect(within(await rowOf('Person 1')).queryByRole('button', { name: /Unlock PIN/ })).not.toBeInTheDocument();
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(row).getByRole('button', { name: 'Unlock PIN of Rahim Uddin' }));
    expect(within(row).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('PIN unlocked')).toBeInTheDocument();
    expect(api.patches).toEqual([`/admin/pin-unlock/${adminUserRow(2)._id}`]);
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: /Unlock PIN|Processing/ })).not.toBeInTheDocument(),
    );
    expect(api.people.find((person) => person.name === 'Rahim Uddin')?.pinLockedUntil).toBeNull();
  });

  it('should say "Failed to unlock PIN" when the server refuses, the button still there', async () => {
    const api = adminApi({ people: [adminUserRow(1, { pinLockedUntil: '2025-03-01T11:00:00.000Z' })] });
    api.refuse = { status: 404, message: 'User not found' };
    await renderWithProviders(<AllUserPage />);
    await userEvent.click(within(await rowOf('Person 1')).getByRole('button', { name: 'Unlock PIN of Person 1' }));
    expect(await screen.findByText('Failed to unlock PIN')).toBeInTheDocument();
    expect(screen.queryByText('PIN unlocked')).not.toBeInTheDocument();
    expect(within(await rowOf('Person 1')).getByRole('button', { name: 'Unlock PIN of Person 1' })).toBeEnabled();
  });

  it('should search users on the server by name or email', async () => {
    const api = adminApi({
      people: [adminUserRow(1), adminUserRow(2, { name: 'Rahim Uddin', email: 'rahim@example.com' })],
    });
    await renderWithProviders(<AllUserPage />);
    await screen.findByText('Person 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'rahim');
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    await waitForElementToBeRemoved(() => screen.queryByText('Person 1'));
    expect(screen.getByText('Rahim Uddin')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(api.queries.at(-1)).toBe('/admin/users?page=1&limit=5&search=rahim');
  });

  it('should not search with fewer than 3 characters, and say how many a search needs', async () => {
    const api = adminApi({ people: [adminUserRow(1), adminUserRow(2, { name: 'Rahim Uddin' })] });
    await renderWithProviders(<AllUserPage />);
    await screen.findByText('Person 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), ' ra ');
    expect(await screen.findByText('Type at least 3 characters to search')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.queries.filter((query) => query.includes('search='))).toEqual([]);
    expect(bodyRows()).toHaveLength(2);
  });
});
