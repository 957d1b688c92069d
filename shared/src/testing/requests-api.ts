import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { EXPECTED_FEE_HEADER, IDEMPOTENCY_KEY_HEADER, PIN_HEADER } from '@wallet/shared/contracts/headers';
import {
  errorBodySchema,
  MONEY_REQUEST_ERRORS,
  moneyMovementResultSchema,
  moneyRequestSchema,
  REFUSALS,
  REQUEST_TEXTS,
  requestBlockSchema,
  requestInputSchema,
  requestRulesSchema,
  type Counterpart,
  type MoneyRequest,
  type RequestBlock,
  type RequestInput,
  type RequestRules,
  type User,
} from '@wallet/shared/contracts';
import type { SentRequest } from './api-answers';
import { callerAccount } from './caller-account';
import { ok, paged, validationFailed } from './envelopes';
import { fixtureId, party, transaction, walletOf } from './fixtures';
import { server } from './server';

/** The rules a fresh database holds (request_rules): Tk 100 to 2,500, 10 a day, open 7 days. */
export const seededRequestRules = (): RequestRules => ({ minAmount: 100, maxAmount: 2500, perDay: 10, expiryDays: 7 });

/** Request `n`: Karim asks Rahim (the tests' signed-in person) for n × 100 Taka, open for 7 days from 1 June 2025. */
export function moneyRequest(n: number, fields: Partial<MoneyRequest> = {}): MoneyRequest {
  return {
    _id: fixtureId(900 + n),
    requester: { _id: fixtureId(1), name: 'Karim' },
    payer: { _id: '0b7d4f1e-7c1a-4c39-9d7f-3b2f8f0b1a01', name: 'Rahim' },
    amount: n * 100,
    note: null,
    status: 'open',
    createdAt: `2025-06-${String(n).padStart(2, '0')}T09:00:00.000Z`,
    expiresAt: `2025-06-${String(n + 7).padStart(2, '0')}T09:00:00.000Z`,
    closedAt: null,
    transactionId: null,
    ...fields,
  };
}

type RefusalTable = Record<string, { status: number; message: string }>;

/** A refusal as the API words it: the table's message with its figures, and the figures themselves. */
function refused(table: RefusalTable, code: string, params?: Record<string, number>) {
  const { status, message } = table[code]!;
  const filled = message.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(params?.[name] ?? placeholder));
  return HttpResponse.json(
    errorBodySchema.parse({ success: false, statusCode: status, message: filled, code, params }),
    { status },
  );
}

const requestError = (code: keyof typeof MONEY_REQUEST_ERRORS, params?: Record<string, number>) =>
  refused(MONEY_REQUEST_ERRORS, code, params);

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

interface RequestsApiOptions {
  incoming?: MoneyRequest[];
  outgoing?: MoneyRequest[];
  blocks?: RequestBlock[];
  rules?: RequestRules;
  /** Whom a request by `payerId` names (the picker's people): the list shows them by name. */
  people?: Counterpart[];
}

/**
 * The request money calls in memory for the signed-in `me`, answering as the API does: the lists
 * (newest first, paged), the rules, asking (checked by the contract and the rules), declining
 * (and blocking), cancelling, the blocks and unblocking, and a transfer that pays a request
 * (refused unless it is open and paid as asked, then paid). Records what the screens sent.
 */
