import { quoteSchema } from '@wallet/shared/contracts';
import { resetCallerAccount } from '../caller-account';
import { user } from '../fixtures';
import { createMoneyApi } from '../money-api';
import { myLimits, myLimitsAnswers } from '../my-limits-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const quote = async (type: string, amount: number) =>
  quoteSchema.parse((await (await fetch(`${API}/wallet/quote?type=${type}&amount=${amount}`)).json()).data);

const { walletAnswers } = createMoneyApi(user());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetCallerAccount();
});
afterAll(() => server.close());

describe('quote mock', () => {
  it('should quote a fresh wallet: the 50 Taka bonus, and nothing of limits', async () => {
    expect(await quote('cash-out', 1000)).toEqual({
      type: 'cash-out',
      amount: 1000,
      fee: 18.5,
      commission: 0,
      commissionUnpaid: 0,
      total: 1018.5,
      balanceAfter: -968.5,
      availableAfter: -968.5,
      limits: null,
    });
  });

  it('should count what the limits set up leave after the movement, from the balance set up', async () => {
    walletAnswers(25_050);
    const limits = myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 20_000, month: 20_000 } } });
    limits.movements[1] = {
      ...limits.movements[1]!,
      minAmount: 10,
      dailyCount: { limit: 5, used: 4, left: 1 },
      monthlyCount: { limit: 20, used: 20, left: 0 },
    };
    myLimitsAnswers(limits);
    expect(await quote('transfer', 5001)).toMatchObject({
      balanceAfter: 20_049,
      limits: {
        minAmount: 10,
        maxAmount: 25_000,
        belowMinimum: false,
        aboveMaximum: false,
        daily: { limit: 25_000, used: 20_000, left: 5_000, leftAfter: 0, exceeded: true },
        monthly: { limit: 150_000, used: 20_000, left: 130_000, leftAfter: 124_999, exceeded: false },
        dailyCount: { limit: 5, used: 4, left: 1, leftAfter: 0, exceeded: false },
        monthlyCount: { limit: 20, used: 20, left: 0, leftAfter: 0, exceeded: true },
      },
    });
    expect((await quote('transfer', 5)).limits).toMatchObject({ belowMinimum: true, aboveMaximum: false });
    expect((await quote('transfer', 30_000)).limits).toMatchObject({ belowMinimum: false, aboveMaximum: true });
  });

  it("should count only the side the caller starts: an agent's cash-in given, none of a deposit", async () => {
    walletAnswers(1000);
    myLimitsAnswers(myLimits('AGENT', { used: { 'cash-in': { day: 40 } } }));
    expect(await quote('cash-in', 1000)).toMatchObject({
      commission: 4,
      balanceAfter: 4,
      limits: { daily: { limit: 1_000_000, used: 40, left: 999_960, leftAfter: 998_960, exceeded: false } },
    });
    expect((await quote('deposit', 100)).limits).toBeNull();
  });

  it('should quote from the balance the wallet answers now, as its answers change', async () => {
    walletAnswers(500, 380);
    expect((await quote('transfer', 100)).balanceAfter).toBe(400);
    await fetch(`${API}/wallet/me`);
    expect((await quote('transfer', 100)).balanceAfter).toBe(400);
    await fetch(`${API}/wallet/me`);
    expect((await quote('transfer', 100)).balanceAfter).toBe(280);
  });
});
