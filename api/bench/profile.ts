/**
 * bench:db's profile part: what PostgreSQL runs for one movement, read from pg_stat_statements
 * (every nested statement, track = all) and pg_stat_user_functions (track_functions = pl) on a
 * cluster started with startCluster({ profile: true }), and the lock waits of a concurrent round
 * sampled from pg_stat_activity. Used by bench/db.ts; run alone it does nothing.
 *
 * Each statement is put in a step of the movement by where it is written: the build's own
 * PL/pgSQL functions are searched for its text (pg_stat_statements keeps a nested statement's text
 * as the function has it, INTO left out and constants made $n), so the classification follows the
 * ledger's SQL as it changes, and works on a build whose functions have other names (an unknown
 * function's statements are classified by their text alone).
 */
import type { Client } from 'pg';

export const STEPS = [
  'session',
  'PIN',
  'idempotency',
  'parties',
  'lock',
  'limits',
  'fee',
  'posting',
  'deferred checks',
  'notify',
  'other',
] as const;
type Step = (typeof STEPS)[number];

/** A function's statements belong to one step, by the function's name. */
const FUNCTION_STEPS: [RegExp, Step][] = [
  [/^session_/, 'session'],
  // The parties' limit holders are worked out from their rows before the posting.
  [/^limit_holder$/, 'parties'],
  [/^pin_/, 'PIN'],
  [/^idempotency_/, 'idempotency'],
  [/^counterpart_/, 'parties'],
  [/^(limit_|movement_limits)/, 'limits'],
  [/^movement_fee/, 'fee'],
  [/^(ledger_entries_post|accounts_balance_guard|ledger_append_only|movement_net)$/, 'posting'],
  [/(_checked$|^ledger_check_transaction$|^ledger_entries_balanced$)/, 'deferred checks'],
  [/notify/, 'notify'],
];