export function requestsApi(me: User, options: RequestsApiOptions = {}) {
  const state = {
    incoming: [...(options.incoming ?? [])],
    outgoing: [...(options.outgoing ?? [])],
    blocks: [...(options.blocks ?? [])],
    rules: options.rules ?? seededRequestRules(),
    asked: [] as RequestInput[],
    declined: [] as { id: string; block: boolean }[],
    cancelled: [] as string[],
    unblocked: [] as string[],
    transfers: [] as SentRequest[],
  };
  const close = (list: MoneyRequest[], id: string, fields: Partial<MoneyRequest>) =>
    list.map((each) => (each._id === id ? { ...each, closedAt: '2025-06-20T09:00:00.000Z', ...fields } : each));

  server.use(
    http.get('*/api/v1/requests/rules', () => ok(requestRulesSchema, state.rules, { message: REQUEST_TEXTS.rules })),
    http.get('*/api/v1/requests/blocks', () =>
      ok(z.array(requestBlockSchema), state.blocks, { message: REQUEST_TEXTS.blocks }),
    ),
    http.delete('*/api/v1/requests/blocks/:id', ({ params }) => {
      const id = String(params.id);
      if (!state.blocks.some((block) => block._id === id)) return requestError('BLOCK_NOT_FOUND');
      state.unblocked.push(id);
      state.blocks = state.blocks.filter((block) => block._id !== id);
      return ok(z.null(), null, { message: REQUEST_TEXTS.unblocked });
    }),
    http.get('*/api/v1/requests', ({ request }) => {
      const direction = new URL(request.url).searchParams.get('direction');
      const rows = direction === 'incoming' ? state.incoming : state.outgoing;
      return paged(moneyRequestSchema, rows, request, { message: REQUEST_TEXTS.list });
    }),
    http.post('*/api/v1/requests', async ({ request }) => {
      const parsed = requestInputSchema.safeParse(await jsonBody(request));
      if (!parsed.success) return validationFailed(parsed.error);
      const input = parsed.data;
      const { minAmount: min, maxAmount: max } = state.rules;
      if (input.amount < min || input.amount > max) return requestError('REQUEST_AMOUNT_OUT_OF_RANGE', { min, max });
      if ('payerId' in input ? input.payerId === me._id : input.payerEmail === me.email)
        return requestError('REQUEST_SELF');
      state.asked.push(input);
      const named = 'payerId' in input ? options.people?.find((person) => person._id === input.payerId) : undefined;
      state.outgoing.unshift(
        moneyRequest(state.outgoing.length + 20, {
          _id: fixtureId(9_000 + state.asked.length),
          requester: party(me),
          payer:
            'payerId' in input
              ? { _id: input.payerId, name: named?.name ?? 'Someone' }
              : { _id: null, name: input.payerEmail },
          amount: input.amount,
          note: input.note ?? null,
        }),
      );
      return ok(z.null(), null, { status: 202, message: REQUEST_TEXTS.sent });
    }),
    http.post('*/api/v1/requests/:id/decline', async ({ request, params }) => {
      const id = String(params.id);
      const { block = false } = ((await jsonBody(request)) ?? {}) as { block?: boolean };
      const asked = state.incoming.find((each) => each._id === id);
      if (!asked) return requestError('REQUEST_NOT_FOUND');
      if (asked.status !== 'open') return requestError('REQUEST_NOT_OPEN');
      state.declined.push({ id, block });
      state.incoming = close(state.incoming, id, { status: 'declined' });
      if (block) state.blocks.unshift({ ...asked.requester, blockedAt: '2025-06-20T09:00:00.000Z' });
      return ok(z.null(), null, { message: REQUEST_TEXTS.declined });
    }),
    http.post('*/api/v1/requests/:id/cancel', ({ params }) => {
      const id = String(params.id);
      const mine = state.outgoing.find((each) => each._id === id);
      if (!mine) return requestError('REQUEST_NOT_FOUND');
      if (mine.status !== 'open') return requestError('REQUEST_NOT_OPEN');
      state.cancelled.push(id);
      state.outgoing = close(state.outgoing, id, { status: 'cancelled' });
      return ok(z.null(), null, { message: REQUEST_TEXTS.cancelled });
    }),
    http.post('*/api/v1/wallet/transfer', async ({ request }) => {
      const body = (await jsonBody(request)) as { receiverId: string; balance: number; requestId?: string };
      const pin = request.headers.get(PIN_HEADER);
      const expectedFee = request.headers.get(EXPECTED_FEE_HEADER);
      state.transfers.push({
        body,
        idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER),
        ...(pin === null ? {} : { pin }),
        ...(expectedFee === null ? {} : { expectedFee }),
      });
      const asked = state.incoming.find((each) => each._id === body.requestId);
      if (body.requestId !== undefined) {
        if (!asked) return refused(REFUSALS, 'REQUEST_NOT_FOUND');
        if (asked.status !== 'open') return refused(REFUSALS, 'REQUEST_NOT_OPEN');
        if (asked.requester._id !== body.receiverId || asked.amount !== body.balance)
          return refused(REFUSALS, 'REQUEST_MISMATCH');
      }
      const paid = transaction(body.balance, {
        _id: fixtureId(8_000 + state.transfers.length),
        sender: party(me),
        receiver: asked?.requester ?? { _id: body.receiverId, name: 'Receiver' },
      });
      if (asked) state.incoming = close(state.incoming, asked._id, { status: 'paid', transactionId: paid._id });
      const wallet = walletOf(me, { balance: callerAccount().balance - body.balance });
      return ok(
        moneyMovementResultSchema,
        { transaction: paid, wallet },
        { status: 201, message: 'Transfer successful!' },
      );
    }),
  );
  return state;
}
