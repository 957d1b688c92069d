import { httpErrors } from '@fastify/sensible';
import { isRefusalCode, REFUSALS } from '@wallet/shared/contracts';

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

/** An error of one of the contracts' tables (code → status and message), as the HTTP error it stands for. */
export function tableError<T extends Record<string, { status: number; message: string }>>(
  table: T,
  code: keyof T & string,
  params?: ErrorParams,
) {
  const { status, message } = table[code]!;
  return codedError(status, message, code, params);
}

/** A refusal of the ledger's table. */
export const refusal = (code: keyof typeof REFUSALS, params?: ErrorParams) => tableError(REFUSALS, code, params);

/** A code the ledger's SQL gave: one of the table's, or a fault of ours (a 500), never passed on as is. */
export function ledgerRefusal(code: string | null | undefined) {
  if (!isRefusalCode(code)) return new Error(`The ledger gave a refusal that is not in the table: ${code}`);
  return refusal(code);
}
