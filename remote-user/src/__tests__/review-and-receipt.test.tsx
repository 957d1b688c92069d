import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { disputeRowSchema, moneyMovementResultSchema } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import {
  apiAnswers,
  confirmWithPin,
  counterpart,
  disputeRow,
  fixtureId,
  held,
  myLimits,
  myLimitsAnswers,
  ok,
  party,
  renderWithProviders,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import TransferPage from '../pages/transfer-page';

const { ME, counterpartsAnswer, signedIn, transaction, walletAnswers } = createMoneyApi(user());
const karim = counterpart(1, 'Karim');

/** The server's 201 for 120 Taka to Karim, as transaction 77 at 14:30 UTC (or `createdAt`), leaving 380. */
const transferred = (createdAt = '2025-03-04T14:30:00.000Z') =>
  ok(
    moneyMovementResultSchema,
    {
      transaction: transaction(120, {
        _id: fixtureId(77),
        createdAt,
        sender: party(ME),
        receiver: party(karim),
      }),
      wallet: { _id: fixtureId(900), userId: ME._id, balance: 380, available: 380, held: 0, isBlocked: false },
    },
    { status: 201, message: 'Transfer successful!' },
  );

async function fillTransfer(amount = '120') {
  signedIn();
  walletAnswers(500);
  myLimitsAnswers(myLimits());
  counterpartsAnswer([karim]);
  await renderWithProviders(<TransferPage />);
  await userEvent.type(screen.getByLabelText('Receiver'), 'kar');
  await userEvent.click(await screen.findByRole('option', { name: /Karim/ }));
  await userEvent.type(screen.getByLabelText('Amount'), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
  return screen.findByRole('dialog', { name: 'Review transfer' });
}

describe('transfer review', () => {
  it("should show the receiver's name and email, the amount and the balance after, and send nothing before Confirm", async () => {
    const sent = apiAnswers('post', '/wallet/transfer', [transferred()]);
    const review = await fillTransfer();
    expect(within(review).getByText('Karim')).toBeInTheDocument();
    expect(within(review).getByText('karim@example.com')).toBeInTheDocument();
    expect(within(review).getByText('120.00 Taka')).toBeInTheDocument();
    expect(await within(review).findByText('380.00 Taka')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await confirmWithPin(review);
    expect(await screen.findByText('Transfer successful!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { receiverId: karim._id, balance: 120 },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        expectedFee: '0.00',
      },
    ]);
  });

  it('should go back to the form with the values kept on Cancel, and send nothing', async () => {
    const sent = apiAnswers('post', '/wallet/transfer', [transferred()]);
    const review = await fillTransfer();
    await userEvent.click(within(review).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Receiver')).toHaveValue('Karim');
    expect(screen.getByLabelText('Amount')).toHaveValue('120');
    expect(sent).toEqual([]);
  });

  it('should warn when the amount is more than the balance', async () => {
    const review = await fillTransfer('600');
    expect(await within(review).findByText('-100.00 Taka')).toBeInTheDocument();
    expect(within(review).getByText('This is more than your balance.')).toBeInTheDocument();
  });

  it('should retry the same confirmation with the same Idempotency-Key', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = apiAnswers('post', '/wallet/transfer', [new HttpResponse(null, { status: 502 }), transferred()]);
    const review = await fillTransfer();
    await confirmWithPin(review);
    expect(await screen.findByText('Transfer failed. Please try again.')).toBeInTheDocument();
    await confirmWithPin(review);
    expect(await screen.findByRole('heading', { name: 'Transfer receipt' })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });
});

describe('transfer receipt', () => {
  it('should show the transaction id, time, parties and amount, and Done should return to an empty form', async () => {
    const answer = held();
    apiAnswers('post', '/wallet/transfer', [transferred()], { hold: answer.promise });
    const review = await fillTransfer();
    await confirmWithPin(review);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer.release());
    const receipt = await screen.findByRole('heading', { name: 'Transfer receipt' });
    expect(receipt).toHaveFocus();
    const lines = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(lines).toEqual({
      'Transaction ID': fixtureId(77),
      Time: formatDateTime('2025-03-04T14:30:00.000Z'),
      From: ME.name,
      To: 'Karim',
      Amount: '120.00 Taka',
      Fee: 'No fee',
      'Balance now': '380.00 Taka',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByLabelText('Receiver')).toHaveValue('');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });
});

describe('reporting a problem from the receipt', () => {
  it('should send the reason for the transfer just made and then say it is under review', async () => {
    apiAnswers('post', '/wallet/transfer', [transferred(new Date().toISOString())]);
    const reported = apiAnswers('post', `/transaction/${fixtureId(77)}/dispute`, [
      ok(
        disputeRowSchema,
        disputeRow(77, {
          transactionId: fixtureId(77),
          reason: 'Wrong Karim',
          transaction: transaction(120, { _id: fixtureId(77) }),
        }),
        { status: 201, message: 'Your report was sent. We will look into it within 24 hours.' },
      ),
    ]);
    await confirmWithPin(await fillTransfer());
    await screen.findByRole('heading', { name: 'Transfer receipt' });
    await userEvent.click(screen.getByRole('button', { name: /^Report a problem/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with this transfer' });
    expect(within(dialog).getByText(/^120\.00 Taka to Karim on /)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What went wrong' }), 'Wrong Karim');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Your report was sent. We will look into it within 24 hours.')).toBeInTheDocument();
    expect(await screen.findByText('Reported: under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report a problem/ })).not.toBeInTheDocument();
    expect(reported.map((request) => request.body)).toEqual([{ reason: 'Wrong Karim' }]);
  });

  it('should not offer a report on the receipt of a transfer older than 7 days', async () => {
    apiAnswers('post', '/wallet/transfer', [transferred()]);
    await confirmWithPin(await fillTransfer());
    await screen.findByRole('heading', { name: 'Transfer receipt' });
    expect(screen.queryByRole('button', { name: /^Report a problem/ })).not.toBeInTheDocument();
  });
});
