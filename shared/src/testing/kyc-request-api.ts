import { http } from 'msw';
import {
  KYC_ERRORS,
  KYC_REQUEST_PATH,
  KYC_TEXTS,
  kycRequestSchema,
  type KycErrorCode,
  type KycRequest,
} from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { fixtureId, user } from './fixtures';
import { server } from './server';

/** A person's identity review request, asked on 1 June 2025 and still waiting. */
export function kycRequest(fields: Partial<KycRequest> = {}): KycRequest {
  return {
    _id: fixtureId(62_000),
    status: 'pending',
    reason: null,
    requestedAt: '2025-06-01T09:00:00.000Z',
    decidedAt: null,
    checked: [],
    ...fields,
  };
}

/**
 * The person's side of the identity review in memory, for `me`, answering as the API does:
 * GET /user/kyc-request gives the latest request or null; POST asks for a review, refused with
 * KYC_NEEDS_EMAIL before the email is verified, KYC_DONE once the identity is, and KYC_PENDING
 * while a request waits. `asked` counts the POSTs; `refuse` answers every POST with that error;
 * `hold` keeps every answer back until the test releases it.
 */
export function myKycApi({ me = user(), latest = null as KycRequest | null } = {}) {
  const state = {
    latest,
    asked: 0,
    refuse: null as null | { status: number; message: string; code?: string },
    hold: null as null | Promise<void>,
    now: '2025-06-02T09:00:00.000Z',
  };

  function refusal(): KycErrorCode | null {
    if (!me.emailVerified) return 'KYC_NEEDS_EMAIL';
    if (me.tier === 'KYC_APPROVED') return 'KYC_DONE';
    return state.latest?.status === 'pending' ? 'KYC_PENDING' : null;
  }

  server.use(
    http.get(`*/api/v1${KYC_REQUEST_PATH}`, async () => {
      await state.hold;
      return ok(kycRequestSchema.nullable(), state.latest, { message: KYC_TEXTS.yours });
    }),
    http.post(`*/api/v1${KYC_REQUEST_PATH}`, async () => {
      state.asked += 1;
      await state.hold;
      if (state.refuse) return fail(state.refuse.status, state.refuse.message, undefined, state.refuse.code);
      const code = refusal();
      if (code) return fail(KYC_ERRORS[code].status, KYC_ERRORS[code].message, undefined, code);
      state.latest = kycRequest({ _id: fixtureId(62_000 + state.asked), requestedAt: state.now });
      return ok(kycRequestSchema, state.latest, { status: 201, message: KYC_TEXTS.requested });
    }),
  );
  return state;
}
