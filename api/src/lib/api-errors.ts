import { httpErrors } from '@fastify/sensible';
import { isRefusalCode, REFUSALS, refusalMessage, type RefusalCode, VALIDATION_FAILED } from '@wallet/shared/contracts';
import { poishaToTaka } from '@wallet/shared/money';

export type ErrorParams = Record<string, string | number>;

/** What an error reply says to machines, beside its message: a code, and the figures of the message. */
export interface ReplyDetails {
  replyCode?: string;
  replyParams?: ErrorParams;
  /** The fields at fault, as a schema's validation names them. */
  replyErrors?: { path: string; message: string }[];
}

/** An HTTP error whose reply carries `code` (and `params`, where its message carries figures). */
export function codedError(status: number, message: string, code: string, params?: ErrorParams) {
  return Object.assign(httpErrors.createError(status, message), {
    replyCode: code,
    ...(params ? { replyParams: params } : {}),
  } satisfies ReplyDetails);
}

/**
 * An error of one of the contracts' tables (code → status and message), as the HTTP error it
 * stands for: its message's `{name}`s filled from `params`, which the reply carries too.
 */
export function tableError<T extends Record<string, { status: number; message: string }>>(
  table: T,
  code: keyof T & string,
  params?: ErrorParams,
) {
  const { status, message } = table[code]!;
  const filled = message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    params?.[name] === undefined ? placeholder : String(params[name]),
  );
  return codedError(status, filled, code, params);
}

/** A body that passed its schema but not a rule across fields or settings: a 400 naming the field, as validation does. */
export function invalidField(path: string, message: string) {
  return Object.assign(codedError(400, `${path} ${message}`, VALIDATION_FAILED), {
    replyErrors: [{ path, message: `${path} ${message}` }],
  } satisfies ReplyDetails);
}

/** A refusal of the ledger's table, its message carrying its figures. */
export function refusal(code: RefusalCode, params?: ErrorParams) {
  return codedError(REFUSALS[code].status, refusalMessage(code, params), code, params);
}

/**
 * A code the ledger's SQL gave: one of the table's, or a fault of ours (a 500), never passed on as
 * is. Its figures come in poisha; the reply gives amounts in Taka, as every amount on the wire.
 */
export function ledgerRefusal(code: string | null | undefined, sqlParams?: Record<string, string | number> | null) {
  if (!isRefusalCode(code)) return new Error(`The ledger gave a refusal that is not in the table: ${code}`);
  if (!sqlParams) return refusal(code);
  const entry: { status: number; figures?: string } = REFUSALS[code];
  const params: ErrorParams = {};
  for (const [name, value] of Object.entries(sqlParams)) {
    params[name] = entry.figures === 'taka' && typeof value === 'number' ? poishaToTaka(value) : value;
  }
  return refusal(code, params);
}

/** The PIN's refusal as the reply gives it: what the database said only for the API is left out. */
export function pinRefusal(code: string, params: Record<string, string | number | boolean> | null | undefined) {
  if (!params) return ledgerRefusal(code);
  const { lockedNow: _lockedNow, person: _person, ...shown } = params;
  return ledgerRefusal(code, shown as Record<string, string | number>);
}
