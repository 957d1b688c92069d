import {
  MOVEMENTS,
  REFUND_TEXTS,
  type MoneyMovementResult,
  type MovementType,
  visibleName,
} from '@wallet/shared/contracts';
import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';
import type { DatabaseHandle, PreparedStatement } from '../db/client';
import { ledgerRefusal } from '../lib/api-errors';
import { envelope } from '../lib/reply';
import { pgErrorCode } from '../db/errors';
import { pinRefusal } from '../lib/api-errors';
import { currentTraceId } from '../telemetry';

/**
 * The whole movement is the database function ledger_move (api/src/ledger/sql/ledger_move.sql):
 * the caller's session and role, the Idempotency-Key, the parties' rules, the posting under row
 * locks in id order, and the typed outcome stored with the key, in one statement and so one
 * round trip and one database transaction. Its one argument, the composite movement_request, is
 * built by field name from JSON (a field it lacks is NULL), so a new field is one attribute added
 * to the type. Amounts and balances come back as text: they are bigint poisha.
 */
const LEDGER_MOVE: PreparedStatement = {
  name: 'ledger_move',
  text: `select outcome, refusal, transaction_id, created_at, type, amount::text, sender_id, sender_name,
                receiver_id, receiver_name, wallet_id, owner_id, balance_after::text, refusal_params,
                fee::text, commission::text, held_after::text, commission_unpaid::text
         from ledger_move(jsonb_populate_record(null::movement_request, $1::jsonb))`,
};

/**
 * The composite type movement_request (migration 0028), field by field: bigint poisha as text,
 * so no amount passes through a float.
 */
interface MovementRequest {
  type: LedgerMovementType;
  role: string;
  session_hash: string;
  idle_seconds: number;
  counterpart: string | null;
  /** Null only for a refund of what is left of its payment. */
  amount: string | null;
  key: string | null;
  request_hash: string;
  /** The X-Wallet-Pin's keyed hashes by key id, or null when none came. */
  pin: Record<string, string> | null;
  pin_key: string;
  expected_fee: string | null;
  trace_id: string | null;
  /** A payment's merchant (merchants.id), its reference, and whether that names a dynamic QR. */
  merchant: string | null;
  reference: string | null;
  dynamic: boolean | null;
  link: string | null;
  /** A refund's payment and reason. */
  payment: string | null;
  reason: string | null;
  /** The request a transfer pays (money_requests.id). */
  request: string | null;
}

/** The typed row ledger_move returns (the composite type movement_outcome). */
interface OutcomeRow {
  outcome: 'posted' | 'replayed' | 'refused';
  refusal: string | null;
  transaction_id: string;
  created_at: Date;
  type: LedgerMovementType;
  amount: string;
  sender_id: string | null;
  sender_name: string | null;
  receiver_id: string;
  receiver_name: string;
  wallet_id: string;
  owner_id: string;
  balance_after: string;
  /** A limit's figures (amounts in poisha), where the refusal has them. */
  refusal_params: Record<string, string | number> | null;
  /** Poisha; null in outcomes stored before fees existed (none was charged). */
  fee: string | null;
  commission: string | null;
  /** What of the wallet's balance is held (poisha); null in outcomes stored before holds existed. */
  held_after: string | null;
  /** A cash-in's commission the commission float could not cover (poisha); null or 0 otherwise. */
  commission_unpaid: string | null;
}

/**
 * Whom a payment pays: a merchant (merchants.id), with its reference, a dynamic QR's when
 * `dynamic`; or a payment link's merchant, by the link's code.
 */
export interface PaymentTarget {
  merchant: string | null;
  reference: string | null;
  dynamic: boolean;
  link?: string;
}

/** A merchant's refund: the payment it gives back (its transaction's id) and why. */
export interface RefundTarget {
  payment: string;
  reason: string;
}

/** The movements ledger_move makes: the money POSTs, and a merchant's refund of a payment. */
export type LedgerMovementType = MovementType | 'refund';
const LEDGER_MOVEMENTS: Record<LedgerMovementType, { role: string; success: string }> = {
  ...MOVEMENTS,
  refund: { role: 'USER', success: REFUND_TEXTS.refunded },
};

/** SQLSTATE of the one refusal the ledger raises (it must undo a posting); the message is its code. */
const RAISED_REFUSAL = 'WL000';

