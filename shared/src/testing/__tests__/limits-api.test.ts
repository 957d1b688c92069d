import { limitsApi } from '../limits-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const put = (path: string, body: unknown) =>
  fetch(`${API}/admin/limits/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('limits API mock', () => {
  it('should answer the seeded table, holder by holder, with the sides the limits bound', async () => {
    limitsApi();
    const { data } = await (await fetch(`${API}/admin/limits`)).json();
    expect(data.map((row: { holder: string }) => row.holder)).toEqual([
      'UNVERIFIED',
      'EMAIL_VERIFIED',
      'KYC_APPROVED',
      'AGENT',
      'MERCHANT',
    ]);
    expect(data[1].movements[1]).toEqual({
      type: 'transfer',
      side: 'sent',
      minAmount: null,
      maxAmount: 25_000,
      dailyAmount: 25_000,
      dailyCount: null,
      monthlyAmount: 150_000,
      monthlyCount: null,
    });
    expect(data[3].movements.map((row: { side: string }) => row.side)).toEqual(['sent', 'received']);
    expect(data[3].maxBalance).toBe(5_000_000);
  });

  it('should set a whole row, a figure left out being no limit, and record the change', async () => {
    const api = limitsApi();
    const answer = await put('KYC_APPROVED/cash-in', { maxAmount: 40_000, dailyAmount: 40_000, dailyCount: 5 });
    expect(answer.status).toBe(200);
    const { message, data } = await answer.json();
    expect(message).toBe('Limits updated');
    expect(data.movements[3]).toMatchObject({ maxAmount: 40_000, dailyCount: 5, monthlyAmount: null });
    expect(data.updatedAt).toBe(api.now);
    expect(api.changes).toEqual([
      expect.objectContaining({
        holder: 'KYC_APPROVED',
        scope: 'cash-in',
        before: expect.objectContaining({ monthlyAmount: 300_000 }),
        after: expect.objectContaining({ monthlyAmount: null, dailyCount: 5 }),
      }),
    ]);
    expect(await put('AGENT/balance', { maxBalance: null })).toHaveProperty('status', 200);
    expect(api.table[3]!.maxBalance).toBeNull();
  });

  it('should refuse figures out of order, naming each field', async () => {
    limitsApi();
    const answer = await put('EMAIL_VERIFIED/transfer', {
      minAmount: 500,
      maxAmount: 100,
      dailyCount: 9,
      monthlyCount: 3,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'minAmount must be at most maxAmount',
      errors: [
        { path: 'minAmount', message: 'minAmount must be at most maxAmount' },
        { path: 'dailyCount', message: 'dailyCount must be at most monthlyCount' },
      ],
    });
  });

  it('should refuse a row the holder has no limits on, a stray field, and an amount above the largest movement', async () => {
    limitsApi();
    expect(await (await put('UNVERIFIED/transfer', {})).json()).toMatchObject({ code: 'LIMITS_NOT_APPLICABLE' });
    expect(await (await put('AGENT/balance', { maxAmount: 5 })).json()).toMatchObject({
      message: 'maxAmount does not apply to a maximum balance',
    });
    const tooLarge = await put('AGENT/cash-in', { maxAmount: 2_000_000 });
    expect(tooLarge.status).toBe(400);
    const body = await tooLarge.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'maxAmount must be at most 1000000 (MAX_TRANSACTION_AMOUNT)',
    });
    expect(body.errors).toBeUndefined();
  });
});
