import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVEMENTS, MY_LIMITS_PATH, type TransferInput } from '@wallet/shared/contracts';
import { MY_LIMITS_KEY, useMoneyMovement, useMyLimits } from '@wallet/shared/data';
import { apiAnswers, fail, myLimits, myLimitsAnswers, renderWithProviders, user } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';

const { accepted, signedIn } = createMoneyApi(user());
const body: TransferInput = { receiverId: '00000000-0000-4000-8000-000000000001', balance: 120 };

/** The day's send limit as the hook has it, beside a button that sends 120 Taka. */
function SendProbe() {
  const { data } = useMyLimits();
  const { submit } = useMoneyMovement<TransferInput>(MOVEMENTS.transfer);
  const left = data?.movements.find((entry) => entry.type === 'transfer')?.daily?.left;
  return (
    <>
      <p>Left today: {left ?? 'none'}</p>
      <button onClick={() => void submit(body)}>Send</button>
    </>
  );
}

describe('useMyLimits', () => {
  it('should read the limits from the path the contract names', () => {
    expect(MY_LIMITS_KEY).toBe(MY_LIMITS_PATH);
  });

  it('should ask for the limits again once the server accepted a movement', async () => {
    signedIn();
    const calls = myLimitsAnswers(myLimits(), myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 120 } } }));
    apiAnswers('post', MOVEMENTS.transfer.path, [accepted('Transfer successful!', 380)]);
    await renderWithProviders(<SendProbe />);
    expect(await screen.findByText('Left today: 25000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Left today: 24880')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('should not ask again after a refusal', async () => {
    signedIn();
    const calls = myLimitsAnswers(myLimits());
    apiAnswers('post', MOVEMENTS.transfer.path, [fail(400, 'Insufficient balance', undefined, 'INSUFFICIENT_BALANCE')]);
    await renderWithProviders(<SendProbe />);
    expect(await screen.findByText('Left today: 25000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
