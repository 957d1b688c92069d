import { httpErrors } from '@fastify/sensible';
import { REFUSALS, type RefusalCode } from '@wallet/shared/contracts';

export type ErrorParams = Record<string, string | number>;

/** What an error reply says to machines, beside its message: a code, and the figures of the message. */
export interface ReplyDetails {
  replyCode?: string;
  replyParams?: ErrorParams;
}

/** An HTTP error whose reply carries `code` (and `params`, where its message carries figures). */
export function codedError(status: number, message: string, code: string, params?: ErrorParams) {
  return Object.assign(httpErrors.createError(status, message), {
    replyCode: code,
    ...(params ? { replyParams: params } : {}),
  } satisfies ReplyDetails);
}

/** A refusal of the ledger's table, as the HTTP error it stands for. */
export function refusal(code: RefusalCode, params?: ErrorParams) {
  const { status, message } = REFUSALS[code];
  return codedError(status, message, code, params);
}
