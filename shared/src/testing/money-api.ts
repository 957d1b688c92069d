import { http } from 'msw';
import {
  counterpartSchema,
  moneyMovementResultSchema,
  transactionSchema,
  walletSchema,
  type Counterpart,
  type Transaction,
  type User,
} from '@wallet/shared/contracts';
import { useSession } from '@wallet/shared/session';
import { inTurn } from './api-answers';
import { setCallerAccount } from './caller-account';
import { ok, paged } from './envelopes';
import * as fixtures from './fixtures';
import { server } from './server';

/**
 * The money API as the money screens' tests see it, for one signed-in person `me`: `me`'s wallet
 * and transactions, and msw handlers that answer as the API does and record what the screens asked.
 */
export function createMoneyApi(me: User) {
  const signedIn = () => useSession.setState({ user: me, status: 'signed-in' });

  const wallet = (balance: number) => fixtures.walletOf(me, { balance });

  /** One of `me`'s transactions: by default n Taka sent to Karim. */
  const transaction = (n: number, fields: Partial<Transaction> = {}) =>
    fixtures.transaction(n, {
      sender: fixtures.party(me),
      receiver: fixtures.party(fixtures.counterpart(n, 'Karim')),
      ...fields,
    });

  /** A money POST's 201, leaving `me` with `balanceAfter`. */
  const accepted = (message: string, balanceAfter: number) =>
    ok(
      moneyMovementResultSchema,
      { transaction: transaction(1), wallet: wallet(balanceAfter) },
      { status: 201, message },
    );

  /** GET /user/all-user: answers from `people` by the search term, and records each query. */
  function counterpartsAnswer(people: Counterpart[]) {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/user/all-user', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const search = (query.get('search') ?? '').toLowerCase();
        const found = people.filter((p) => p.name.toLowerCase().includes(search) || p.email.includes(search));
        return paged(counterpartSchema, found, request, { message: 'Users retrieved' });
      }),
    );
    return queries;
  }

  /** GET /wallet/me answering each balance in turn (the last one repeats); a quote starts from the one of now. */
  function walletAnswers(...balances: number[]) {
    let calls = 0;
    setCallerAccount({ balance: () => inTurn(balances, calls) });
    server.use(
      http.get('*/api/v1/wallet/me', () => {
        calls += 1;
        return ok(walletSchema, wallet(inTurn(balances, calls)), { message: 'Wallet retrieved' });
      }),
    );
  }

  /** GET /transaction/me: `all` paged as the server pages it, held back until `hold`; records each page asked for. */
  function transactionsAnswer(all: () => Transaction[], { hold }: { hold?: Promise<void> } = {}) {
    const pages: number[] = [];
    server.use(
      http.get('*/api/v1/transaction/me', async ({ request }) => {
        pages.push(Number(new URL(request.url).searchParams.get('page') ?? 1));
        await hold;
        return paged(transactionSchema, all(), request, { message: 'Transactions retrieved' });
      }),
    );
    return pages;
  }

  return { ME: me, signedIn, transaction, accepted, counterpartsAnswer, walletAnswers, transactionsAnswer };
}
