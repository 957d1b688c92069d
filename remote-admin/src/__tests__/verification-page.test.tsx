import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@wallet/shared/dates';
import {
  held,
  kycApi,
  kycRow,
  merchantApplicationsApi,
  renderWithProviders,
  unverifiedRow,
} from '@wallet/shared/testing';
import VerificationPage from '../pages/verification-page';

const reviews = () => screen.getByRole('table', { name: 'Identity reviews' });
const unverified = () => screen.getByRole('table', { name: 'Unverified emails' });
const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const namesIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
const dialog = (name: string) => screen.findByRole('dialog', { name });

/** Opens the row's Approve or Reject dialog, ticks what was seen (an approval), types `reason` (if any) and confirms. */
async function decide(name: string, button: 'Approve' | 'Reject', reason: string, seen = ['Passport']) {
  await userEvent.click(within(await rowOf(name)).getByRole('button', { name: button }));
  const open = await dialog(`${button} the identity of ${name}?`);
  if (button === 'Approve')
    for (const check of seen) await userEvent.click(within(open).getByRole('checkbox', { name: check }));
  if (reason) await userEvent.type(within(open).getByRole('textbox', { name: 'Reason' }), reason);
  await userEvent.click(within(open).getByRole('button', { name: 'Confirm' }));
  return open;
}

