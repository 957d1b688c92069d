import { http } from 'msw';
import { EXPECTED_FEE_HEADER, IDEMPOTENCY_KEY_HEADER, PIN_HEADER } from '@wallet/shared/contracts/headers';
import { server } from './server';

export interface SentRequest {
  body: unknown;
  idempotencyKey: string | null;
  /** The X-Wallet-Pin header, only when it was sent. */
  pin?: string;
  /** The X-Expected-Fee header (the fee the review showed), only when it was sent. */
  expectedFee?: string;
}

async function jsonBody(request: Request) {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** The answer to the `call`-th request of answers given in turn: the last one repeats, the first stands before any. */
export function inTurn<T>(answers: readonly T[], call: number): T {
  return answers[Math.min(Math.max(call, 1), answers.length) - 1]!;
}

/**
 * `method path` under /api/v1 answered with `answers` in turn (the last one repeats), each held
 * back until `hold` resolves. Returns what the app sent, in order, for the test to compare.
 */
export function apiAnswers(
  method: 'get' | 'post' | 'patch' | 'put',
  path: string,
  answers: Response[],
  { hold }: { hold?: Promise<void> } = {},
) {
  const sent: SentRequest[] = [];
  server.use(
    http[method](`*/api/v1${path}`, async ({ request }) => {
      const pin = request.headers.get(PIN_HEADER);
      const expectedFee = request.headers.get(EXPECTED_FEE_HEADER);
      sent.push({
        body: await jsonBody(request),
        idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER),
        ...(pin === null ? {} : { pin }),
        ...(expectedFee === null ? {} : { expectedFee }),
      });
      const answer = inTurn(answers, sent.length);
      await hold;
      return answer.clone();
    }),
  );
  return sent;
}
