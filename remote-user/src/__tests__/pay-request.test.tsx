import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import {
  apiAnswers,
  confirmWithPin,
  fail,
  fixtureId,
  moneyRequest,
  myLimits,
  myLimitsAnswers,
  renderWithProviders,
  requestsApi,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { routes } from '../routes';

const ME = user();
const { signedIn, walletAnswers } = createMoneyApi(ME);
const dinner = moneyRequest(5, { note: 'Dinner on Friday' });

function UserArea() {
  return useRoutes([{ path: 'user', children: routes }]);
}

async function open(route: string, incoming = [dinner]) {
  signedIn();
  walletAnswers(800);
  myLimitsAnswers(myLimits());
  const api = requestsApi(ME, { incoming });
  await renderWithProviders(<UserArea />, { route });
  return api;
}

const here = () => screen.getByTestId('location').textContent;
const transferForm = () => screen.findByRole('form', { name: 'Transfer' });

describe('paying a request', () => {
  it('should open Transfer with the requester and the amount fixed, and send the request with the PIN', async () => {
    const api = await open('/user/request-money');
    const row = (await within(await screen.findByRole('table', { name: 'Asked of you' })).findByText('Karim')).closest(
      'tr',
    )!;
    await userEvent.click(within(row).getByRole('link', { name: 'Pay Karim 500.00 Taka' }));

    const form = await transferForm();
    expect(here()).toBe('/user/transfer');
    expect(within(form).getByText(/You are paying the request of Karim\./)).toBeInTheDocument();
    const line = (label: string) => within(form).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(line('Receiver')).toHaveTextContent('Karim');
    expect(line('Amount')).toHaveTextContent('500.00 Taka');
    expect(line('Note')).toHaveTextContent('Dinner on Friday');
    // Neither is a field: the API refuses a transfer that differs from the request.
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(within(form).getByRole('button', { name: 'Transfer' }));
    const review = await screen.findByRole('dialog', { name: 'Review transfer' });
    const reviewed = (label: string) => within(review).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(reviewed('Receiver')).toHaveTextContent('Karim');
    expect(reviewed('Amount')).toHaveTextContent('500.00 Taka');
    expect(reviewed('Note')).toHaveTextContent('Dinner on Friday');
    expect(await within(review).findByText('No fee')).toBeInTheDocument();
    await confirmWithPin(review);

    expect(await screen.findByText('Transfer successful!')).toBeInTheDocument();
    expect(api.transfers).toEqual([
      {
        body: { receiverId: dinner.requester._id, balance: 500, requestId: dinner._id },
        idempotencyKey: expect.any(String),
        pin: TEST_PIN,
        // The fee the review showed: a transfer is free.
        expectedFee: '0.00',
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(here()).toBe('/user/request-money'));
    const paid = (await within(await screen.findByRole('table', { name: 'Asked of you' })).findByText('Karim')).closest(
      'tr',
    )!;
    expect(await within(paid).findByText('Paid')).toBeInTheDocument();
    expect(within(paid).queryByRole('link')).not.toBeInTheDocument();
  });

  it('should leave with Cancel, sending nothing', async () => {
    const api = await open(`/user/transfer?request=${dinner._id}`);
    const form = await transferForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(here()).toBe('/user/request-money'));
    expect(api.transfers).toEqual([]);
  });

  it("should show the API's refusal when the request was closed meanwhile", async () => {
    await open(`/user/transfer?request=${dinner._id}`);
    apiAnswers('post', '/wallet/transfer', [
      fail(409, 'This request is no longer open', undefined, 'REQUEST_NOT_OPEN'),
    ]);
    await userEvent.click(within(await transferForm()).getByRole('button', { name: 'Transfer' }));
    await confirmWithPin(await screen.findByRole('dialog'));
    expect(await screen.findByText('This request is no longer open')).toBeInTheDocument();
  });

  it.each([
    ['paid', 'This request is already paid.'],
    ['declined', 'You declined this request: it can no longer be paid.'],
    ['expired', 'This request has expired: it can no longer be paid.'],
  ] as const)('should not offer to pay a request %s', async (status, text) => {
    const closed = moneyRequest(2, { status });
    await open(`/user/transfer?request=${closed._id}`, [dinner, closed]);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay a request' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to requests' })).toHaveAttribute('href', '/user/request-money');
    expect(screen.getByRole('link', { name: 'Make a transfer instead' })).toHaveAttribute('href', '/user/transfer');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('should find a request past the first page of those asked', async () => {
    const many = Array.from({ length: 120 }, (_, index) => moneyRequest(1, { _id: fixtureId(2_000 + index) }));
    const last = many.at(-1)!;
    await open(`/user/transfer?request=${last._id}`, many);
    expect(await transferForm()).toBeInTheDocument();
  });

  it('should say a request unknown to the person is not theirs to pay', async () => {
    await open('/user/transfer?request=00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('This request is not among the requests asked of you.')).toBeInTheDocument();
  });

  it('should keep Transfer as it was without a request', async () => {
    await open('/user/transfer');
    const form = await transferForm();
    expect(within(form).getByRole('combobox', { name: 'Receiver' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('');
    expect(within(form).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});
