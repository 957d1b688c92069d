import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFUND_TEXTS } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import {
  apiAnswers,
  FakeEventSource,
  fail,
  renderWithProviders,
  TEST_PIN,
  walletOf,
  withFakeEventSource,
} from '@wallet/shared/testing';
import OverviewPage from '../pages/overview-page';
import { merchantApi, payment, shopkeeper } from './merchant-api';
import { installSpeech, withSpeech } from './speaking';

withFakeEventSource();
withSpeech();

const figure = (name: string) => screen.getByRole('group', { name });
const table = () => screen.getByRole('table', { name: "Today's payments" });
const rowOf = (payer: string) => within(table()).getByText(payer).closest('tr')!;

async function openOverview(api = merchantApi({ payments: [payment(2), payment(1)] }), me = shopkeeper()) {
  useSession.setState({ user: me, status: 'signed-in' });
  await renderWithProviders(<OverviewPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Today at your shop' })).toBeInTheDocument();
  return api;
}

describe('merchant overview', () => {
  it("should show today's figures and payments, and a new payment as soon as the wallet says it arrived", async () => {
    const api = await openOverview();
    expect(await within(table()).findByText('Payer 2')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026, by Dhaka time')).toBeInTheDocument();
    expect(figure('Payments')).toHaveTextContent(`Payments2`);
    expect(figure('Received')).toHaveTextContent(`Received300.00 Taka`);
    expect(figure('MDR fee')).toHaveTextContent(`MDR fee3.00 Taka`);
    expect(figure('Net')).toHaveTextContent(`Net297.00 Taka`);
    expect(within(rowOf('Payer 2')).getByText('Shop QR')).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Paid by', 'How', 'Reference', 'Amount (Taka)', 'MDR fee (Taka)', 'Refunded (Taka)', 'Actions']);

    const stream = FakeEventSource.latest!;
    act(() => stream.open());
    api.payments = [payment(4, { channel: 'dynamic', reference: 'INV-4' }), ...api.payments];
    api.balance += 400;
    act(() => stream.send('wallet', { wallet: walletOf(shopkeeper(), { balance: api.balance }) }));
    const newest = await within(table()).findByText('Payer 4');
    expect(within(newest.closest('tr')!).getByText('INV-4')).toBeInTheDocument();
    expect(within(newest.closest('tr')!).getByText('One-payment QR')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')[1]).toBe(newest.closest('tr'));
    expect(await screen.findByText('700.00 Taka')).toBeInTheDocument();
  });

  it('should read a payment aloud in English, in whole Taka and poisha', async () => {
    const spoken = installSpeech('bn-BD', 'en-US');
    await openOverview(merchantApi({ payments: [payment(2), payment(1, { amount: 250.5 })] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud: 200.00 Taka from Payer 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud: 250.50 Taka from Payer 1' }));
    expect(spoken).toEqual([
      { text: 'Received 200 Taka', lang: 'en-US' },
      { text: 'Received 250 Taka 50 poisha', lang: 'en-US' },
    ]);
    expect(screen.queryByText('This device has no voice to say it: show this instead')).not.toBeInTheDocument();
  });

  it('should show the amount instead where the device has no voice for the language', async () => {
    const spoken = installSpeech('hi-IN');
    await openOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Read aloud: 200.00 Taka from Payer 2' }));
    const shown = (await screen.findByText('Received 200 Taka')).closest('[role="status"]') as HTMLElement;
    expect(shown).toHaveTextContent('This device has no voice to say it: show this insteadReceived 200 Taka');
    expect(within(shown).getByText('Received 200 Taka')).toBeVisible();
    expect(spoken).toEqual([]);
  });

  it('should refund part of a payment with the reason and the PIN, then show what was given back', async () => {
    const api = await openOverview();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund: 200.00 Taka from Payer 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    const amount = within(dialog).getByLabelText('Amount to give back (Taka)');
    expect(amount).toHaveValue('200.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The rice was damp');
    await userEvent.type(within(dialog).getByLabelText('PIN'), TEST_PIN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Amount to give back (Taka) must be at most 200')).toBeInTheDocument();
    expect(api.refunds).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(REFUND_TEXTS.refunded)).toBeInTheDocument();
    expect(api.refunds).toEqual([
      { body: { amount: 50, reason: 'The rice was damp' }, idempotencyKey: expect.any(String), pin: TEST_PIN },
    ]);
    expect(await within(rowOf('Payer 2')).findByText('50.00')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(figure('Refunded')).toHaveTextContent(`Refunded50.00 Taka`);
  });

  it("should show a wrong PIN beside it, and any other refusal in the API's words", async () => {
    await openOverview();
    const sent = apiAnswers('post', '/merchant/payments/:id/refund', [
      fail(403, 'Wrong PIN: 2 more tries before it locks for an hour', undefined, 'PIN_WRONG'),
      fail(409, 'This payment was refunded in full already', undefined, 'ALREADY_REFUNDED'),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund: 100.00 Taka from Payer 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer changed their mind');
    await userEvent.type(within(dialog).getByLabelText('PIN'), '11111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Wrong PIN: 2 more tries before it locks for an hour',
    );
    expect(within(dialog).getByLabelText('PIN')).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('PIN'), TEST_PIN);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('This payment was refunded in full already')).toBeInTheDocument();
    expect(screen.queryByText(REFUND_TEXTS.refunded)).not.toBeInTheDocument();
    // The same refund tried again: one Idempotency-Key for both.
    expect(sent.map(({ body, pin }) => [body, pin])).toEqual([
      [{ amount: 100, reason: 'Customer changed their mind' }, '11111'],
      [{ amount: 100, reason: 'Customer changed their mind' }, TEST_PIN],
    ]);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('should tell a user who is no merchant where to apply', async () => {
    await openOverview(merchantApi(), shopkeeper({ merchant: null }));
    expect(screen.getByText('This is for merchants')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to sell' })).toHaveAttribute('href', '/user/limits');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('should say the same when the API answers that the shop is no more', async () => {
    const api = merchantApi();
    api.notAMerchant = true;
    await openOverview(api);
    expect(await screen.findByText('This is for merchants')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to sell' })).toHaveAttribute('href', '/user/limits');
  });
});
