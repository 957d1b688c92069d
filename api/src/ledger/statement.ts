import { visibleName } from '@wallet/shared/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { StatementQuery } from '@wallet/shared/contracts';
import { formatPoisha } from '@wallet/shared/money';
import type { Executor } from '../db/client';
import { refusal } from '../lib/api-errors';
import { endOfDay, startOfDay } from './periods';

/** Rows read per statement: memory stays bounded by this, whatever the period holds. */
export const STATEMENT_BATCH = 1000;

const STATEMENT_COLUMNS = ['Date', 'Transaction', 'Type', 'Counterpart', 'Money in', 'Money out', 'Balance'];

interface Owner {
  id: string;
  name: string;
  email: string;
}

interface MovementRow {
  id: string;
  at: string;
  cursor_at: string;
  amount: string;
  transaction_id: string;
  type: string;
  kind: StatementLine['kind'];
  counterpart: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One CSV field: quoted when it holds a quote, a comma, a semicolon or a line break; and no piece
 * of it that a spreadsheet could run as a formula: a trigger character (= + - @, a tab or a
 * carriage return) at its start, or at the start of any piece after a comma or a semicolon (a
 * spreadsheet whose list separator is `;` splits the field there), gets an apostrophe before it.
 */
function csvField(value: string) {
  const safe = value.replace(/(^|[,;])([=+\-@\t\r])/g, "$1'$2");
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
/** Amounts are written as they are: never negative, never quoted, never a formula. */
const csvLineWithAmounts = (texts: string[], amounts: string[]) =>
  `${[...texts.map(csvField), ...amounts].join(',')}\r\n`;

/** One line of a statement: a movement, or its fee or commission, with the balance after it. */
export interface StatementLine {
  /** ISO 8601, UTC, to the millisecond. */
  at: string;
  transactionId: string;
  /** The movement's type (`transfer`, `cash-out`...). */
  type: string;
  /** `amount` for the movement itself; a fee or a commission is a line of its own, after it. */
  kind: 'amount' | 'fee' | 'commission';
  /** The other person's visible name, when there is one. */
  counterpart: string | null;
  /** Signed poisha: positive in, negative out. */
  amount: bigint;
  balance: bigint;
}

export interface StatementTotals {
  moneyIn: bigint;
  moneyOut: bigint;
  closing: bigint;
}

/**
 * A wallet's statement as data, whatever its format: the owner, the period and the opening balance,
 * then its lines in batches, read as they are asked for. `totals` is final once `batches` is done.
 */
export interface StatementSource {
  owner: { name: string; email: string };
  walletId: string;
  from: string;
  to: string;
  now: Date;
  opening: bigint;
  batches: AsyncGenerator<StatementLine[]>;
  totals: StatementTotals;
}

/**
 * A wallet's statement for whole UTC days `from` to `to` (up to the moment it is asked for): the
 * owner, the period and the opening balance, then every movement in time order with its running
 * balance. The wallet's entries are read off their (account, created_at, id) index in keyset
 * batches, so memory holds one batch at a time. Missing wallet: 404, before anything is streamed.
 */
export async function openStatement(
  db: Executor,
  owner: Owner,
  query: Pick<StatementQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<StatementSource> {
  const [wallet] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from accounts where user_id = ${owner.id} and kind = 'WALLET'`),
  );
  if (!wallet) throw refusal('WALLET_NOT_FOUND');
  const start = startOfDay(query.from);
  const end = new Date(Math.min(endOfDay(query.to).getTime(), now.getTime()));
  const [opening] = rowsOf<{ balance: string }>(await db.execute(openingBalanceQuery(wallet.id, start)));
  const balance = BigInt(opening!.balance);
  const totals: StatementTotals = { moneyIn: 0n, moneyOut: 0n, closing: balance };
  return {
    owner: { name: visibleName(owner.name), email: owner.email },
    walletId: wallet.id,
    from: query.from,
    to: query.to,
    now,
    opening: balance,
    batches: statementBatches(db, owner.id, wallet.id, { start, end }, totals),
    totals,
  };
}

/**
 * A wallet's balance at `start` (a UTC midnight): its last balance snapshot at or before then, plus
 * its entries since that snapshot. Snapshots are taken for every day the wallet moved, so the
 * entries read are those of the days not yet snapshotted (today's, and yesterday's until the job
 * has run), never every earlier entry.
 */
export function openingBalanceQuery(walletId: string, start: Date): SQL {
  return sql`
    select (coalesce(last.balance, 0) + coalesce((
             select sum(e.amount) from ledger_entries e
             where e.account_id = ${walletId} and e.created_at < ${start.toISOString()}::timestamptz
               and e.created_at >= coalesce(last.as_of, '-infinity')), 0))::text as balance
    from (select 1) one
    left join lateral (
      select s.as_of, s.balance from balance_snapshots s
      where s.account_id = ${walletId} and s.as_of <= ${start.toISOString()}::timestamptz
      order by s.as_of desc limit 1) last on true`;
}

async function* statementBatches(
  db: Executor,
  ownerId: string,
  walletId: string,
  period: { start: Date; end: Date },
  totals: StatementTotals,
): AsyncGenerator<StatementLine[]> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor ? sql`and (e.created_at, e.id) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : sql``;
    const rows = rowsOf<MovementRow>(
      await db.execute(sql`
        select e.id::text as id, e.amount::text as amount, e.transaction_id as transaction_id,
               t.type::text as type, e.kind::text as kind,
               to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               e.created_at::text as cursor_at,
               c.name as counterpart
        from ledger_entries e
        join transactions t on t.id = e.transaction_id
        left join users c on c.id = case when t.sender_user_id = ${ownerId} then t.receiver_user_id
                                         else t.sender_user_id end
        where e.account_id = ${walletId}
          and e.created_at >= ${period.start.toISOString()}::timestamptz
          and e.created_at < ${period.end.toISOString()}::timestamptz
          ${after}
        order by e.created_at, e.id
        limit ${STATEMENT_BATCH}`),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const amount = BigInt(row.amount);
      totals.closing += amount;
      if (amount > 0n) totals.moneyIn += amount;
      else totals.moneyOut -= amount;
      return {
        at: row.at,
        transactionId: row.transaction_id,
        type: row.type,
        kind: row.kind,
        counterpart: row.counterpart === null ? null : visibleName(row.counterpart),
        amount,
        balance: totals.closing,
      };
    });
    const last = rows.at(-1)!;
    cursor = { at: last.cursor_at, id: last.id };
    if (rows.length < STATEMENT_BATCH) return;
  }
}

/** The statement as CSV text, a batch of lines at a time. */
export async function* csvStatement(statement: StatementSource): AsyncGenerator<string> {
  yield (
    csvLine(['Statement of', statement.owner.name]) +
    csvLine(['Email', statement.owner.email]) +
    csvLine(['Wallet', statement.walletId]) +
    csvLine(['Period', statement.from, statement.to]) +
    csvLine(['Time zone', 'UTC']) +
    csvLine(['Generated at', statement.now.toISOString()]) +
    csvLineWithAmounts(['Opening balance'], [formatPoisha(statement.opening)]) +
    '\r\n' +
    csvLine(STATEMENT_COLUMNS)
  );
  for await (const lines of statement.batches) {
    let chunk = '';
    for (const line of lines) {
      chunk += csvLineWithAmounts(
        [
          line.at,
          line.transactionId,
          line.kind === 'amount' ? line.type : `${line.type} ${line.kind}`,
          line.counterpart ?? '',
        ],
        [
          line.amount > 0n ? formatPoisha(line.amount) : '',
          line.amount < 0n ? formatPoisha(-line.amount) : '',
          formatPoisha(line.balance),
        ],
      );
    }
    yield chunk;
  }
  const { moneyIn, moneyOut, closing } = statement.totals;
  yield csvLineWithAmounts(
    ['Closing balance', '', '', ''],
    [formatPoisha(moneyIn), formatPoisha(moneyOut), formatPoisha(closing)],
  );
}
