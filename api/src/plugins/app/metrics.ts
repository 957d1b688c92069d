import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MovementType } from '@wallet/shared/contracts';
import type { DatabaseHandle } from '../../db/client';
import { isLoopback } from '../../lib/loopback';
import { notifyQueueUsage, readLedgerHealth } from '../../ledger/ledger-health';
import { readBonusHolds } from '../../ledger/bonus';
import { readFloatAndRevenue } from '../../ledger/commission-float';

/** The path Prometheus scrapes, on each instance's own port (never through the proxy). */
const METRICS_PATH = '/metrics';
/** The refusals of an Idempotency-Key (KEY_IN_PROGRESS, KEY_REUSED): counted as conflicts too. */
const KEY_CONFLICTS = new Set(['KEY_IN_PROGRESS', 'KEY_REUSED']);
/** A scrape reads the ledger's health row at most this often per instance. */
const LEDGER_HEALTH_CACHE_MS = 5_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The money movement this route makes: counted in wallet_movements_total. */
    movement?: MovementType;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at GET /metrics (prom-client, one registry per app): request durations by
 * route and status, money movements by type and outcome, Idempotency-Key replays and conflicts,
 * refusals by code, open event streams, the database pool, and the ledger's health as the
 * maintenance job last found it. Answered to loopback clients, and to others only with
 * `Authorization: Bearer $METRICS_TOKEN`; everyone else is told 404, as for any unknown path.
 */
/**
 * Gauges read from one database query, made at most once per LEDGER_HEALTH_CACHE_MS for all of
 * them; a scrape while the database is away leaves them as they were rather than failing.
 */
function cachedGauges<T>(
  registry: Registry,
  read: () => Promise<T>,
  gauges: { name: string; help: string; value: (found: T) => number }[],
) {
  let cached: { read: number; value: Promise<T | null> } | undefined;
  const current = () => {
    if (!cached || Date.now() - cached.read > LEDGER_HEALTH_CACHE_MS) {
      cached = { read: Date.now(), value: read().catch(() => null) };
    }
    return cached.value;
  };
  for (const { name, help, value } of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const found = await current();
        if (found !== null) this.set(value(found));
      },
    });
  }
}

