import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@wallet/shared/session';
import {
  admin,
  adminUserRow,
  feesApi,
  releasesApi,
  renderWithProviders,
  resetSession,
  staffApi,
  staffMember,
} from '@wallet/shared/testing';
import { adminApi } from '@wallet/shared/testing/admin-api';
import type { StaffRole } from '@wallet/shared/contracts';
import { renderAdminArea } from '../testing/render-admin-area';
import StaffPage from '../pages/staff-page';

const OWNER = staffMember(0, { name: 'Olivia Owner', email: 'olivia@example.com', roles: ['OWNER'] });
const signedInAs = (staffRoles: StaffRole[]) =>
  useSession.setState({ user: admin({ _id: OWNER._id, staffRoles }), status: 'signed-in' });

afterEach(resetSession);

describe('staff page', () => {
  it("should list members with their roles, and leave one's own row without actions", async () => {
    signedInAs(['OWNER']);
    staffApi({ members: [OWNER, staffMember(1, { roles: ['SUPPORT', 'FINANCE'] })], selfId: OWNER._id });
    await renderWithProviders(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Members' });
    const own = within(table).getByRole('rowheader', { name: 'Olivia Owner (you)' }).closest('tr')!;
    expect(within(own).getByRole('button', { name: 'Edit roles of Olivia Owner' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Deactivate Olivia Owner' })).toBeDisabled();
    const other = within(table).getByRole('rowheader', { name: 'Member 1' }).closest('tr')!;
    expect(within(other).getByText('Support')).toBeInTheDocument();
    expect(within(other).getByText('Finance')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Edit roles of Member 1' })).toBeEnabled();
  });

  it('should invite by email with the roles checked, and list the invitation', async () => {
    signedInAs(['OWNER']);
    const api = staffApi({ members: [OWNER], selfId: OWNER._id });
    await renderWithProviders(<StaffPage />);
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Farid Finance');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'Farid@Example.com');
    // Nothing is sent without a role.
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Choose at least one role.')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
    await userEvent.click(within(form).getByRole('checkbox', { name: /^Finance:/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        {
          method: 'POST',
          path: '/admin/staff',
          body: { name: 'Farid Finance', email: 'farid@example.com', roles: ['FINANCE'] },
        },
      ]),
    );
    expect(await screen.findByText('Invitation sent to farid@example.com')).toBeInTheDocument();
    const waiting = await screen.findByRole('table', { name: 'Invitations waiting' });
    expect(await within(waiting).findByRole('rowheader', { name: 'Farid Finance' })).toBeInTheDocument();
  });

  it("should replace a member's roles from the dialog", async () => {
    signedInAs(['OWNER']);
    const api = staffApi({ members: [OWNER, staffMember(1, { roles: ['SUPPORT'] })], selfId: OWNER._id });
    await renderWithProviders(<StaffPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit roles of Member 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit roles of Member 1' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Compliance:/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() =>
      expect(api.sent).toEqual([
        { method: 'PATCH', path: `/admin/staff/${staffMember(1)._id}`, body: { roles: ['SUPPORT', 'COMPLIANCE'] } },
      ]),
    );
    expect(await screen.findByText('Roles changed')).toBeInTheDocument();
  });
});

describe('what each member sees', () => {
  it('should open a deployer on Releases and tell them Fees is not theirs', async () => {
    // releasesApi signs its own admin in: the member's roles come after it.
    releasesApi();
    signedInAs(['DEPLOYER']);
    await renderAdminArea('/admin');
    expect(await screen.findByRole('heading', { name: 'Releases' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/releases');
    resetSession();
    signedInAs(['DEPLOYER']);
    const fees = feesApi();
    await renderAdminArea('/admin/fees');
    expect(await screen.findByText(/Your roles do not include this page/)).toBeInTheDocument();
    expect(fees.updates).toEqual([]);
  });

  it('should show fee edits to finance and not to support', async () => {
    signedInAs(['SUPPORT']);
    feesApi();
    await renderAdminArea('/admin/fees');
    await screen.findByRole('table', { name: 'Fees' });
    expect(screen.queryByRole('button', { name: /^Edit .* fees$/ })).not.toBeInTheDocument();
    signedInAs(['FINANCE']);
    expect(await screen.findAllByRole('button', { name: /^Edit .* fees$/ })).toHaveLength(4);
  });

  it('should show Make Agent to compliance, and Block Wallet to support', async () => {
    adminApi({ people: [adminUserRow(1)] });
    signedInAs(['SUPPORT']);
    await renderAdminArea('/admin/all-user');
    const row = (await screen.findByText('Person 1')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Block Wallet' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Make Agent' })).not.toBeInTheDocument();
    signedInAs(['COMPLIANCE']);
    expect(await within(row).findByRole('button', { name: 'Make Agent' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Block Wallet' })).not.toBeInTheDocument();
  });

  it('should show deploy tokens to deployers only, and Grant and Revoke to owners only', async () => {
    releasesApi();
    signedInAs(['DEPLOYER']);
    await renderAdminArea('/admin/releases');
    expect(await screen.findByRole('heading', { name: 'Deploy tokens' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Deployers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Grant deploy permission/ })).not.toBeInTheDocument();
    signedInAs(['FINANCE']);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Deploy tokens' })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Deployers' })).not.toBeInTheDocument();
  });
});
