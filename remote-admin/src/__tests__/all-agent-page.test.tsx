import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUserRow, held, renderWithProviders } from '@wallet/shared/testing';
import { adminApi } from '@wallet/shared/testing/admin-api';
import AllAgentPage from '../pages/all-agent-page';

const agent = (n: number, isActive = true) => adminUserRow(n, { name: `Agent ${n}`, role: 'AGENT', isActive });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('all agents page', () => {
  it("should show each agent's status with Suspend for an active agent and Reactivate for a suspended one", async () => {
    adminApi({ people: [agent(1), agent(2, false), adminUserRow(3)] });
    await renderWithProviders(<AllAgentPage />);
    const active = await rowOf('Agent 1');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Suspend' })).toBeEnabled();
    expect(within(active).queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
    const suspended = await rowOf('Agent 2');
    expect(within(suspended).getByText('Suspended')).toBeInTheDocument();
    expect(within(suspended).getByRole('button', { name: 'Reactivate' })).toBeEnabled();
    expect(screen.queryByText('Person 3')).not.toBeInTheDocument();
  });

  it('should suspend an agent: "Processing..." while it runs, then the toast and the new status', async () => {
    const api = adminApi({ people: [agent(1)] });
    await renderWithProviders(<AllAgentPage />);
    const row = await rowOf('Agent 1');
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    expect(within(row).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('Agent suspended successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Agent 1')).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(await rowOf('Agent 1')).getByText('Suspended')).toBeInTheDocument();
    expect(api.patches).toEqual([`/admin/suspend/${agent(1)._id}`]);
  });

  it('should reactivate a suspended agent', async () => {
    const api = adminApi({ people: [agent(1, false)] });
    await renderWithProviders(<AllAgentPage />);
    await userEvent.click(within(await rowOf('Agent 1')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Agent reactivated successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Agent 1')).findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(api.patches).toEqual([`/admin/reactivate/${agent(1)._id}`]);
  });

  it('should say "Failed to suspend agent" and "Failed to reactivate agent" when the server refuses', async () => {
    const api = adminApi({ people: [agent(1), agent(2, false)] });
    api.refuse = { status: 409, message: 'Only an active agent can be suspended' };
    await renderWithProviders(<AllAgentPage />);
    await userEvent.click(within(await rowOf('Agent 1')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Failed to suspend agent')).toBeInTheDocument();
    await userEvent.click(within(await rowOf('Agent 2')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Failed to reactivate agent')).toBeInTheDocument();
    expect(screen.queryByText('Agent suspended successfully')).not.toBeInTheDocument();
  });

  it("should block an agent's wallet", async () => {
    adminApi({ people: [agent(1)] });
    await renderWithProviders(<AllAgentPage />);
    await userEvent.click(within(await rowOf('Agent 1')).getByRole('button', { name: 'Block Wallet' }));
    expect(await screen.findByText('Wallet blocked successfully')).toBeInTheDocument();
    expect(await within(await rowOf('Agent 1')).findByRole('button', { name: 'Unblock Wallet' })).toBeInTheDocument();
  });

  it('should page agents 5 at a time', async () => {
    adminApi({ people: Array.from({ length: 6 }, (_, i) => agent(i + 1)) });
    await renderWithProviders(<AllAgentPage />);
    await screen.findByText('Agent 5');
    expect(screen.queryByText('Agent 6')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent 6')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