/** The reply to a movement, the same from its outcome whether first answered or replayed. */
function movementReply(row: OutcomeRow): MoneyMovementResult {
  return {
    transaction: {
      _id: row.transaction_id,
      type: row.type,
      status: 'completed',
      balance: poishaToTaka(BigInt(row.amount)),
      fee: poishaToTaka(BigInt(row.fee ?? 0)),
      commission: poishaToTaka(BigInt(row.commission ?? 0)),
      createdAt: row.created_at.toISOString(),
      sender: row.sender_id ? { _id: row.sender_id, name: visibleName(row.sender_name!) } : null,
      receiver: { _id: row.receiver_id, name: visibleName(row.receiver_name) },
      // A movement just made is no reversal, not reversed yet, and not reported.
      reversedBy: null,
      reverses: null,
      dispute: null,
    },
    wallet: {
      _id: row.wallet_id,
      userId: row.owner_id,
      balance: poishaToTaka(BigInt(row.balance_after)),
      available: poishaToTaka(BigInt(row.balance_after) - BigInt(row.held_after ?? 0)),
      held: poishaToTaka(BigInt(row.held_after ?? 0)),
      isBlocked: false,
    },
    ...(BigInt(row.commission_unpaid ?? 0) > 0n && { commissionUnpaid: poishaToTaka(BigInt(row.commission_unpaid!)) }),
  };
}

export async function moveMoney(
  database: Pick<DatabaseHandle, 'query'>,
  movement: {
    type: LedgerMovementType;
    /** The hash of the caller's session token: the function resolves the session and its person. */
    sessionHash: string;
    sessionIdleMs: number;
    counterpartId: string | null;
    /** Undefined only for a refund of what is left of its payment. */
    taka: number | undefined;
    key: string | undefined;
    fingerprint: string;
    /** The X-Wallet-Pin's keyed hashes by key id (keyedPin), or null when none came; and the current key's id. */
    pin: Record<string, string> | null;
    pinKey: string;
    /** The fee (Taka) the caller confirmed (X-Expected-Fee): another fee now is refused FEE_CHANGED. */
    expectedFee?: number;
    /** Told when this request's wrong PIN locked it, with whose: the person is mailed. */
    onPinLocked?: (personId: string) => void;
    /** A payment's merchant and reference (routes/money.ts reads them from the body or its QR). */
    payment?: PaymentTarget;
    refund?: RefundTarget;
    /** The request a transfer pays. */
    requestId?: string;
  },
) {
  let row: OutcomeRow;
  try {
    const request: MovementRequest = {
      type: movement.type,
      role: LEDGER_MOVEMENTS[movement.type].role,
      session_hash: movement.sessionHash,
      idle_seconds: Math.floor(movement.sessionIdleMs / 1000),
      counterpart: movement.counterpartId,
      amount: movement.taka === undefined ? null : takaToPoisha(movement.taka).toString(),
      key: movement.key ?? null,
      request_hash: movement.fingerprint,
      pin: movement.pin,
      pin_key: movement.pinKey,
      expected_fee: movement.expectedFee === undefined ? null : takaToPoisha(movement.expectedFee).toString(),
      trace_id: currentTraceId(),
      merchant: movement.payment?.merchant ?? null,
      reference: movement.payment?.reference ?? null,
      dynamic: movement.payment?.dynamic ?? null,
      link: movement.payment?.link ?? null,
      payment: movement.refund?.payment ?? null,
      reason: movement.refund?.reason ?? null,
      request: movement.requestId ?? null,
    };
    [row] = (await database.query<OutcomeRow>(LEDGER_MOVE, [JSON.stringify(request)])) as [OutcomeRow];
  } catch (error) {
    if (pgErrorCode(error) === RAISED_REFUSAL) throw ledgerRefusal((error as { message?: string }).message);
    throw error;
  }
  if (row.outcome === 'refused') {
    const params = row.refusal_params as Record<string, string | number | boolean> | null;
    if (params?.lockedNow && typeof params.person === 'string') movement.onPinLocked?.(params.person);
    throw pinRefusal(row.refusal ?? '', params);
  }
  return {
    replayed: row.outcome === 'replayed',
    body: envelope(201, LEDGER_MOVEMENTS[movement.type].success, movementReply(row)),
  };
}
