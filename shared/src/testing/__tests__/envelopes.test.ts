import { MAX_OFFSET, transactionSchema, userSchema, walletSchema } from '@wallet/shared/contracts';
import { fail, ok, paged } from '../envelopes';
import { fixtureId, transaction, user, walletOf } from '../fixtures';

const pageRequest = (query: string) => new Request(`http://localhost/api/v1/transaction/me?${query}`);
const twelve = Array.from({ length: 12 }, (_, i) => transaction(i + 1));

describe('envelope builders', () => {
  it('should answer with the envelope the API sends', async () => {
    const answer = ok(userSchema, user(), { status: 201, message: 'Created' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ success: true, statusCode: 201, message: 'Created', data: user() });
  });

  it('should throw for a mock whose data has drifted from the contract', () => {
    expect(() => ok(userSchema, {} as never)).toThrow();
    expect(() => ok(walletSchema, { ...walletOf(user()), balance: '50' } as never)).toThrow();
    expect(() => ok(transactionSchema, transaction(1, { type: 'withdraw' as never }))).toThrow();
  });

  it('should answer the page the request asks for, with meta as the API computes it', async () => {
    const body = await paged(transactionSchema, twelve, pageRequest('page=3&limit=5')).json();
    expect(body.data.map((row: { balance: number }) => row.balance)).toEqual([11, 12]);
    expect(body.meta).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3, hasNext: false });
  });

  it('should answer the rows after the `after` row, and say whether more follow', async () => {
    const body = await paged(transactionSchema, twelve, pageRequest(`page=2&limit=5&after=${twelve[4]!._id}`)).json();
    expect(body.data.map((row: { balance: number }) => row.balance)).toEqual([6, 7, 8, 9, 10]);
    expect(body.meta).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3, hasNext: true });
  });

  it('should answer an empty page for an `after` row that is not in the list', async () => {
    const body = await paged(transactionSchema, twelve, pageRequest(`page=2&limit=5&after=${fixtureId(1)}`)).json();
    expect(body.data).toEqual([]);
    expect(body.meta.hasNext).toBe(false);
  });

  it("should give the database's estimate as the total of a very long list", async () => {
    const body = await paged(transactionSchema, twelve, pageRequest('page=1&limit=5'), { estimate: 12_345 }).json();
    expect(body.meta).toEqual({ page: 1, limit: 5, total: 12_345, totalPages: 2469, hasNext: true, estimated: true });
  });

  it('should refuse a page the API would refuse', () => {
    expect(() => paged(transactionSchema, twelve, pageRequest('page=1&limit=500'))).toThrow();
    expect(() => paged(transactionSchema, twelve, pageRequest('page=1&limit=5&after=5005'))).toThrow();
    const pastMaxOffset = `page=${MAX_OFFSET / 5 + 2}&limit=5`;
    expect(() => paged(transactionSchema, twelve, pageRequest(pastMaxOffset))).toThrow();
    expect(() =>
      paged(transactionSchema, twelve, pageRequest(`${pastMaxOffset}&after=${twelve[4]!._id}`)),
    ).not.toThrow();
  });

  it('should answer an error body with its status', async () => {
    const answer = fail(409, 'User Already Exist');
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      success: false,
      statusCode: 409,
      message: 'User Already Exist',
      code: 'CONFLICT',
    });
  });
});