describe('verification page', () => {
  it('should show the pending identity reviews oldest first, each with Approve and Reject', async () => {
    const api = kycApi({
      requests: [
        kycRow(2),
        kycRow(1),
        kycRow(3, { status: 'approved', reason: 'ok', decidedAt: '2025-05-20T10:00:00Z' }),
      ],
    });
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<VerificationPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Identity reviews' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Unverified emails' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getAllByText('Loading...')).toHaveLength(2);
    await act(async () => hold.release());

    await screen.findByRole('cell', { name: 'Applicant 1' });
    expect(headersOf(reviews())).toEqual(['Name', 'Email', 'Role', 'Requested', 'Bonus held', 'Actions']);
    expect(namesIn(reviews())).toEqual(['Applicant 1', 'Applicant 2']);
    const first = await rowOf('Applicant 1');
    expect(within(first).getByRole('cell', { name: 'applicant1@example.com' })).toBeInTheDocument();
    // What an approval lets out of its hold.
    expect(within(first).getByRole('cell', { name: '50.00' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'User' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: formatDateTime(kycRow(1).requestedAt) })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(api.queries).toContain('/admin/kyc?status=pending&page=1&limit=5');
  });

  it('should approve with a reason: the trimmed reason sent, "Processing..." meanwhile, the toast, and the row leaves the queue', async () => {
    const api = kycApi({ requests: [kycRow(1), kycRow(2)] });
    await renderWithProviders(<VerificationPage />);
    const hold = held();
    api.hold = hold.promise;
    const open = await decide('Applicant 1', 'Approve', '  Passport matches the account  ');
    expect(within(open).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(open).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => hold.release());

    expect(await screen.findByText('KYC approved')).toBeInTheDocument();
    expect(api.decisions).toEqual([
      {
        id: kycRow(1)._id,
        body: { decision: 'approve', reason: 'Passport matches the account', checked: ['passport'] },
      },
    ]);
    await waitFor(() => expect(namesIn(reviews())).toEqual(['Applicant 2']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should ask which identity document was seen before an approval is sent', async () => {
    const api = kycApi({ requests: [kycRow(1)] });
    await renderWithProviders(<VerificationPage />);
    const open = await decide('Applicant 1', 'Approve', 'Looks right', ['Their face matches the document']);
    expect(
      await within(open).findByText('Tick the identity document you saw: a national ID card or a passport.'),
    ).toBeInTheDocument();
    expect(api.decisions).toEqual([]);
    await userEvent.click(within(open).getByRole('checkbox', { name: 'National ID card' }));
    await userEvent.click(within(open).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('KYC approved')).toBeInTheDocument();
    expect(api.decisions).toEqual([
      {
        id: kycRow(1)._id,
        body: { decision: 'approve', reason: 'Looks right', checked: ['face_match', 'national_id'] },
      },
    ]);
  });

  it('should list a decided request under its status with when it was decided and why', async () => {
    const api = kycApi({ requests: [kycRow(1), kycRow(2)] });
    await renderWithProviders(<VerificationPage />);
    await decide('Applicant 2', 'Reject', 'The photo is unreadable');
    expect(await screen.findByText('KYC rejected')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    const row = await rowOf('Applicant 2');
    expect(headersOf(reviews())).toEqual(['Name', 'Email', 'Role', 'Requested', 'Decided', 'Reason', 'Checked']);
    expect(within(row).getByRole('cell', { name: formatDateTime(api.now) })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'The photo is unreadable' })).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(namesIn(reviews())).toEqual(['Applicant 2']);
    expect(api.queries.at(-1)).toBe('/admin/kyc?status=rejected&page=1&limit=5');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    expect(await screen.findByText('No approved requests.')).toBeInTheDocument();
  });

  it('should refuse to reject without a reason, with the validation message, and send nothing', async () => {
    const api = kycApi({ requests: [kycRow(1)] });
    await renderWithProviders(<VerificationPage />);
    const open = await decide('Applicant 1', 'Reject', '');
    const reason = within(open).getByRole('textbox', { name: 'Reason' });
    expect(await within(open).findByText('Reason is required')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(reason, '   ');
    await userEvent.click(within(open).getByRole('button', { name: 'Confirm' }));
    expect(within(open).getByText('Reason is required')).toBeInTheDocument();
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(api.decisions).toEqual([]);
  });

  it('should send nothing on Cancel, and open again with an empty reason', async () => {
    const api = kycApi({ requests: [kycRow(1)] });
    await renderWithProviders(<VerificationPage />);
    await userEvent.click(within(await rowOf('Applicant 1')).getByRole('button', { name: 'Approve' }));
    const open = await dialog('Approve the identity of Applicant 1?');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Reason' }), 'Half typed');
    await userEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.decisions).toEqual([]);

    await userEvent.click(within(await rowOf('Applicant 1')).getByRole('button', { name: 'Approve' }));
    const again = await dialog('Approve the identity of Applicant 1?');
    expect(within(again).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
  });

  it("should show the server's 409 when another admin decided first, then the queue as it now is", async () => {
    const api = kycApi({ requests: [kycRow(1), kycRow(2)] });
    await renderWithProviders(<VerificationPage />);
    await userEvent.click(within(await rowOf('Applicant 1')).getByRole('button', { name: 'Approve' }));
    api.requests = api.requests.map((row) =>
      row._id === kycRow(1)._id ? { ...row, status: 'rejected', reason: 'No', decidedAt: api.now } : row,
    );
    const open = await dialog('Approve the identity of Applicant 1?');
    await userEvent.click(within(open).getByRole('checkbox', { name: 'Passport' }));
    await userEvent.type(within(open).getByRole('textbox', { name: 'Reason' }), 'Looks right');
    await userEvent.click(within(open).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('This request was already decided')).toBeInTheDocument();
    expect(screen.queryByText('KYC approved')).not.toBeInTheDocument();
    await waitFor(() => expect(namesIn(reviews())).toEqual(['Applicant 2']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("should keep the dialog and the reason when the server fails otherwise, with the server's message", async () => {
    const api = kycApi({ requests: [kycRow(1)] });
    api.refuse = { status: 403, message: 'You are not allowed to do this' };
    await renderWithProviders(<VerificationPage />);
    const open = await decide('Applicant 1', 'Approve', 'Looks right');
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(within(open).getByRole('textbox', { name: 'Reason' })).toHaveValue('Looks right');
    expect(within(open).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('should list the unverified emails oldest first and verify one by hand', async () => {
    const api = kycApi({ unverified: [unverifiedRow(2), unverifiedRow(1)] });
    await renderWithProviders(<VerificationPage />);
    const row = await rowOf('Person 1');
    expect(headersOf(unverified())).toEqual(['Name', 'Email', 'Role', 'Registered', 'Actions']);
    expect(namesIn(unverified())).toEqual(['Person 1', 'Person 2']);
    expect(within(row).getByRole('cell', { name: formatDateTime(unverifiedRow(1).createdAt) })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'person1@example.com' })).toBeInTheDocument();

    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(row).getByRole('button', { name: 'Verify email' }));
    expect(within(row).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => hold.release());
    expect(await screen.findByText('Email verified successfully')).toBeInTheDocument();
    expect(api.verified).toEqual([unverifiedRow(1)._id]);
    await waitFor(() => expect(namesIn(unverified())).toEqual(['Person 2']));
  });

  it("should show the server's message when the email was verified meanwhile", async () => {
    const api = kycApi({ unverified: [unverifiedRow(1)] });
    await renderWithProviders(<VerificationPage />);
    const row = await rowOf('Person 1');
    api.unverified = [];
    await userEvent.click(within(row).getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('This email is already verified')).toBeInTheDocument();
    expect(await screen.findByText('Every email is verified.')).toBeInTheDocument();
  });

  it('should let the keyboard reach both tables by their names', async () => {
    kycApi({ requests: [kycRow(1)], unverified: [unverifiedRow(1)] });
    await renderWithProviders(<VerificationPage />);
    await screen.findByRole('cell', { name: 'Person 1' });
    expect(screen.getByRole('region', { name: 'Identity reviews, scrollable' })).toContainElement(reviews());
    expect(screen.getByRole('region', { name: 'Unverified emails, scrollable' })).toContainElement(unverified());
    expect(screen.getByRole('region', { name: 'Identity reviews' })).toContainElement(reviews());
  });

  it('should list the merchant applications waiting and approve one with a reason', async () => {
    kycApi({ requests: [] });
    const application = {
      _id: '00000000-0000-4000-8000-000000000801',
      status: 'pending' as const,
      businessName: 'Rahim Store',
      businessNameBn: 'রহিম স্টোর',
      category: '5411' as const,
      city: 'Dhaka',
      cityBn: 'ঢাকা',
      reason: null,
      requestedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
      person: { _id: '00000000-0000-4000-8000-000000000802', name: 'Rahim Uddin', email: 'rahim@example.com' },
    };
    const api = merchantApplicationsApi([application]);
    await renderWithProviders(<VerificationPage />);
    const table = await screen.findByRole('table', { name: 'Merchant applications' });
    const row = (await within(table).findByText('Rahim Store · রহিম স্টোর')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Groceries and supermarkets')).toBeInTheDocument();
    expect(within(row).getByText('Rahim Uddin (rahim@example.com)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Application status' })).toHaveValue('pending');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const open = await dialog('Approve Rahim Store as a merchant?');
    await userEvent.type(within(open).getByRole('textbox', { name: 'Reason' }), 'Trade licence and shop seen');
    await userEvent.click(within(open).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Merchant approved')).toBeInTheDocument();
    expect(api.decisions).toEqual([{ decision: 'approve', reason: 'Trade licence and shop seen' }]);
    expect(await within(table).findByText('No merchant applications are waiting.')).toBeInTheDocument();
  });
});
