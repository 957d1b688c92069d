import { httpErrors } from '@fastify/sensible';
import type { MoneyMovementResult } from '@wallet/shared/contracts';
import { takaToPoisha } from '@wallet/shared/money';
import type { DatabaseHandle, PreparedStatement } from '../db/client';
import { pgErrorCode } from './db-errors';

export type MoneyOperation = 'deposit' | 'transfer' | 'cash-out' | 'cash-in';

/**
 * The whole movement is the database function `wallet_move` (migration 0005): the caller's
 * session and role, the Idempotency-Key, the parties' rules, the posting under row locks in id
 * order, and the reply, in one statement and so one round trip and one database transaction.
 */
const WALLET_MOVE: PreparedStatement = {
  name: 'wallet_move',
  text: 'select wallet_move($1, $2, $3, $4, $5, $6, $7, $8) as outcome',
};

export interface MovementOutcome {
  status: number;
  body: { success: true; statusCode: number; message: string; data: MoneyMovementResult };
  replayed: boolean;
}

/** A refusal the ledger raised (SQLSTATE "WL" + HTTP status), as the HTTP error it stands for. */
export function ledgerRefusal(error: unknown) {
  const code = pgErrorCode(error);
  const status = code?.startsWith('WL') ? Number(code.slice(2)) : NaN;
  if (!(status >= 400 && status < 500)) return undefined;
  const message = (error as { message?: string }).message ?? 'The request was refused';
  return httpErrors.createError(status, message);
}

export async function moveMoney(
  database: Pick<DatabaseHandle, 'query'>,
  movement: {
    operation: MoneyOperation;
    /** The hash of the caller's session token: the function resolves the session and its person. */
    sessionHash: string;
    sessionIdleMs: number;
    counterpartId: string | null;
    taka: number;
    key: string | undefined;
    fingerprint: string;
    message: string;
  },
): Promise<MovementOutcome> {
  try {
    const [row] = await database.query<{ outcome: MovementOutcome }>(WALLET_MOVE, [
      movement.operation,
      movement.sessionHash,
      Math.floor(movement.sessionIdleMs / 1000),
      movement.counterpartId,
      takaToPoisha(movement.taka).toString(),
      movement.key ?? null,
      movement.fingerprint,
      movement.message,
    ]);
    return row!.outcome;
  } catch (error) {
    throw ledgerRefusal(error) ?? error;
  }
}
