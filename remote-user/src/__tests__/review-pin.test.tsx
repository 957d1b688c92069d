import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { PIN_TEXTS, userSchema } from '@wallet/shared/contracts';
import { PIN_HEADER } from '@wallet/shared/contracts/headers';
import {
  apiAnswers,
  confirmWithPin,
  counterpart,
  fail,
  myLimits,
  myLimitsAnswers,
  ok,
  renderWithProviders,
  server,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { useSession } from '@wallet/shared/session';
import TransferPage from '../pages/transfer-page';

const karim = counterpart(1, 'Karim');
const WRONG = 'Wrong PIN: 2 more tries before it locks for an hour';
const LOCKED = 'Your PIN is locked after 3 wrong tries. Try again in 60 minutes, or ask us to unlock it';

async function openReview(me = user()) {
  const { accepted, counterpartsAnswer, walletAnswers } = createMoneyApi(me);
  useSession.setState({ user: me, status: 'signed-in' });
  walletAnswers(500);
  myLimitsAnswers(myLimits());
  counterpartsAnswer([karim]);
  await renderWithProviders(<TransferPage />);
  await userEvent.type(screen.getByLabelText('Receiver'), 'kar');
  await userEvent.click(await screen.findByRole('option', { name: /Karim/ }));
  await userEvent.type(screen.getByLabelText('Amount'), '120');
  await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Review transfer' });
  return { dialog, transferred: () => accepted('Transfer successful!', 380) };
}

describe('review with a PIN', () => {
  it('should send the PIN in X-Wallet-Pin with Confirm, and say it is never asked for', async () => {
    const { dialog, transferred } = await openReview();
    const sent = apiAnswers('post', '/wallet/transfer', [transferred()]);
    const pin = within(dialog).getByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('maxlength', '5');
    expect(pin).toHaveAttribute('autocomplete', 'off');
    expect(within(dialog).getByText('We will never ask for your PIN.')).toBeInTheDocument();
    await confirmWithPin(dialog);
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

  it('should send nothing and ask for 5 digits when the PIN is short', async () => {
    const { dialog, transferred } = await openReview();
    const sent = apiAnswers('post', '/wallet/transfer', [transferred()]);
    await confirmWithPin(dialog, '123');
    expect(await within(dialog).findByText('Enter your 5-digit PIN')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('should show a wrong PIN in the dialog, clear and focus the PIN, and retry with the same key', async () => {
    const { dialog, transferred } = await openReview();
    const sent = apiAnswers('post', '/wallet/transfer', [fail(403, WRONG, undefined, 'PIN_WRONG'), transferred()]);
    await confirmWithPin(dialog, '11223');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WRONG);
    const pin = within(dialog).getByLabelText('PIN');
    expect(pin).toHaveValue('');
    await waitFor(() => expect(pin).toHaveFocus());
    // A 403 about the PIN is not the session ending.
    expect(useSession.getState().status).toBe('signed-in');
    await confirmWithPin(dialog);
    expect(await screen.findByRole('heading', { name: 'Transfer receipt' })).toBeInTheDocument();
    expect(sent.map(({ pin }) => pin)).toEqual(['11223', TEST_PIN]);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('should show a locked PIN in the dialog and keep it open', async () => {
    const { dialog } = await openReview();
    apiAnswers('post', '/wallet/transfer', [fail(423, LOCKED, undefined, 'PIN_LOCKED')]);
    await confirmWithPin(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LOCKED);
    expect(screen.getByRole('dialog', { name: 'Review transfer' })).toBeInTheDocument();
    expect(screen.queryByText('Transfer failed. Please try again.')).not.toBeInTheDocument();
  });
});

describe('review without a PIN yet', () => {
  it('should set the PIN with the password first, then send the transfer with it', async () => {
    const me = user({ pinSet: false });
    const { dialog, transferred } = await openReview(me);
    const calls: { method: string; body: unknown; pin: string | null }[] = [];
    server.use(
      http.put('*/api/v1/user/pin', async ({ request }) => {
        calls.push({ method: 'PUT', body: await request.json(), pin: request.headers.get(PIN_HEADER) });
        return ok(userSchema, { ...me, pinSet: true }, { message: PIN_TEXTS.set });
      }),
      http.post('*/api/v1/wallet/transfer', async ({ request }) => {
        calls.push({ method: 'POST', body: await request.json(), pin: request.headers.get(PIN_HEADER) });
        return transferred();
      }),
    );
    expect(within(dialog).getByText('Set your PIN')).toBeInTheDocument();
    expect(within(dialog).getByText(PIN_TEXTS.never, { exact: false })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('PIN')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New PIN'), TEST_PIN);
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transfer successful!')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PUT', body: { pin: TEST_PIN, password: 'Secret123!' }, pin: null },
      { method: 'POST', body: { receiverId: karim._id, balance: 120 }, pin: TEST_PIN },
    ]);
    expect(useSession.getState().user?.pinSet).toBe(true);
  });

  it('should show a wrong password in the dialog and send no transfer', async () => {
    const { dialog, transferred } = await openReview(user({ pinSet: false }));
    const set = apiAnswers('put', '/user/pin', [fail(403, 'The password is not correct', undefined, 'PASSWORD_WRONG')]);
    const sent = apiAnswers('post', '/wallet/transfer', [transferred()]);
    await userEvent.type(within(dialog).getByLabelText('New PIN'), TEST_PIN);
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct');
    expect(within(dialog).getByLabelText('New PIN')).toHaveValue('');
    expect(set).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('should send a person who signs in with Google and has no PIN to Security, and confirm nothing', async () => {
    const { dialog } = await openReview(user({ pinSet: false, googleOnly: true }));
    expect(within(dialog).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/user/security');
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