/** The statements of the movement's own functions (ledger_move, ledger_post, an older wallet_move), by their text. */
const TEXT_STEPS: [RegExp, Step][] = [
  // The foreign keys' checks of the rows the posting writes (PostgreSQL's own statements).
  [/FOR\s+KEY\s+SHARE/i, 'posting'],
  [/FOR\s+UPDATE/i, 'lock'],
  [/idempotency_keys|advisory/i, 'idempotency'],
  [/\bsessions\b/i, 'session'],
  [/\bpin_/i, 'PIN'],
  [/\bfees\b|movement_fee\s*\(/i, 'fee'],
  [/\blimits\b|limit_\w+\s*\(/i, 'limits'],
  [/pg_notify|_notify\s*\(/i, 'notify'],
  [/INSERT\s+INTO\s+(transactions|ledger_entries)|UPDATE\s+accounts|ledger_post\s*\(/i, 'posting'],
  [/\b(users|accounts)\b/i, 'parties'],
];

/** The steps that run before the locking SELECT (an idempotency key is looked up before it, stored after). */
const BEFORE_LOCK = new Set<Step>(['session', 'PIN', 'idempotency', 'parties']);

interface Statement {
  query: string;
  /** Sent by the API (the movement's one statement), not run inside it. */
  api: boolean;
  calls: number;
  /** Milliseconds, all calls. */
  total: number;
  step: Step;
  functions: string[];
  /** It calls one of the build's functions, so its time holds the statements within. */
  wrapper: boolean;
  beforeLock: boolean;
}

interface FunctionFigures {
  name: string;
  calls: number;
  self: number;
  total: number;
}

export interface Profile {
  kind: string;
  movements: number;
  statements: Statement[];
  functions: FunctionFigures[];
}

export async function resetStatistics(client: Client) {
  await client.query('select pg_stat_statements_reset()');
  await client.query('select pg_stat_reset()');
}

/**
 * The time backends wait before they hand their function counts to the statistics (PostgreSQL
 * 15: at most every second while busy, 10 s once idle): read pg_stat_user_functions after it.
 */
export const FUNCTION_STATISTICS_DELAY_MS = 11_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern finding a nested statement's text in a function's source: any $n stands for what
 * was written there (a constant), and an INTO clause may stand between any two words.
 */
function sourcePattern(query: string) {
  const words = query.trim().split(/\s+/).slice(0, 30);
  // PERFORM runs as a SELECT.
  const first = /^select$/i.test(words[0] ?? '') ? '(?:SELECT|PERFORM)' : null;
  const into = String.raw`\s+(?:INTO\s+(?:STRICT\s+)?[\w.]+(?:\s*,\s*[\w.]+)*\s+)?`;
  const patterns = words.map((word) => word.split(/\$\d+/).map(escape).join('[^;]+?'));
  if (first) patterns[0] = first;
  return new RegExp(patterns.join(into), 'i');
}

function stepOf(query: string, functions: string[]): Step {
  const byText = (name?: string) => {
    const step = TEXT_STEPS.find(([pattern]) => pattern.test(query))?.[1] ?? 'other';
    // ledger_post's own lookups (the FEE_REVENUE account) come after the lock: its posting.
    return name === 'ledger_post' && step === 'parties' ? 'posting' : step;
  };
  const steps = functions.length
    ? functions.map((name) => FUNCTION_STEPS.find(([pattern]) => pattern.test(name))?.[1] ?? byText(name))
    : [byText()];
  // A text written in several functions (the same lookup twice) is put in the latest step.
  const known = steps.filter((step) => step !== 'other');
  if (!known.length) return 'other';
  return known.reduce((latest, step) => (STEPS.indexOf(step) > STEPS.indexOf(latest) ? step : latest));
}

/** What the statistics hold now for this connection's database, for `movements` movements of `kind`. */
export async function readProfile(client: Client, kind: string, movements: number): Promise<Profile> {
  const sources = (
    await client.query<{ name: string; source: string; plpgsql: boolean }>(
      `/* bench:profile */ select p.proname as name, p.prosrc as source, l.lanname = 'plpgsql' as plpgsql from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
       where n.nspname = 'public' and l.lanname in ('plpgsql', 'sql')`,
    )
  ).rows;
  const rows = (
    await client.query<{ query: string; toplevel: boolean; calls: string; total: number }>(
      `/* bench:profile */ select query, toplevel, calls::text, total_exec_time as total from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())
         and query !~* 'pg_stat_|pg_sleep|bench:profile'`,
    )
  ).rows.map((row) => {
    const pattern = sourcePattern(row.query);
    return { ...row, functions: [...new Set(sources.filter((s) => pattern.test(s.source)).map((s) => s.name))] };
  });
  // A statement that calls a PL/pgSQL function with statements of its own holds their time (an
  // SQL function's one statement is mostly inlined where it is called).
  const plpgsql = new Set(sources.filter((s) => s.plpgsql).map((s) => s.name));
  const withStatements = [...new Set(rows.flatMap((row) => row.functions))].filter((name) => plpgsql.has(name));
  const callsOne = new RegExp(String.raw`\b(${withStatements.map(escape).join('|') || '$^'})\s*\(`, 'i');
  const statements = rows.map((row): Statement => {
    // Deferred triggers run at commit, outside the API's statement, so pg_stat_statements calls
    // their statements top level too: the API's own are those written in none of the functions.
    const api = row.toplevel && !row.functions.length;
    const step = api ? 'other' : stepOf(row.query, row.functions);
    return {
      query: row.query.replace(/\s+/g, ' ').trim(),
      api,
      calls: Number(row.calls),
      total: row.total,
      step,
      functions: row.functions,
      wrapper: !api && callsOne.test(row.query),
      beforeLock: BEFORE_LOCK.has(step) && !(step === 'idempotency' && /^\s*(INSERT|UPDATE)/i.test(row.query)),
    };
  });
  const functions = (
    await client.query<{ name: string; calls: string; self: number; total: number }>(
      `/* bench:profile */ select funcname as name, calls::text, self_time as self, total_time as total from pg_stat_user_functions`,
    )
  ).rows.map((row) => ({ ...row, calls: Number(row.calls) }));
  return { kind, movements, statements, functions };
}

/** Lock waits seen in this connection's database, polled every 10 ms until the returned stop is called. */
export function sampleLockWaits(client: Client) {
  const waiting = new Map<string, { backends: number; samples: number }>();
  let samples = 0;
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ event: string; n: number }>(
        `select coalesce(wait_event, '?') as event, count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and datname = current_database() group by 1`,
      );
      samples += 1;
      for (const row of rows) {
        const seen = waiting.get(row.event) ?? { backends: 0, samples: 0 };
        waiting.set(row.event, { backends: seen.backends + row.n, samples: seen.samples + 1 });
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    return { samples, waiting };
  };
}
export type LockWaits = Awaited<ReturnType<ReturnType<typeof sampleLockWaits>>>;

/** How many statements each profile lists, the longest first (BENCH_PROFILE_TOP). */
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 14);

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const cell = (text: string, width: number) => text.padStart(width);

/** Statement counts of one profile: in all, sent by the API (round trips), run within them, and after the lock. */
function counts(profile: Profile) {
  const per = (list: Statement[]) => list.reduce((sum, s) => sum + s.calls, 0) / profile.movements;
  const nested = profile.statements.filter((s) => !s.api);
  return {
    all: per(profile.statements),
    api: per(profile.statements.filter((s) => s.api)),
    nested: per(nested),
    afterLock: per(nested.filter((s) => !s.beforeLock && s.step !== 'lock')),
    apiMicros:
      (profile.statements.filter((s) => s.api).reduce((sum, s) => sum + s.total, 0) * 1000) / profile.movements,
  };
}

function byStep(profile: Profile, step: Step) {
  const mine = profile.statements.filter((s) => !s.api && s.step === step);
  return {
    calls: mine.reduce((sum, s) => sum + s.calls, 0) / profile.movements,
    micros: (mine.filter((s) => !s.wrapper).reduce((sum, s) => sum + s.total, 0) * 1000) / profile.movements,
  };
}

/** One kind's profile on each build, side by side where there are two. */
export function printProfiles(sides: { side: string; profile: Profile }[]) {
  const { kind, movements } = sides[0]!.profile;
  console.log(`\n== ${kind}: ${movements} movements, one at a time, through the API ==`);
  for (const { side, profile } of sides) {
    const c = counts(profile);
    console.log(
      `${side.padEnd(10)} statements per movement ${fixed(c.all)} (${fixed(c.api)} sent by the API + ${fixed(c.nested)} run within), ` +
        `${fixed(c.afterLock)} after the locking SELECT; the API's statement(s) ${fixed(c.apiMicros, 0)} µs per movement`,
    );
  }
  const header = sides.map(({ side }) => `${cell(`${side}: calls`, 18)} ${cell('µs', 8)}`).join('  ');
  console.log(`${'by step (statements within)'.padEnd(28)} ${header}`);
  for (const step of STEPS) {
    const figures = sides.map(({ profile }) => byStep(profile, step));
    if (figures.every((f) => f.calls === 0)) continue;
    console.log(
      `${step.padEnd(28)} ${figures.map((f) => `${cell(fixed(f.calls, 2), 18)} ${cell(fixed(f.micros, 0), 8)}`).join('  ')}`,
    );
  }
  console.log(
    "  (µs: the statements' execution time per movement; a statement that calls one of the ledger's functions is counted, not timed,\n" +
      "   as its time holds the statements within; an INSERT holds its row triggers' time too)",
  );
  for (const { side, profile } of sides) {
    console.log(`top statements, ${side}: calls/movement, mean µs, step, text`);
    const top = [...profile.statements].sort((a, b) => b.total - a.total).slice(0, TOP);
    for (const s of top) {
      const where = s.api ? 'the API' : `${s.step}${s.wrapper ? '*' : ''}`;
      const mean = (s.total * 1000) / Math.max(1, s.calls);
      console.log(
        `  ${cell(fixed(s.calls / profile.movements, 2), 6)} ${cell(fixed(mean, 0), 7)}  ${where.padEnd(16)} ${s.query.slice(0, 110)}`,
      );
    }
    console.log(`functions, ${side}: calls/movement, self µs/movement, total µs/movement`);
    for (const f of [...profile.functions].sort((a, b) => b.self - a.self)) {
      console.log(
        `  ${cell(fixed(f.calls / profile.movements, 2), 6)} ${cell(fixed((f.self * 1000) / profile.movements, 0), 7)} ${cell(fixed((f.total * 1000) / profile.movements, 0), 7)}  ${f.name}`,
      );
    }
  }
}

/** The lock waits of each build's concurrent round. */
export function printLockWaits(sides: { side: string; waits: LockWaits; seconds: number }[]) {
  for (const { side, waits, seconds } of sides) {
    console.log(`lock waits, ${side}: ${waits.samples} samples of pg_stat_activity in ${seconds} s (every 10 ms)`);
    if (!waits.waiting.size) console.log('  none seen');
    for (const [event, seen] of [...waits.waiting].sort((a, b) => b[1].backends - a[1].backends)) {
      console.log(
        `  ${event.padEnd(16)} in ${((seen.samples / Math.max(1, waits.samples)) * 100).toFixed(1).padStart(5)} % of samples, ` +
          `${(seen.backends / Math.max(1, waits.samples)).toFixed(2)} backends waiting on average`,
      );
    }
  }
}
