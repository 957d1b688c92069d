import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamsSchema,
  moneyMovementResultSchema,
  MOVEMENTS,
  REFUND_WINDOW_DAYS,
  refundInputSchema,
  type MovementType,
  type PaymentInput,
} from '@wallet/shared/contracts';
import { EXPECTED_FEE_HEADER, PIN_HEADER } from '@wallet/shared/contracts/headers';
import { refusal } from '../lib/api-errors';
import { fingerprint } from '../ledger/idempotency';
import { keyedPin, mailPinLocked } from '../identity/pin';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { sessionToken } from '../identity/sessions';
import { hashToken } from '../lib/tokens';
import { moveMoney } from '../ledger/move';
import { paymentTarget } from '../ledger/payments';
import { errors, expectedFeeHeaders, idempotencyHeaders, pinHeaders } from './schemas';

/**
 * A money POST, as `MOVEMENTS` describes it: validated body, an optional Idempotency-Key, one
 * database statement. The statement resolves the session and enforces the movement's role itself
 * (401 and 403 as `authorize` answers them), so a movement costs one round trip to the database,
 * not two; the role is declared here for the API docs. The plugin that registers it is mounted
 * under the path's first segment (/wallet, /agent).
 */
export function moneyRoute(app: FastifyInstance, type: MovementType) {
  const movement = MOVEMENTS[type];
  const body = movement.body(app.config.maxTransactionTaka);
  const [, mount, route] = /^(\/[^/]+)(\/.+)$/.exec(movement.path)!;
  if (!app.prefix.endsWith(mount!)) throw new Error(`${movement.path} is not under ${app.prefix}`);
  app.withTypeProvider<ZodTypeProvider>().post(
    route!,
    {
      config: { movement: type },
      schema: {
        tags: ['money'],
        description:
          `${movement.role === 'AGENT' ? 'An agent' : 'A user'} only. Answers "${movement.success}"` +
          (type === 'payment'
            ? ". Pays a merchant: by a QR's payload ({ payload, amount }: the amount is required for a static QR, and must be " +
              'the one a dynamic QR holds) or by its id ({ merchantId, amount, reference? }). The merchant pays the fee (the MDR); the payer pays none'
            : '') +
          (type === 'deposit'
            ? ''
            : '. Money leaves a wallet: the X-Wallet-Pin header carries the wallet PIN (5 digits); 3 wrong PINs in a row lock it for an hour. ' +
              'X-Expected-Fee, the fee (Taka) the person confirmed from GET /wallet/quote: when the fee is now another, 409 FEE_CHANGED and nothing moves.'),
        headers:
          type === 'deposit'
            ? idempotencyHeaders
            : idempotencyHeaders.extend(pinHeaders.shape).extend(expectedFeeHeaders.shape),
        body,
        response: { 201: envelopeSchema(moneyMovementResultSchema), ...errors.money },
      },
    },
    async (request, reply) => {
      const input = request.body as z.infer<typeof body>;
      // A payment's QR is read first: its refusals come before the caller's, as a malformed body's do.
      const payment = type === 'payment' ? paymentTarget(input as PaymentInput) : undefined;
      const token = sessionToken(request.cookies);
      if (!token) throw refusal('NOT_SIGNED_IN');
      const pin = type === 'deposit' ? undefined : (request.headers as { [PIN_HEADER]?: string })[PIN_HEADER];
      const expectedFee =
        type === 'deposit' ? undefined : (request.headers as { [EXPECTED_FEE_HEADER]?: string })[EXPECTED_FEE_HEADER];
      const outcome = await moveMoney(app.database, {
        type,
        sessionHash: hashToken(token),
        sessionIdleMs: app.sessionLimits.idleMs,
        counterpartId: (movement.counterpart as (input: unknown) => string | null)(input),
        taka: 'balance' in input ? input.balance : input.amount,
        key: request.headers['idempotency-key'],
        fingerprint: fingerprint(type, input),
        pin: pin ? keyedPin(pin, app.pinKeys) : null,
        pinKey: app.pinKeys[0]!.id,
        // Validated by the schema above; read from the raw header, whatever the validator hands back.
        expectedFee: expectedFee === undefined ? undefined : Number(expectedFee),
        payment,
        requestId: 'requestId' in input ? (input.requestId as string | undefined) : undefined,
        onPinLocked: (personId) => {
          // Mailed after the answer, never holding it up; a mail that fails is logged.
          void app.db
            .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
            .from(users)
            .where(eq(users.id, personId))
            .then(
              ([person]) => person && mailPinLocked(app.mailer, { ...person, verified: person.verifiedAt !== null }),
            )
            .catch((error: Error) =>
              request.log.warn({ reason: error.message }, 'the PIN lock mail could not be sent'),
            );
        },
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );
}

/**
 * POST /merchant/payments/{id}/refund: a merchant gives back a payment it took, in full (no
 * amount) or in part, with a reason, its PIN and an Idempotency-Key, through ledger_move as every
 * movement (sql/ledger_move.sql: within refund_window(), never more than was paid, the MDR back pro
 * rata). Registered by the merchant's routes, under /merchant.
 */
export function refundRoute(app: FastifyInstance) {
  const body = refundInputSchema(app.config.maxTransactionTaka);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/:id/refund',
    {
      schema: {
        tags: ['merchant', 'money'],
        description:
          `A merchant refunds a payment it took within ${REFUND_WINDOW_DAYS} days: \`amount\` (none: what is left of it) and a reason. ` +
          'Refunds never add up to more than was paid; the merchant gets back its fee (the MDR) pro rata, rounded down, the last refund the rest. ' +
          'Money leaves the wallet: the X-Wallet-Pin header carries the wallet PIN.',
        params: idParamsSchema,
        headers: idempotencyHeaders.extend(pinHeaders.shape).extend(expectedFeeHeaders.shape),
        body,
        response: { 201: envelopeSchema(moneyMovementResultSchema), ...errors.money },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request.cookies);
      if (!token) throw refusal('NOT_SIGNED_IN');
      const pin = (request.headers as { [PIN_HEADER]?: string })[PIN_HEADER];
      const expectedFee = (request.headers as { [EXPECTED_FEE_HEADER]?: string })[EXPECTED_FEE_HEADER];
      const input = request.body;
      const outcome = await moveMoney(app.database, {
        type: 'refund',
        sessionHash: hashToken(token),
        sessionIdleMs: app.sessionLimits.idleMs,
        counterpartId: null,
        taka: input.amount,
        key: request.headers['idempotency-key'],
        fingerprint: fingerprint('refund', { payment: request.params.id, ...input }),
        pin: pin ? keyedPin(pin, app.pinKeys) : null,
        pinKey: app.pinKeys[0]!.id,
        expectedFee: expectedFee === undefined ? undefined : Number(expectedFee),
        refund: { payment: request.params.id, reason: input.reason },
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.body);
    },
  );
}
