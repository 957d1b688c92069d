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

export interface Statement {
  filename: string;
  lines: AsyncGenerator<string>;
}

/**
 * A wallet's statement for whole UTC days `from` to `to` (up to the moment it is asked for): a
 * header with the owner, the period and the opening balance, one line per movement in time order
 * with its running balance, and the closing balance. The wallet's entries are read off their
 * (account, created_at, id) index in keyset batches, so memory holds one batch at a time. Missing
 * wallet: 404, before anything is streamed.
 */
export async function openStatement(
  db: Executor,
  owner: Owner,
  query: Pick<StatementQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<Statement> {
  const [wallet] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from accounts where user_id = ${owner.id} and kind = 'WALLET'`),
  );
  if (!wallet) throw refusal('WALLET_NOT_FOUND');
  const start = startOfDay(query.from);
  const end = new Date(Math.min(endOfDay(query.to).getTime(), now.getTime()));
  const [opening] = rowsOf<{ balance: string }>(await db.execute(openingBalanceQuery(wallet.id, start)));
  return {
    filename: `statement-${query.from}-${query.to}.csv`,
    lines: statementLines(db, owner, wallet.id, BigInt(opening!.balance), { ...query, start, end, now }),
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

async function* statementLines(
  db: Executor,
  owner: Owner,
  walletId: string,
  opening: bigint,
  period: { from: string; to: string; start: Date; end: Date; now: Date },
) {
  yield (
    csvLine(['Statement of', visibleName(owner.name)]) +
    csvLine(['Email', owner.email]) +
    csvLine(['Wallet', walletId]) +
    csvLine(['Period', period.from, period.to]) +
    csvLine(['Time zone', 'UTC']) +
    csvLine(['Generated at', period.now.toISOString()]) +
    csvLineWithAmounts(['Opening balance'], [formatPoisha(opening)]) +
    '\r\n' +
    csvLine(STATEMENT_COLUMNS)
  );

  let balance = opening;
  let moneyIn = 0n;
  let moneyOut = 0n;
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const after = cursor ? sql`and (e.created_at, e.id) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)` : sql``;
    const rows = rowsOf<MovementRow>(
      await db.execute(sql`
        select e.id::text as id, e.amount::text as amount, e.transaction_id as transaction_id,
               -- A fee and a commission are lines of their own, after their movement's.
               case e.kind when 'amount' then t.type::text else t.type::text || ' ' || e.kind::text end as type,
               to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
               e.created_at::text as cursor_at,
               c.name as counterpart
        from ledger_entries e
        join transactions t on t.id = e.transaction_id
        left join users c on c.id = case when t.sender_user_id = ${owner.id} then t.receiver_user_id
                                         else t.sender_user_id end
        where e.account_id = ${walletId}
          and e.created_at >= ${period.start.toISOString()}::timestamptz
          and e.created_at < ${period.end.toISOString()}::timestamptz
          ${after}
        order by e.created_at, e.id
        limit ${STATEMENT_BATCH}`),
    );
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) {
      const amount = BigInt(row.amount);
      balance += amount;
      if (amount > 0n) moneyIn += amount;
      else moneyOut -= amount;
      chunk += csvLineWithAmounts(
        [row.at, row.transaction_id, row.type, row.counterpart === null ? '' : visibleName(row.counterpart)],
        [amount > 0n ? formatPoisha(amount) : '', amount < 0n ? formatPoisha(-amount) : '', formatPoisha(balance)],
      );
    }
    yield chunk;
    const last = rows.at(-1)!;
    cursor = { at: last.cursor_at, id: last.id };
    if (rows.length < STATEMENT_BATCH) break;
  }
  yield csvLineWithAmounts(
    ['Closing balance', '', '', ''],
    [formatPoisha(moneyIn), formatPoisha(moneyOut), formatPoisha(balance)],
  );
}
