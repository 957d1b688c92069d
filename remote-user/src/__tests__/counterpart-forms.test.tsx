import type { ComponentType } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  apiAnswers,
  confirmWithPin,
  counterpart,
  fail,
  held,
  myLimits,
  myLimitsAnswers,
  renderWithProviders,
  seededQuote,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import TransferPage from '../pages/transfer-page';
import WithdrawPage from '../pages/withdraw-page';

const { accepted, counterpartsAnswer, signedIn, walletAnswers } = createMoneyApi(user());

const SCREENS: {
  screen: string;
  Page: ComponentType;
  path: string;
  picker: string;
  purpose: string;
  button: string;
  missing: string;
  success: string;
  fallback: string;
  bodyKey: string;
  role: 'USER' | 'AGENT';
}[] = [
  {
    screen: 'transfer',
    Page: TransferPage,
    path: '/wallet/transfer',
    picker: 'Receiver',
    purpose: 'transfer',
    button: 'Transfer',
    missing: 'Please select a receiver',
    success: 'Transfer successful!',
    fallback: 'Transfer failed. Please try again.',
    bodyKey: 'receiverId',
    role: 'USER',
  },
  {
    screen: 'withdraw',
    Page: WithdrawPage,
    path: '/agent/cash-out',
    picker: 'Agent',
    purpose: 'cashout',
    button: 'Withdraw',
    missing: 'Please select an agent',
    success: 'Withdraw successful!',
    fallback: 'Withdraw failed. Please try again.',
    bodyKey: 'agentId',
    role: 'AGENT',
  },
];

describe.each(SCREENS)(
  '$screen page',
  ({ Page, path, picker, purpose, button, missing, success, fallback, bodyKey, role }) => {
    const karim = counterpart(1, 'Karim', role);
    const people = [karim, counterpart(2, 'Kamal', role), counterpart(3, 'Salma', role)];

    async function renderPage() {
      signedIn();
      walletAnswers(500);
      myLimitsAnswers(myLimits());
      const queries = counterpartsAnswer(people);
      await renderWithProviders(<Page />);
      return queries;
    }

    async function choose(text: string, name: string) {
      await userEvent.type(screen.getByLabelText(picker), text);
      await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
    }

    const submit = () => screen.getByRole('button', { name: button });
    /** Nothing leaves the wallet before the review is confirmed. */
    const confirm = async () => confirmWithPin();

    it('should search the server by what is typed, never asking for everyone', async () => {
      const queries = await renderPage();
      await userEvent.type(screen.getByLabelText(picker), 'sal');
      const listbox = await screen.findByRole('listbox');
      await waitFor(() => expect(within(listbox).queryByRole('option', { name: /Karim/ })).not.toBeInTheDocument());
      expect(within(listbox).getByRole('option', { name: /Salma/ })).toBeInTheDocument();
      expect(queries.some((query) => query.get('search') === 'sal' && query.get('purpose') === purpose)).toBe(true);
      expect(queries.every((query) => Number(query.get('limit')) <= 10)).toBe(true);
      expect(queries.every((query) => (query.get('search') ?? '').length >= 3)).toBe(true);
    });

    it('should say what to type, and ask nothing, until 3 letters or a whole email are typed', async () => {
      const queries = await renderPage();
      await userEvent.click(screen.getByLabelText(picker));
      expect(await screen.findByText('Type at least 3 letters of a name, or a whole email')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText(picker), 'ka');
      expect(await screen.findByText('Type at least 3 letters of a name, or a whole email')).toBeInTheDocument();
      expect(screen.queryByRole('option')).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText(picker), 'r');
      expect(await screen.findByRole('option', { name: /Karim/ })).toBeInTheDocument();
      expect(queries.map((query) => query.get('search'))).toEqual(['kar']);
    });

    it(`should say "${missing}" when no one is chosen, and keep ${button} disabled`, async () => {
      await renderPage();
      await userEvent.click(screen.getByLabelText(picker));
      await userEvent.click(screen.getByLabelText('Amount'));
      expect(await screen.findByText(missing)).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Amount'), '100');
      expect(submit()).toBeDisabled();
    });

    it('should say "Please enter a valid balance" for an amount that is not above 0, and keep the button disabled', async () => {
      await renderPage();
      await choose('kar', 'Karim');
      await userEvent.type(screen.getByLabelText('Amount'), '0');
      await userEvent.tab();
      expect(await screen.findByText('Please enter a valid balance')).toBeInTheDocument();
      expect(submit()).toBeDisabled();
    });

    it(`should show "Processing..." while the request runs, then "${success}"`, async () => {
      const answer = held();
      const sent = apiAnswers('post', path, [accepted(success, 400)], { hold: answer.promise });
      await renderPage();
      await choose('kar', 'Karim');
      await userEvent.type(screen.getByLabelText('Amount'), '120');
      expect(submit()).toBeEnabled();
      await userEvent.click(submit());
      await confirm();
      expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
      await act(async () => answer.release());
      expect(await screen.findByText(success)).toBeInTheDocument();
      expect(sent).toEqual([
        {
          body: { [bodyKey]: karim._id, balance: 120 },
          idempotencyKey: expect.any(String),
          pin: TEST_PIN,
          // The fee the review showed: transfers are free, a cash-out of 120 costs 1.85%.
          expectedFee: seededQuote(path === '/wallet/transfer' ? 'transfer' : 'cash-out', 120).fee.toFixed(2),
        },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(screen.getByLabelText(picker)).toHaveValue('');
    });

    it("should show the server's message when it refuses", async () => {
      apiAnswers('post', path, [fail(400, 'Insufficient balance')]);
      await renderPage();
      await choose('kar', 'Karim');
      await userEvent.type(screen.getByLabelText('Amount'), '999');
      await userEvent.click(submit());
      await confirm();
      expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
      expect(screen.queryByText(success)).not.toBeInTheDocument();
    });

    it(`should fall back to "${fallback}" when the server cannot be reached`, async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      apiAnswers('post', path, [HttpResponse.error()]);
      await renderPage();
      await choose('kar', 'Karim');
      await userEvent.type(screen.getByLabelText('Amount'), '10');
      await userEvent.click(submit());
      await confirm();
      expect(await screen.findByText(fallback)).toBeInTheDocument();
    });
  },
);
