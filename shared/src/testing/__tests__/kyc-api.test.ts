import { kycApi, kycRow, unverifiedRow } from '../kyc-api';
import { server } from '../server';

const API = 'http://localhost/api/v1';
const decide = (id: string, body: unknown) =>
  fetch(`${API}/admin/kyc/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const names = (body: { data: { person?: { name: string }; name?: string }[] }) =>
  body.data.map((row) => row.person?.name ?? row.name);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('KYC API mock', () => {
  it('should list pending requests oldest first and decided ones newest first', async () => {
    kycApi({
      requests: [
        kycRow(2),
        kycRow(1),
        kycRow(3, { status: 'approved', reason: 'ok', decidedAt: '2025-05-10T00:00:00.000Z' }),
        kycRow(4, { status: 'approved', reason: 'ok', decidedAt: '2025-05-12T00:00:00.000Z' }),
      ],
    });
    const pending = await (await fetch(`${API}/admin/kyc`)).json();
    expect(pending.message).toBe('Verification requests retrieved');
    expect(names(pending)).toEqual(['Applicant 1', 'Applicant 2']);
    expect(names(await (await fetch(`${API}/admin/kyc?status=approved`)).json())).toEqual([
      'Applicant 4',
      'Applicant 3',
    ]);
  });

  it('should decide once, with a trimmed reason, then refuse with KYC_DECIDED', async () => {
    const api = kycApi({ requests: [kycRow(1)] });
    const first = await decide(kycRow(1)._id, { decision: 'reject', reason: '  Blurry  ' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      message: 'KYC rejected',
      data: { status: 'rejected', reason: 'Blurry', decidedAt: api.now },
    });
    const again = await decide(kycRow(1)._id, { decision: 'approve', reason: 'ok', checked: ['passport'] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'KYC_DECIDED', message: 'This request was already decided' });
  });

  it('should refuse a decision without a reason with a 400', async () => {
    kycApi({ requests: [kycRow(1)] });
    const answer = await decide(kycRow(1)._id, { decision: 'approve', reason: ' ' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'reason is required' });
  });

  it('should list the unverified people oldest first and verify one once', async () => {
    kycApi({ unverified: [unverifiedRow(2), unverifiedRow(1)] });
    expect(names(await (await fetch(`${API}/admin/unverified`)).json())).toEqual(['Person 1', 'Person 2']);
    const verified = await fetch(`${API}/admin/verify/${unverifiedRow(1)._id}`, { method: 'PATCH' });
    expect(await verified.json()).toMatchObject({
      message: 'Email verified successfully',
      data: { emailVerified: true, tier: 'EMAIL_VERIFIED' },
    });
    const again = await fetch(`${API}/admin/verify/${unverifiedRow(1)._id}`, { method: 'PATCH' });
    expect(again.status).toBe(409);
    expect(names(await (await fetch(`${API}/admin/unverified`)).json())).toEqual(['Person 2']);
  });
});
