import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { moneyMovementResultSchema, publicPaymentLinkSchema, type PublicPaymentLink } from '@wallet/shared/contracts';
import { setLanguage } from '@wallet/shared/i18n';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import {
  apiAnswers,
  confirmWithPin,
  fail,
  fixtureId,
  ok,
  party,
  renderWithProviders,
  TEST_PIN,
  user,
  withRole,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { routes } from '../routes';

const { ME, signedIn, transaction, walletAnswers } = createMoneyApi(user());
const CODE = 'AbCdEfGhIjKlMnOpQrStUv_-';

function PublicArea() {
  return useRoutes(routes);
}

/** GET /links/{code}: the link as the API shows it to anyone. */
const linkAnswer = (fields: Partial<PublicPaymentLink> = {}) =>
  ok(
    publicPaymentLinkSchema,
    {
      code: CODE,
      merchant: { name: 'Rahim Store', nameBn: 'রহিম স্টোর', city: 'Dhaka', cityBn: 'ঢাকা' },
      amount: 250,
      description: 'Eid order #12',
      expiresAt: null,
      closed: null,
      ...fields,
    },
    { message: 'Payment link retrieved' },
  );

const paid = (amount: number) =>
  ok(
    moneyMovementResultSchema,
    {
      transaction: transaction(amount, {
        _id: fixtureId(88),
        type: 'payment',
        fee: amount / 100,
        sender: party(ME),
        receiver: { _id: fixtureId(4502), name: 'Rahim' },
      }),
      wallet: {
        _id: fixtureId(900),
        userId: ME._id,
        balance: 500 - amount,
        available: 500 - amount,
        held: 0,
        isBlocked: false,
      },
    },
    { status: 201, message: 'Payment successful!' },
  );

const openLink = (path = `/pay/${CODE}`) => renderWithProviders(<PublicArea />, { route: path });

describe('the payment link page', () => {
  it('should show a visitor the verified merchant, what for and how much, and Sign in to pay that comes back here', async () => {
    useSession.getState().signOut();
    apiAnswers('get', `/links/${CODE}`, [linkAnswer()]);
    await openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Rahim Store' })).toBeInTheDocument();
    expect(screen.getByText('A merchant in Dhaka, verified by us.')).toBeInTheDocument();
    expect(screen.getByText('Eid order #12')).toBeInTheDocument();
    expect(screen.getByText('Amount asked: 250.00 Taka')).toBeInTheDocument();
    const back = encodeURIComponent(`/pay/${CODE}`);
    expect(screen.getByRole('link', { name: 'Sign in to pay' })).toHaveAttribute('href', `/login?next=${back}`);
    expect(screen.getByRole('link', { name: 'Sing Up' })).toHaveAttribute('href', `/register?next=${back}`);
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('should let a user type the amount of an open link, review it with the PIN, pay it by its code, and show the receipt', async () => {
    signedIn();
    walletAnswers(500);
    const asked = apiAnswers('get', `/links/${CODE}`, [
      linkAnswer({ amount: null }),
      linkAnswer({ amount: null, closed: 'PAY_LINK_USED_UP' }),
    ]);
    const sent = apiAnswers('post', '/wallet/pay', [paid(200)]);
    await openLink();
    expect(await screen.findByText('Eid order #12')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByRole('dialog', { name: 'Review your payment' });
    expect(within(review).getByText('Rahim Store')).toBeInTheDocument();
    expect(await within(review).findByText('No fee')).toBeInTheDocument();
    await confirmWithPin(review);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        body: { link: CODE, amount: 200 },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        expectedFee: '0.00',
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toBeInTheDocument();
    // Done: the page asks how the link stands now, and this one is paid as often as it allows.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('This payment link has been paid as many times as it allows')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('should say a link turned off cannot be paid, and offer no way to pay it', async () => {
    signedIn();
    apiAnswers('get', `/links/${CODE}`, [linkAnswer({ closed: 'PAY_LINK_INACTIVE' })]);
    await openLink();
    expect(await screen.findByText('This link cannot be paid')).toBeInTheDocument();
    expect(screen.getByText('The merchant has turned this payment link off')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay Rahim Store' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to pay' })).not.toBeInTheDocument();
  });

  it('should tell an agent that only user wallets pay', async () => {
    useSession.getState().setUser(withRole('AGENT'));
    apiAnswers('get', `/links/${CODE}`, [linkAnswer()]);
    await openLink();
    expect(
      await screen.findByText(
        "Only a user's wallet can pay a payment link: you are signed in with an agent or admin account.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('should say a code that cannot be a link is not found, without asking the API', async () => {
    useSession.getState().signOut();
    const asked = apiAnswers('get', '/links/:code', [linkAnswer()]);
    await openLink('/pay/not-a-code');
    expect(await screen.findByRole('heading', { name: 'Payment link not found' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("should show the API's words when it limits lookups", async () => {
    useSession.getState().signOut();
    apiAnswers('get', `/links/${CODE}`, [fail(429, 'Too many attempts. Please try again in 1 minute.')]);
    await openLink();
    expect(await screen.findByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('should show the page in Bangla, with the merchant’s Bangla names', async () => {
    useSession.getState().signOut();
    apiAnswers('get', `/links/${CODE}`, [linkAnswer({ description: 'ঈদের অর্ডার', amount: null })]);
    await act(() => setLanguage('bn'));
    await openLink();
    expect(await screen.findByRole('heading', { name: 'রহিম স্টোর-কে পেমেন্ট' })).toBeInTheDocument();
    expect(screen.getByText('ঢাকা-এর মার্চেন্ট, আমাদের যাচাই করা।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লগইন করে পেমেন্ট করুন' })).toBeInTheDocument();
    const page = document.body.textContent!.replace(screen.getByTestId('location').textContent!, '');
    expect(page).not.toMatch(/[A-Za-z]/);
  });
});