export const metricsPlugin = fp<{ database: Pick<DatabaseHandle, 'connections'> }>(async (app, { database }) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests (OpenTelemetry semantic conventions).',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
    registers: [registry],
  });
  const movements = new Counter({
    name: 'wallet_movements_total',
    help: 'Money movements answered, by type and outcome (completed, replayed, refused, failed).',
    labelNames: ['type', 'outcome'],
    registers: [registry],
  });
  const replays = new Counter({
    name: 'wallet_idempotency_replays_total',
    help: 'Money movements answered again from their Idempotency-Key, by type.',
    labelNames: ['type'],
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'wallet_idempotency_conflicts_total',
    help: 'Idempotency-Key refusals: still in progress (409), or reused for another request (422).',
    labelNames: ['code'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'wallet_refusals_total',
    help: 'Client errors answered (4xx), by the code of the error envelope.',
    labelNames: ['code'],
    registers: [registry],
  });
  new Counter({
    name: 'wallet_client_reports_rejected_total',
    help: "Client reports dropped: without a valid report token ('token'), or naming a release the page was not given ('release').",
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      for (const [reason, count] of app.releaseCounter.takeRejected()) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'wallet_event_streams_open',
    help: 'Live-event streams this instance holds open.',
    registers: [registry],
    collect() {
      this.set(app.walletEvents.totalStreams());
    },
  });
  const connections = database.connections;
  if (connections) {
    new Gauge({
      name: 'wallet_db_pool_connections',
      help: "The database pool's connections, by state: in use, idle, or requests waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = connections();
        this.set({ state: 'in_use' }, now.inUse);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  // Every commit of a movement queues its wallets' notifications (NOTIFY, for the live events); a
  // full queue fails the commit. A listener that stays in an open transaction keeps it from emptying
  // (docs/operations.md says what to do). Read at every scrape: one function call.
  new Gauge({
    name: 'wallet_notify_queue_usage_ratio',
    help: "The share of PostgreSQL's NOTIFY queue in use (pg_notification_queue_usage): at 1, every commit that notifies, every movement's, fails.",
    registers: [registry],
    async collect() {
      const usage = await notifyQueueUsage(app.db).catch(() => null);
      if (usage !== null) this.set(usage);
    },
  });

  // The ledger's health, read once per LEDGER_HEALTH_CACHE_MS for all five gauges; a scrape while
  // the database is away leaves them as they were rather than failing.
  cachedGauges(registry, () => readLedgerHealth(app.db), [
    {
      name: 'wallet_ledger_healthy',
      help: "1 while every entry checked nets to zero, no wallet is below zero and the last settled day's limit counters match its movements, else 0 (the maintenance job's last check).",
      value: (found) => (found.entriesNet === 0n && found.negativeWallets === 0 && found.countersDrifted === 0 ? 1 : 0),
    },
    {
      name: 'wallet_ledger_entries_net_poisha',
      help: 'The sum of every ledger entry checked so far, in poisha: 0 while the ledger balances.',
      value: (found) => Number(found.entriesNet),
    },
    {
      name: 'wallet_ledger_negative_wallets',
      help: 'Wallets whose balance is below zero.',
      value: (found) => found.negativeWallets,
    },
    {
      name: 'wallet_limit_counters_drifted',
      help: "Limit-counter rows of the last settled Asia/Dhaka day that differ from that day's movements: 0 while they agree.",
      value: (found) => found.countersDrifted,
    },
    {
      name: 'wallet_ledger_health_checked_timestamp_seconds',
      help: 'When the maintenance job last checked the ledger (Unix time); 0 before its first round.',
      value: (found) => (found.checkedAt ? found.checkedAt.getTime() / 1000 : 0),
    },
  ]);
  // The registration bonuses held (the only money the wallet creates): all of them, and those of
  // approved people that wait only for a day's budget (BONUS_DAILY_BUDGET). Read from the wallets
  // that hold money back (a partial index), as often as the ledger's health.
  cachedGauges(registry, () => readBonusHolds(app.db), [
    {
      name: 'wallet_bonus_held_poisha',
      help: 'Registration bonuses held in wallets, in poisha: until identity is approved, then until a day of BONUS_DAILY_BUDGET has room.',
      value: (found) => Number(found.held),
    },
    {
      name: 'wallet_bonus_waiting_poisha',
      help: "Bonuses of approved people that wait for a day's BONUS_DAILY_BUDGET to have room, in poisha.",
      value: (found) => Number(found.waiting),
    },
    {
      name: 'wallet_bonus_waiting',
      help: "How many bonuses of approved people wait for a day's BONUS_DAILY_BUDGET to have room.",
      value: (found) => found.waitingCount,
    },
  ]);

  // The commission float, which pays cash-in commissions only while it holds them (at 0, agents
  // earn nothing on cash-ins: the dashboard's alert line), and fee revenue, which only receives and
  // funds it (below 0 only if a reversal refunded a fee that a funding had spent: the other line).
  cachedGauges(registry, () => readFloatAndRevenue(app.db), [
    {
      name: 'wallet_commission_float_poisha',
      help: 'What the commission float holds, in poisha: it pays cash-in commissions, and none while it cannot cover one.',
      value: (found) => Number(found.float),
    },
    {
      name: 'wallet_fee_revenue_poisha',
      help: 'What fee revenue holds, in poisha: fees less cash-out commissions, refunds and what funded the commission float.',
      value: (found) => Number(found.revenue),
    },
  ]);

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    duration.observe(
      {
        http_request_method: request.method,
        // The route's pattern, never the path: ids would make a series per transaction.
        http_route: request.routeOptions.url ?? 'unmatched',
        http_response_status_code: status,
      },
      reply.elapsedTime / 1000,
    );
    const code = reply.errorCode;
    if (status >= 400 && status < 500 && code) {
      refusals.inc({ code });
      if (KEY_CONFLICTS.has(code)) conflicts.inc({ code });
    }
    const type = request.routeOptions.config.movement;
    if (type) {
      const replayed = reply.getHeader('idempotent-replayed') === 'true';
      const outcome = status === 201 ? (replayed ? 'replayed' : 'completed') : status < 500 ? 'refused' : 'failed';
      movements.inc({ type, outcome });
      if (replayed) replays.inc({ type });
    }
  });

  // With METRICS_TOKEN set, its bearer alone reads them. Without one, this machine alone, and only
  // while no proxy's headers say who the client is (TRUST_PROXY off): a proxy on this host makes
  // every visitor's connection a loopback one, and one that lets an encoded path (/%6detrics) by
  // would otherwise show them to anyone (deploy/haproxy.cfg denies it decoded too).
  const token = app.config.metricsToken ? digest(app.config.metricsToken) : undefined;
  const allowed = (request: FastifyRequest) => {
    if (!token) return !app.config.trustProxy && isLoopback(request.ip);
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return Boolean(given && timingSafeEqual(digest(given), token));
  };
  // Scraped under pressure too: that is when an operator most needs to see.
  app.get(METRICS_PATH, { schema: { hide: true }, config: { pressureHandler: () => {} } }, async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
