import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { counterpart, historyAnswer, party, renderWithProviders, statementAnswer, user } from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { statementRange } from '@wallet/shared/ui/wallet/statement-button';
import HistoryPage from '../pages/history-page';

const { ME, signedIn, transaction } = createMoneyApi(user());
const salma = party(counterpart(3, 'Salma'));

/** Twelve transfers to Karim on March 1, then three deposits and a transfer to Salma later in March. */
const history = [
  ...Array.from({ length: 12 }, (_, i) => transaction(i + 1)),
  ...[20, 21, 22].map((n) =>
    transaction(n, { type: 'deposit', sender: null, receiver: party(ME), createdAt: `2025-03-${n}T09:00:00.000Z` }),
  ),
  transaction(30, { receiver: salma, createdAt: '2025-03-25T09:00:00.000Z' }),
];

const rows = () =>
  within(screen.getByRole('table', { name: 'Transaction History' }))
    .getAllByRole('row')
    .slice(1);
const last = (queries: URLSearchParams[]) => Object.fromEntries(queries.at(-1)!);

async function renderHistory(route = '/user/history') {
  signedIn();
  const queries = historyAnswer(history);
  await renderWithProviders(<HistoryPage />, { route });
  await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
  return queries;
}

describe('history filters', () => {
  it('should ask the server for the chosen type, dates and name, and start again at page 1', async () => {
    const queries = await renderHistory();
    expect(screen.getByText('-1.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 4')).toBeInTheDocument();

    // A person's own types only: a funding of the commission float is never in anyone's history.
    expect(
      within(screen.getByLabelText('Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All types', 'Bonus', 'Deposit', 'Transfer', 'Cash-in', 'Cash-out', 'Reversal', 'Payment', 'Refund']);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Deposit');
    expect(await screen.findByText('+20.00')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(last(queries)).toEqual({ type: 'deposit', page: '1', limit: '5' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-21' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-22' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(last(queries)).toEqual({ type: 'deposit', from: '2025-03-21', to: '2025-03-22', page: '1', limit: '5' });
    expect(screen.getByTestId('location')).toHaveTextContent('/user/history');
  });

  it('should search by part of a counterpart name once the typing stops', async () => {
    const queries = await renderHistory();
    await userEvent.type(screen.getByLabelText('Counterpart name'), 'salm');
    expect(await screen.findByText('-30.00')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(queries.filter((query) => query.has('q')).map((query) => query.get('q'))).toEqual(['salm']);
  });

  it('should never ask with fewer than 3 characters, and say how many a search needs', async () => {
    const queries = await renderHistory();
    await userEvent.type(screen.getByLabelText('Counterpart name'), 'sa');
    expect(await screen.findByText('Type at least 3 characters to search')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(queries.some((query) => query.has('q'))).toBe(false);
    expect(rows()).toHaveLength(5);
    await userEvent.type(screen.getByLabelText('Counterpart name'), 'l');
    expect(await screen.findByText('-30.00')).toBeInTheDocument();
    expect(screen.queryByText('Type at least 3 characters to search')).not.toBeInTheDocument();
    expect(queries.filter((query) => query.has('q')).map((query) => query.get('q'))).toEqual(['sal']);
  });

  it('should start from the filters in the address, and Reset should clear them', async () => {
    const queries = await renderHistory('/user/history?type=transfer&q=salma');
    expect(last(queries)).toEqual({ type: 'transfer', q: 'salma', page: '1', limit: '5' });
    expect(rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(last(queries)).toEqual({ page: '1', limit: '5' });
    expect(screen.getByLabelText('Counterpart name')).toHaveValue('');
  });

  it('should say so when To is before From, and not ask for that range', async () => {
    const queries = await renderHistory('/user/history?from=2025-03-10&to=2025-03-01');
    expect(screen.getByText('To must not be before from')).toBeInTheDocument();
    expect(queries.every((query) => !query.has('from') && !query.has('to'))).toBe(true);
  });
});

describe('statement download', () => {
  let saved: HTMLAnchorElement[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn(() => 'blob:statement');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
  });

  it('should download the CSV of the chosen range from the API', async () => {
    const asked = statementAnswer();
    await renderHistory('/user/history?from=2025-01-01&to=2025-03-31');
    expect(screen.getByText('1 Jan 2025 to 31 Mar 2025')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { from: '2025-01-01', to: '2025-03-31', format: 'csv' },
    ]);
    expect(saved[0]!.download).toBe('statement-2025-01-01-2025-03-31.csv');
    expect(saved[0]!.href).toBe('blob:statement');
  });

  it('should download the PDF beside the CSV', async () => {
    const asked = statementAnswer();
    await renderHistory('/user/history?from=2025-01-01&to=2025-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked.map((query) => Object.fromEntries(query))).toEqual([
      { from: '2025-01-01', to: '2025-03-31', format: 'pdf' },
    ]);
    expect(saved[0]!.download).toBe('statement-2025-01-01-2025-03-31.pdf');
  });

  it('should cover the last 30 days when no dates are chosen', async () => {
    const asked = statementAnswer();
    await renderHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const { from, to } = statementRange({});
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    expect(Object.fromEntries(asked[0]!)).toEqual({ from, to, format: 'csv' });
  });

  it('should refuse a range of more than a year without asking the server', async () => {
    const asked = statementAnswer();
    await renderHistory('/user/history?from=2024-01-01&to=2025-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('To: a statement covers at most 366 days');
    expect(asked).toEqual([]);
    expect(saved).toEqual([]);
  });
});
