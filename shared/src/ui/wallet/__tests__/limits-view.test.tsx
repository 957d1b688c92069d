import { act, screen, within } from '@testing-library/react';
import type { MyLimits } from '@wallet/shared/contracts';
import { apiAnswers, fail, held, myLimits, myLimitsAnswers, renderWithProviders } from '@wallet/shared/testing';
import { LimitsView } from '@wallet/shared/ui/wallet/limits-view';

const section = (name: string) => screen.getByRole('region', { name });
const bar = (name: string) => screen.getByRole('progressbar', { name });

async function renderLimits(limits: MyLimits) {
  myLimitsAnswers(limits);
  await renderWithProviders(<LimitsView />);
  await screen.findAllByRole('heading', { level: 2 });
}

describe('limits view', () => {
  it("should head a person's movements in their words, then the balance", async () => {
    await renderLimits(myLimits('EMAIL_VERIFIED'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Add money',
      'Send money',
      'Cash out',
      'Cash in (received)',
      'Payments',
      'Balance',
    ]);
    expect(screen.getByText(/Days and months are counted in Bangladesh time \(Asia\/Dhaka\)/)).toBeInTheDocument();
  });

  it('should show a merchant, after its own limits, the payments its shop may take', async () => {
    const shop = myLimits('MERCHANT', { used: { payment: { day: 1200, month: 1200 } } });
    await renderLimits({
      ...myLimits('KYC_APPROVED'),
      merchant: { movements: shop.movements, maxBalance: shop.balance.max },
    });
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
        .slice(-2),
    ).toEqual(['Balance', 'Payments received']);
    const taken = section('Payments received');
    expect(within(taken).getByText('500,000.00 Taka')).toBeInTheDocument();
    expect(within(taken).getByText('Payments stop at a balance of')).toBeInTheDocument();
    // 50 lakh a month, and 50 lakh held at most.
    expect(within(taken).getAllByText('5,000,000.00 Taka')).toHaveLength(2);
    expect(within(taken).getAllByRole('progressbar')).toHaveLength(2);
  });

  it("should head an agent's by the side their limits bound", async () => {
    await renderLimits(myLimits('AGENT', { balance: 1000 }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cash in (given)',
      'Cash out (taken)',
      'Balance',
    ]);
    const taken = section('Cash out (taken)');
    expect(within(taken).getAllByText('No limit')).toHaveLength(5);
    expect(within(taken).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section('Cash in (given)')).getByText('Up to 50,000.00 Taka')).toBeInTheDocument();
  });

  it('should draw what was used of a day and a month as named bars, with the figures in words', async () => {
    await renderLimits(myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 20_000, month: 30_000 } } }));
    const send = section('Send money');
    expect(within(send).getByText('Up to 25,000.00 Taka')).toBeInTheDocument();
    expect(bar('Send money today: 20,000.00 of 25,000.00 Taka used')).toHaveAttribute('aria-valuenow', '80');
    expect(within(send).getByText('Used 20,000.00 · left 5,000.00 Taka')).toBeInTheDocument();
    expect(bar('Send money this month: 30,000.00 of 150,000.00 Taka used')).toHaveAttribute('aria-valuenow', '20');
    expect(within(send).getByText('Used 30,000.00 · left 120,000.00 Taka')).toBeInTheDocument();
    // No count is set by default.
    expect(within(send).getAllByText('No limit')).toHaveLength(2);
    expect(screen.getAllByRole('progressbar').every((progress) => progress.getAttribute('aria-label'))).toBe(true);
  });

  it('should count movements where a count limit is set, and fill a bar no further than full', async () => {
    const limits = myLimits('KYC_APPROVED');
    limits.movements[1] = {
      ...limits.movements[1]!,
      daily: { limit: 50_000, used: 60_000, left: 0 },
      dailyCount: { limit: 5, used: 2, left: 3 },
      monthlyCount: { limit: 20, used: 2, left: 18 },
    };
    await renderLimits(limits);
    expect(bar('Send money today: 2 of 5 movements used')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Used 2 · left 3 movements')).toBeInTheDocument();
    expect(bar('Send money this month: 2 of 20 movements used')).toBeInTheDocument();
    expect(bar('Send money today: 60,000.00 of 50,000.00 Taka used')).toHaveAttribute('aria-valuenow', '100');
  });

  it('should show the balance against its maximum', async () => {
    await renderLimits(myLimits('EMAIL_VERIFIED', { balance: 25_050 }));
    expect(bar('Balance: 25,050.00 of 250,000.00 Taka held')).toHaveAttribute('aria-valuenow', '10');
    expect(screen.getByText('Held 25,050.00 · room for 224,950.00 Taka')).toBeInTheDocument();
  });

  it('should say "No limit" for a balance without a maximum', async () => {
    const limits = myLimits('EMAIL_VERIFIED', { balance: 80 });
    await renderLimits({ ...limits, balance: { current: 80, max: null, left: null } });
    const balance = section('Balance');
    expect(within(balance).getByText('No limit')).toBeInTheDocument();
    expect(within(balance).getByText('80.00 Taka')).toBeInTheDocument();
    expect(within(balance).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('should say "Loading..." until the limits arrive, and the server\'s message if they cannot', async () => {
    const answer = held();
    apiAnswers('get', '/wallet/limits', [fail(403, 'You are not allowed to do this')], { hold: answer.promise });
    await renderWithProviders(<LimitsView />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => answer.release());
    expect(await screen.findByText('You are not allowed to do this')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
