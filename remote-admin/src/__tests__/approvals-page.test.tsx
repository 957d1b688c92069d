import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Approval } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { admin, approvalsApi, fixtureId, renderWithProviders, seededFees } from '@wallet/shared/testing';
import ApprovalsPage from '../pages/approvals-page';

const ME = admin({ _id: fixtureId(1), name: 'Bo Finance', email: 'bo@example.com' });
const ANA = { _id: fixtureId(2), name: 'Ana Finance', email: 'ana@example.com' };
const { type: _type, updatedAt: _updatedAt, ...ROW } = seededFees().find((row) => row.type === 'cash-out')!;

function proposal(n: number, fields: Partial<Approval> = {}): Approval {
  return {
    _id: fixtureId(70_000 + n),
    kind: 'fee_change',
    status: 'pending',
    change: { type: 'cash-out', before: ROW, after: { ...ROW, percent: 1.5 } },
    reversal: null,
    funding: null,
    proposedBy: ANA,
    proposedAt: '2025-05-01T09:00:00.000Z',
    expiresAt: '2025-05-04T09:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...fields,
  };
}

beforeEach(() => useSession.setState({ user: ME, status: 'signed-in' }));

describe('approvals page', () => {
  it('should show what waits, who proposed it and the change before → after, and apply it once confirmed', async () => {
    const decided = approvalsApi([proposal(1)], ME);
    await renderWithProviders(<ApprovalsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Proposals' });
    const row = (await within(table).findByText('Fees · Cash out')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Percentage: 1.85% → 1.5%')).toBeInTheDocument();
    expect(within(row).getByText('Ana Finance')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Approve and apply this change now?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Approved and applied')).toBeInTheDocument();
    expect(decided).toEqual([`approve ${fixtureId(70_001)}`]);
  });

  it('should reject with a reason, and offer no decision on one’s own proposal', async () => {
    const decided = approvalsApi(
      [
        proposal(1, {
          kind: 'reversal',
          change: null,
          reversal: {
            transactionId: fixtureId(9),
            amount: 6000,
            transferredAt: '2025-04-20T09:00:00.000Z',
            disputeId: null,
            reason: 'Sent by mistake',
          },
        }),
        proposal(2, { proposedBy: { _id: ME._id, name: ME.name, email: ME.email } }),
        proposal(3, {
          kind: 'float_funding',
          change: null,
          funding: { amount: 500, source: 'fee_revenue', floatBefore: 12.5 },
        }),
      ],
      ME,
    );
    await renderWithProviders(<ApprovalsPage />);
    const table = await screen.findByRole('table', { name: 'Proposals' });
    // An owner's funding of the commission float: how much, from where, and the float before → after.
    const funding = (await within(table).findByText('Funding of the commission float')).closest('tr') as HTMLElement;
    expect(within(funding).getByText('500.00 Taka from fee revenue')).toBeInTheDocument();
    expect(within(funding).getByText('Float 12.50 → 512.50 Taka')).toBeInTheDocument();
    const reversal = (await within(table).findByText('Reversal of a transfer')).closest('tr') as HTMLElement;
    expect(within(reversal).getByText(/^6,000\.00 Taka sent on/)).toBeInTheDocument();
    const own = within(table).getByText('Bo Finance').closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(reversal).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this proposal?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The receiver disputes it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Proposal rejected')).toBeInTheDocument();
    await waitFor(() => expect(decided).toEqual([`reject ${fixtureId(70_001)} {"reason":"The receiver disputes it"}`]));
  });
});
