import { myLimitsSchema } from '@wallet/shared/contracts';
import { kycRequest, myKycApi } from '../kyc-request-api';
import { myLimits, myLimitsAnswers } from '../my-limits-api';
import { unverifiedUser } from '../verification-api';
import { user } from '../fixtures';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const ask = () => fetch(`${API}/user/kyc-request`, { method: 'POST' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('my limits mock', () => {
  it("should answer a holder's seeded limits with what was used of them, as the contract says", async () => {
    const limits = myLimits('EMAIL_VERIFIED', { used: { transfer: { day: 20_000, month: 30_000 } }, balance: 5_050 });
    expect(myLimitsSchema.parse(limits)).toEqual(limits);
    expect(limits.movements.find((entry) => entry.type === 'transfer')).toEqual({
      type: 'transfer',
      side: 'sent',
      minAmount: null,
      maxAmount: 25_000,
      daily: { limit: 25_000, used: 20_000, left: 5_000 },
      monthly: { limit: 150_000, used: 30_000, left: 120_000 },
      dailyCount: null,
      monthlyCount: null,
    });
    expect(limits.balance).toEqual({ current: 5_050, max: 250_000, left: 244_950 });
    expect(myLimits('AGENT').movements.map(({ type, side }) => [type, side])).toEqual([
      ['cash-in', 'sent'],
      ['cash-out', 'received'],
    ]);

    const calls = myLimitsAnswers(limits);
    const answer = await (await fetch(`${API}/wallet/limits`)).json();
    expect(answer).toMatchObject({ success: true, statusCode: 200, data: limits });
    expect(calls).toHaveLength(1);
  });
});

describe('identity review request mock', () => {
  it('should answer null until the person asks, then their waiting request, and refuse a second', async () => {
    const api = myKycApi();
    expect((await (await fetch(`${API}/user/kyc-request`)).json()).data).toBeNull();
    const first = await ask();
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      message: 'Your request for a review was sent',
      data: { status: 'pending', requestedAt: api.now },
    });
    expect((await (await fetch(`${API}/user/kyc-request`)).json()).data).toEqual(api.latest);
    const again = await ask();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'KYC_PENDING' });
    expect(api.asked).toBe(2);
  });

  it('should let a rejected person ask again, and refuse the unverified and the approved', async () => {
    myKycApi({ latest: kycRequest({ status: 'rejected', reason: 'Blurry', decidedAt: '2025-06-02T00:00:00.000Z' }) });
    expect((await ask()).status).toBe(201);
    server.resetHandlers();
    myKycApi({ me: unverifiedUser() });
    expect(await (await ask()).json()).toMatchObject({ statusCode: 403, code: 'KYC_NEEDS_EMAIL' });
    server.resetHandlers();
    myKycApi({ me: user({ tier: 'KYC_APPROVED' }) });
    expect(await (await ask()).json()).toMatchObject({ statusCode: 409, code: 'KYC_DONE' });
  });
});
