import { http } from 'msw';
import {
  merchantPaymentSchema,
  merchantQrSchema,
  merchantSummarySchema,
  moneyMovementResultSchema,
  paymentLinkSchema,
  REFUND_TEXTS,
  walletSchema,
  type MerchantPayment,
  type MerchantProfile,
  type PaymentLink,
  type PaymentLinkInput,
  type User,
} from '@wallet/shared/contracts';
import { EXPECTED_FEE_HEADER, IDEMPOTENCY_KEY_HEADER, PIN_HEADER } from '@wallet/shared/contracts/headers';
import {
  fail,
  fixtureId,
  ok,
  paged,
  server,
  transaction,
  user,
  walletOf,
  type SentRequest,
} from '@wallet/shared/testing';

/** Rahim's grocery in Dhaka, a merchant since March 2025. */
const SHOP: MerchantProfile = {
  _id: fixtureId(900),
  name: 'Rahim Store',
  nameBn: 'রহিম স্টোর',
  category: '5411',
  city: 'Dhaka',
  cityBn: 'ঢাকা',
  since: '2025-03-01T00:00:00.000Z',
};

export const shopkeeper = (fields: Partial<User> = {}) => user({ merchant: SHOP, ...fields });

/** Payment `n`: n × 100 Taka from "Payer n" by the shop's QR, at 1% MDR. */
export function payment(n: number, fields: Partial<MerchantPayment> = {}): MerchantPayment {
  return {
    _id: fixtureId(3000 + n),
    createdAt: `2026-11-23T0${n % 10}:15:00.000Z`,
    amount: n * 100,
    fee: n,
    refunded: 0,
    payer: { _id: fixtureId(100 + n), name: `Payer ${n}` },
    reference: null,
    channel: 'static',
    ...fields,
  };
}

/** Link `n`: "Order n", any amount, any number of times, active. */
export function link(n: number, fields: Partial<PaymentLink> = {}): PaymentLink {
  return {
    _id: fixtureId(4000 + n),
    code: `code${String(n).padStart(20, '0')}`,
    amount: null,
    description: `Order ${n}`,
    expiresAt: null,
    closed: null,
    maxUses: null,
    uses: 0,
    active: true,
    createdAt: '2026-11-23T08:00:00.000Z',
    ...fields,
  };
}

async function sent(request: Request): Promise<SentRequest> {
  const pin = request.headers.get(PIN_HEADER);
  const expectedFee = request.headers.get(EXPECTED_FEE_HEADER);
  return {
    body: await request.json(),
    idempotencyKey: request.headers.get(IDEMPOTENCY_KEY_HEADER),
    ...(pin === null ? {} : { pin }),
    ...(expectedFee === null ? {} : { expectedFee }),
  };
}

const round = (taka: number) => Math.round(taka * 100) / 100;

/**
 * The merchant's side of the API in memory, answering as it does: today's payments (newest first)
 * and their summary, the wallet, refunds (the payment's `refunded` grows, the wallet shrinks),
 * the QR codes and the links. Each list of `sent` is what the screens posted.
 */
export function merchantApi({
  payments = [] as MerchantPayment[],
  links = [] as PaymentLink[],
  balance = 5_000,
  me = shopkeeper(),
} = {}) {
  const state = {
    payments,
    links,
    balance,
    notAMerchant: false,
    refunds: [] as SentRequest[],
    qrs: [] as SentRequest[],
    created: [] as PaymentLinkInput[],
    turnedOff: [] as string[],
  };
  const refused = () => fail(403, 'Only an approved merchant can do this', undefined, 'NOT_A_MERCHANT');
  server.use(
    http.get('*/api/v1/wallet/me', () => ok(walletSchema, walletOf(me, { balance: state.balance }))),
    http.get('*/api/v1/merchant/payments', ({ request }) =>
      state.notAMerchant ? refused() : paged(merchantPaymentSchema, state.payments, request),
    ),
    http.get('*/api/v1/merchant/summary', () => {
      if (state.notAMerchant) return refused();
      const sum = (pick: (row: MerchantPayment) => number) =>
        round(state.payments.reduce((s, row) => s + pick(row), 0));
      const [gross, fees, refunded] = [sum((row) => row.amount), sum((row) => row.fee), sum((row) => row.refunded)];
      const refunds = state.payments.filter((row) => row.refunded > 0).length;
      return ok(merchantSummarySchema, {
        day: '2026-11-23',
        payments: state.payments.length,
        gross,
        fees,
        refunds,
        refunded,
        feesBack: 0,
        net: round(gross - fees - refunded),
      });
    }),
    http.post('*/api/v1/merchant/payments/:id/refund', async ({ request, params }) => {
      const asked = await sent(request);
      state.refunds.push(asked);
      const { amount } = asked.body as { amount: number };
      state.payments = state.payments.map((row) =>
        row._id === params.id ? { ...row, refunded: round(row.refunded + amount) } : row,
      );
      state.balance = round(state.balance - amount);
      return ok(
        moneyMovementResultSchema,
        {
          transaction: transaction(1, { type: 'refund', balance: amount, refundOf: String(params.id) }),
          wallet: walletOf(me, { balance: state.balance }),
        },
        { status: 201, message: REFUND_TEXTS.refunded },
      );
    }),
    http.get('*/api/v1/merchant/qr', () =>
      state.notAMerchant ? refused() : ok(merchantQrSchema, { payload: STATIC_PAYLOAD, expiresAt: null }),
    ),
    http.post('*/api/v1/merchant/qr', async ({ request }) => {
      const asked = await sent(request);
      state.qrs.push(asked);
      const { reference } = asked.body as { reference: string };
      return ok(
        merchantQrSchema,
        {
          payload: dynamicPayload(reference),
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        },
        { status: 201 },
      );
    }),
    http.get('*/api/v1/merchant/links', ({ request }) =>
      state.notAMerchant ? refused() : paged(paymentLinkSchema, state.links, request),
    ),
    http.post('*/api/v1/merchant/links', async ({ request }) => {
      const input = (await request.json()) as PaymentLinkInput;
      state.created.push(input);
      const made = link(state.links.length + 1, {
        description: input.description,
        amount: input.amount ?? null,
        maxUses: input.maxUses ?? null,
        expiresAt: input.expiresAt ?? null,
      });
      state.links = [made, ...state.links];
      return ok(paymentLinkSchema, made, { status: 201 });
    }),
    http.patch('*/api/v1/merchant/links/:id', ({ params }) => {
      state.turnedOff.push(String(params.id));
      state.links = state.links.map((row) =>
        row._id === params.id ? { ...row, active: false, closed: 'PAY_LINK_INACTIVE' as const } : row,
      );
      return ok(
        paymentLinkSchema,
        state.links.find((row) => row._id === params.id)!,
      );
    }),
  );
  return state;
}

/** A static Bangla QR's payload, as the API makes one (its fields are the API's concern here). */
export const STATIC_PAYLOAD =
  '00020101021126490020bd.digitalwallet.pay0136' +
  fixtureId(900) +
  '52045411530305054' +
  '02BD5911Rahim Store6005Dhaka6304ABCD';

/** The payload the API answers for a dynamic QR of `reference` here (a stand-in: its fields are the API's concern). */
export const dynamicPayload = (reference: string) => `${STATIC_PAYLOAD.slice(0, 40)}${reference}`;
