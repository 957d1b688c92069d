import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@wallet/shared/dates';
import { held, limitsApi, renderWithProviders, seededLimits } from '@wallet/shared/testing';
import LimitsPage from '../pages/limits-page';

const SEND_EMAIL_VERIFIED = 'Send money limits for Email verified';

const tableOf = (holder: string) => screen.getByRole('table', { name: `${holder} limits` });
/** Each body row of a holder's table as its cells read, the Actions column left out. */
const rowsOf = (holder: string) =>
  within(tableOf(holder))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')]
        .slice(0, -1)
        .map((cell) => cell.textContent),
    );
const rowOf = (holder: string, label: string) =>
  within(tableOf(holder)).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

/** Opens the row's dialog by its Edit button. */
async function edit(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name });
}

/** Types `value` into the field in place of what it held. */
async function retype(dialog: HTMLElement, name: string, value: string) {
  await userEvent.clear(field(dialog, name));
  if (value) await userEvent.type(field(dialog, name), value);
}

describe('limits page', () => {
  it('should show "Loading..." then every holder in words, a row per movement with its side, and the note on time', async () => {
    const api = limitsApi();
    const hold = held();
    api.hold = hold.promise;
    await renderWithProviders(<LimitsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Limits' })).toBeInTheDocument();
    expect(screen.getByText(/Days and months are counted in Asia\/Dhaka time/)).toBeInTheDocument();
    expect(screen.getByText(/A change applies to the next movement/)).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => hold.release());

    await screen.findByRole('table', { name: 'Email verified limits' });
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Unverified',
      'Email verified',
      'Identity verified (KYC)',
      'Agents',
      'Merchants',
    ]);
    expect(
      within(tableOf('Email verified'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Limit',
      'Per transaction (min – max)',
      'Daily (amount / count)',
      'Monthly (amount / count)',
      'Actions',
    ]);
    expect(rowsOf('Email verified')).toEqual([
      ['Add money', 'No limit – 25,000.00', '25,000.00 / No limit', '150,000.00 / No limit'],
      ['Send money', 'No limit – 25,000.00', '25,000.00 / No limit', '150,000.00 / No limit'],
      ['Cash out', 'No limit – 15,000.00', '15,000.00 / No limit', '100,000.00 / No limit'],
      ['Cash in (received)', 'No limit – 25,000.00', '25,000.00 / No limit', '150,000.00 / No limit'],
      ['Payments', 'No limit – 25,000.00', '25,000.00 / No limit', '150,000.00 / No limit'],
      ['Maximum balance', '250,000.00'],
    ]);
    expect(rowsOf('Unverified')).toEqual([
      ['Add money', 'No limit – 5,000.00', '5,000.00 / No limit', '10,000.00 / No limit'],
      ['Maximum balance', '10,000.00'],
    ]);
    expect(rowsOf('Agents')).toEqual([
      ['Cash in (given)', 'No limit – 50,000.00', '1,000,000.00 / No limit', '20,000,000.00 / No limit'],
      ['Cash out (taken)', 'No limit', 'No limit', 'No limit'],
      ['Maximum balance', '5,000,000.00'],
    ]);
    // A merchant's limits bound the payments it takes.
    expect(rowsOf('Merchants')).toEqual([
      ['Payments received', 'No limit', '500,000.00 / No limit', '5,000,000.00 / No limit'],
      ['Maximum balance', '5,000,000.00'],
    ]);
    expect(screen.getAllByText(`Updated ${formatDateTime('2025-06-01T00:00:00.000Z')}`)).toHaveLength(5);
    expect(api.queries).toEqual(['/admin/limits']);
  });

  it('should name every Edit button after its row and holder', async () => {
    limitsApi();
    await renderWithProviders(<LimitsPage />);
    const email = await screen.findByRole('table', { name: 'Email verified limits' });
    expect(
      within(email)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Edit Add money limits for Email verified',
      'Edit Send money limits for Email verified',
      'Edit Cash out limits for Email verified',
      'Edit Cash in (received) limits for Email verified',
      'Edit Payments limits for Email verified',
      'Edit Maximum balance for Email verified',
    ]);
    expect(screen.getByRole('button', { name: 'Edit Cash in (given) limits for Agents' })).toHaveTextContent('Edit');
    expect(
      screen.getByRole('button', { name: 'Edit Cash in (received) limits for Identity verified (KYC)' }),
    ).toBeEnabled();
  });

  it("should open the row's figures in the dialog, empty for no limit", async () => {
    limitsApi();
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit(SEND_EMAIL_VERIFIED);
    expect(dialog).toHaveAccessibleDescription(/leave a field empty for no limit/);
    expect(field(dialog, 'Minimum per transaction')).toHaveValue('');
    expect(field(dialog, 'Minimum per transaction')).toHaveFocus();
    expect(field(dialog, 'Maximum per transaction')).toHaveValue('25000');
    expect(field(dialog, 'Daily amount')).toHaveValue('25000');
    expect(field(dialog, 'Daily count')).toHaveValue('');
    expect(field(dialog, 'Monthly amount')).toHaveValue('150000');
    expect(field(dialog, 'Monthly count')).toHaveValue('');
    expect(within(dialog).queryByRole('textbox', { name: 'Maximum balance' })).not.toBeInTheDocument();
  });

  it('should save the whole row, empty fields as no limit: "Processing..." meanwhile, the toast, the new figures', async () => {
    const api = limitsApi();
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit(SEND_EMAIL_VERIFIED);
    await retype(dialog, 'Minimum per transaction', '10');
    await retype(dialog, 'Maximum per transaction', '20000');
    await retype(dialog, 'Daily amount', '20,000');
    await retype(dialog, 'Daily count', '10');
    await retype(dialog, 'Monthly amount', '');
    const hold = held();
    api.hold = hold.promise;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => hold.release());

    expect(await screen.findByText('Limits updated')).toBeInTheDocument();
    expect(api.updates).toEqual([
      {
        holder: 'EMAIL_VERIFIED',
        scope: 'transfer',
        body: {
          minAmount: 10,
          maxAmount: 20_000,
          dailyAmount: 20_000,
          dailyCount: 10,
          monthlyAmount: null,
          monthlyCount: null,
        },
      },
    ]);
    // The dialog may already be gone: waitForElementToBeRemoved would then fail at once.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() =>
      expect(rowsOf('Email verified')[1]).toEqual(['Send money', '10.00 – 20,000.00', '20,000.00 / 10', 'No limit']),
    );
    expect(
      within(rowOf('Email verified', 'Add money')).getByRole('cell', { name: '25,000.00 / No limit' }),
    ).toBeVisible();

    // Opened again, the dialog starts from the figures now on screen.
    const again = await edit(SEND_EMAIL_VERIFIED);
    expect(field(again, 'Daily amount')).toHaveValue('20000');
    expect(field(again, 'Monthly amount')).toHaveValue('');
  });

  it('should send the maximum balance alone for the balance row', async () => {
    const api = limitsApi();
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit('Maximum balance for Agents');
    expect(field(dialog, 'Maximum balance')).toHaveValue('5000000');
    await retype(dialog, 'Maximum balance', '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Limits updated')).toBeInTheDocument();
    expect(api.updates).toEqual([{ holder: 'AGENT', scope: 'balance', body: { maxBalance: null } }]);
    await waitFor(() => expect(rowsOf('Agents').at(-1)).toEqual(['Maximum balance', 'No limit']));
  });

  it('should refuse a minimum above the maximum, and figures that are not limits, with the messages, and send nothing', async () => {
    const api = limitsApi();
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit(SEND_EMAIL_VERIFIED);
    await retype(dialog, 'Minimum per transaction', '30000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Minimum per transaction must be at most the maximum per transaction'),
    ).toBeInTheDocument();
    expect(field(dialog, 'Minimum per transaction')).toHaveAttribute('aria-invalid', 'true');

    await retype(dialog, 'Minimum per transaction', '');
    await retype(dialog, 'Daily count', '2.5');
    await retype(dialog, 'Monthly amount', 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Monthly amount must be a number, or empty for no limit'),
    ).toBeInTheDocument();
    await retype(dialog, 'Monthly amount', '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Daily count must be a whole number, or empty for no limit'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Monthly amount must be greater than 0')).toBeInTheDocument();
    expect(field(dialog, 'Minimum per transaction')).toHaveAttribute('aria-invalid', 'false');
    expect(api.updates).toEqual([]);
  });

  it('should send nothing on Cancel, and open again with the figures on screen', async () => {
    const api = limitsApi();
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit(SEND_EMAIL_VERIFIED);
    await retype(dialog, 'Daily amount', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The dialog may already be gone: waitForElementToBeRemoved would then fail at once.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.updates).toEqual([]);
    expect(field(await edit(SEND_EMAIL_VERIFIED), 'Daily amount')).toHaveValue('25000');
  });

  it("should show the server's refusal of an amount above the largest movement on its field, keeping the dialog", async () => {
    const api = limitsApi();
    api.maxTransaction = 40_000;
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit('Cash in (given) limits for Agents');
    await retype(dialog, 'Maximum per transaction', '45000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Maximum per transaction must be at most 40000 (MAX_TRANSACTION_AMOUNT)', {
        ignore: '[role="dialog"] *',
      }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Maximum per transaction must be at most 40000 (MAX_TRANSACTION_AMOUNT)'),
    ).toBeInTheDocument();
    expect(field(dialog, 'Maximum per transaction')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Maximum per transaction')).toHaveValue('45000');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText('Limits updated')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The dialog may already be gone: waitForElementToBeRemoved would then fail at once.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(rowsOf('Agents')[0]![1]).toBe('No limit – 50,000.00');
  });

  it("should put the fields the server names on them, and show any other refusal's message in the toast", async () => {
    const api = limitsApi();
    api.refuse = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'dailyCount must be at most monthlyCount',
      errors: [{ path: 'dailyCount', message: 'dailyCount must be at most monthlyCount' }],
    };
    await renderWithProviders(<LimitsPage />);
    const dialog = await edit(SEND_EMAIL_VERIFIED);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Daily count must be at most the monthly count')).toBeInTheDocument();
    expect(screen.getAllByText('Daily count must be at most the monthly count')).toHaveLength(2);

    api.refuse = { status: 403, message: 'You are not allowed to do this' };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: SEND_EMAIL_VERIFIED })).toBeInTheDocument();
  });

  it("should show the server's message when the limits cannot be loaded", async () => {
    // A 5xx is logged by the app's SWR config; the test only looks at the screen.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = limitsApi();
    api.failLoad = true;
    await renderWithProviders(<LimitsPage />);
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('should let the keyboard reach each table by its name', async () => {
    limitsApi({ table: seededLimits() });
    await renderWithProviders(<LimitsPage />);
    await screen.findByRole('table', { name: 'Agents limits' });
    expect(screen.getByRole('region', { name: 'Agents limits, scrollable' })).toContainElement(tableOf('Agents'));
    expect(screen.getByRole('region', { name: 'Agents' })).toContainElement(tableOf('Agents'));
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Unverified limits, scrollable' })).toHaveFocus();
  });
});
