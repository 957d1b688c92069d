import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { Counterpart, Transaction, User, Wallet } from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';

export interface SentMovement {
  body: unknown;
  idempotencyKey: string | null;
}

/**
 * The money API as the money screens' tests see it, for one signed-in person `me`: builders for
 * people, wallets and transactions, and msw handlers that record what the screens sent.
 */
export function createMoneyApi(server: SetupServer, me: User) {
  function signedIn(user: User = me) {
    useSession.setState({ user, status: 'signed-in' });
  }

  const person = (n: number, name: string, role: Counterpart['role'] = 'USER'): Counterpart => ({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    email: `${name.toLowerCase()}@example.com`,
    role,
  });

  const wallet = (balance: number, isBlocked = false): Wallet => ({
    _id: '11111111-1111-4111-8111-111111111111',
    userId: me._id,
    balance,
    isBlocked,
  });

  function transaction(n: number, fields: Partial<Transaction> = {}): Transaction {
    return {
      _id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
      type: 'transfer',
      status: 'completed',
      balance: n,
      createdAt: '2025-03-01T10:00:00.000Z',
      sender: { _id: me._id, name: me.name },
      receiver: { _id: person(n, 'Karim')._id, name: 'Karim' },
      ...fields,
    };
  }

  /** A request the test releases when it chooses, so the pending state can be seen without timers. */
  function heldRequest() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { release, released };
  }

  /** A money POST: records each body and Idempotency-Key; `answers` are used in turn, the last one repeats. */
  function movementAnswers(path: string, answers: { status: number; body?: object; hold?: Promise<void> }[]) {
    const sent: SentMovement[] = [];
    server.use(
      http.post(`*/api/v1${path}`, async ({ request }) => {
        sent.push({ body: await request.json(), idempotencyKey: request.headers.get('idempotency-key') });
        const answer = answers[Math.min(sent.length, answers.length) - 1]!;
        await answer.hold;
        return answer.body
          ? HttpResponse.json(answer.body, { status: answer.status })
          : new HttpResponse(null, { status: answer.status });
      }),
    );
    return sent;
  }

  const accepted = (message: string, balanceAfter: number) => ({
    status: 201,
    body: {
      success: true,
      statusCode: 201,
      message,
      data: { transaction: transaction(1), wallet: wallet(balanceAfter) },
    },
  });

  const refused = (status: number, message: string) => ({
    status,
    body: { success: false, statusCode: status, message },
  });

  /** GET /user/all-user: answers from `people` by the search term, and records each query. */
  function counterpartsAnswer(people: Counterpart[]) {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/user/all-user', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const search = (query.get('search') ?? '').toLowerCase();
        const found = people.filter((p) => p.name.toLowerCase().includes(search) || p.email.includes(search));
        return HttpResponse.json({
          success: true,
          statusCode: 200,
          message: 'Users retrieved',
          data: found,
          meta: { page: 1, limit: 10, total: found.length, totalPages: 1 },
        });
      }),
    );
    return queries;
  }

  /** GET /wallet/me answering each balance in turn (the last one repeats). */
  function walletAnswers(...balances: number[]) {
    let calls = 0;
    server.use(
      http.get('*/api/v1/wallet/me', () => {
        calls += 1;
        const balance = balances[Math.min(calls, balances.length) - 1]!;
        return HttpResponse.json({
          success: true,
          statusCode: 200,
          message: 'Wallet retrieved',
          data: wallet(balance),
        });
      }),
    );
  }

  /** GET /transaction/me: `all` paged as the server pages it; `hold` keeps the answer back. */
  function transactionsAnswer(all: () => Transaction[], hold?: Promise<void>) {
    const pages: number[] = [];
    server.use(
      http.get('*/api/v1/transaction/me', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        const page = Number(query.get('page') ?? 1);
        const limit = Number(query.get('limit') ?? 10);
        pages.push(page);
        await hold;
        const rows = all();
        return HttpResponse.json({
          success: true,
          statusCode: 200,
          message: 'Transactions retrieved',
          data: rows.slice((page - 1) * limit, page * limit),
          meta: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
        });
      }),
    );
    return pages;
  }

  return {
    ME: me,
    signedIn,
    person,
    wallet,
    transaction,
    heldRequest,
    movementAnswers,
    accepted,
    refused,
    counterpartsAnswer,
    walletAnswers,
    transactionsAnswer,
  };
}
