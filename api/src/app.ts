import { randomBytes } from 'node:crypto';
import { freshVapidKeys } from './notifications/push';
import path from 'node:path';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Span } from '@opentelemetry/api';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { loadSystemAccountIds, type SystemAccountIds } from './ledger/post';
import { ReleaseCounter } from './site/release-stats';
import { DEFAULT_PASSWORD_COST, type PasswordCost, PasswordHasher } from './identity/passwords';
import { type PinKey, pinKeys } from './identity/pin';
import { liveSessionPeople, type SessionLimits } from './identity/sessions';
import { errorsPlugin, frameworkErrors } from './plugins/app/errors';
import { cookiePlugin } from './plugins/external/cookie';
import { helmetPlugin } from './plugins/external/helmet';
import { sensiblePlugin } from './plugins/external/sensible';
import { swaggerPlugin } from './plugins/external/swagger';
import { underPressurePlugin } from './plugins/external/under-pressure';
import { limitsPlugin } from './plugins/app/limits';
import { originPlugin } from './plugins/app/origin';
import { authPlugin } from './plugins/app/auth';
import { eventsPlugin } from './plugins/app/events';
import { metricsPlugin } from './plugins/app/metrics';
import { apiRoutes } from './routes';
import { sitePlugin } from './site/plugin';
import { devMailRoutes } from './routes/dev-mail';
import { Mailer } from './lib/mail';
import { redactedUrl } from './lib/request-path';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    /**
     * The handle itself, for statements run straight on the driver (the money path), LISTEN, and
     * the heavy reads that a standby may serve (`reading`, lib/reads.ts).
     */
    database: Pick<DatabaseHandle, 'query' | 'listen' | 'reading' | 'readSide'>;
    system: SystemAccountIds;
    passwords: PasswordHasher;
    /** The wallet PINs' keys, the current one first (identity/pin.ts). */
    pinKeys: PinKey[];
    sessionLimits: SessionLimits;
    mailer: Mailer;
    /** Set when the instance begins to shut down: readiness answers 503 from then on. */
    lifecycle: { draining: boolean };
    /** Page views and client errors per release, counted here and written every few seconds. */
    releaseCounter: ReleaseCounter;
  }
}

const API_PREFIX = '/api/v1';

/** The access log's view of a request: Fastify's own fields, with credentials and searches in the query removed. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** One access line per request, when it completes (with its request), not Fastify's two. */
class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Lower only in tests: the work factor for new password hashes. */
  passwordCost?: PasswordCost;
  /** Where log lines go (standard output when omitted). */
  logStream?: NodeJS.WritableStream;
}

/** A request's trace and span ids, kept on its logger (`request.log`) for `traceMixin`. */
const TRACE_IDS = Symbol('trace ids');
interface TracedLogger {
  [TRACE_IDS]?: { trace_id: string; span_id: string };
}

/**
 * Puts the trace's ids on each line a request logs: read from the request's logger, or a child of
 * it, when the line is written. A property set once a request is far cheaper than the child logger
 * per request that the same fields would otherwise take (pino serialises a child's bindings).
 */
function traceMixin(_object: object, _level: number, logger: unknown) {
  // A copy: pino merges the line's own fields into the object the mixin returns.
  return { ...(logger as TracedLogger)[TRACE_IDS] };
}

export async function buildApp({ config, database, passwordCost = DEFAULT_PASSWORD_COST, logStream }: AppOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-wallet-pin"]',
        'res.headers["set-cookie"]',
      ],
      serializers: { req: requestForLog },
      mixin: traceMixin,
      // Standard output is written in 4 KiB batches (flushed at exit), not one system call a line.
      stream: logStream ?? pino.destination({ sync: false, minLength: 4096 }),
    },
    logController: new AccessLog(),
    bodyLimit: config.bodyLimitBytes,
    // A hop count trusts that many proxies nearest to the API, never a client-written entry.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // A JSON API: anything but application/json is 415, not a string the schemas then puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('database', {
    query: database.query,
    listen: database.listen,
    reading: database.reading,
    readSide: database.readSide,
  });
  app.decorate('system', await loadSystemAccountIds(database.db));
  app.decorate('passwords', new PasswordHasher(passwordCost, config.passwordHashing));
  if (config.pinSecrets.length === 0) throw new Error('No PIN_SECRET: the wallet PINs cannot be hashed');
  app.decorate('pinKeys', pinKeys(config.pinSecrets));
  // The report tokens' key: the environment's (DATABASE_URL requires it) or the embedded data
  // folder's (server.ts); an app built without either (tests, benchmarks) signs with one of its own.
  config.clientReportSecret ??= randomBytes(32).toString('base64url');
  // The VAPID keys: the environment's (DATABASE_URL requires them) or the embedded data folder's
  // (server.ts); an app built without either (tests, benchmarks) signs with a pair of its own.
  config.vapid ??= { ...freshVapidKeys(), subject: config.vapidSubject };
  app.decorate('sessionLimits', {
    ttlMs: config.sessionTtlMs,
    idleMs: config.sessionIdleMs,
    maxPerUser: config.maxSessionsPerUser,
  });
  app.decorate('lifecycle', { draining: false });
  const mailer = new Mailer(config.mail);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  // What this instance counted of each release is written every few seconds, and once more on close.
  const releaseCounter = new ReleaseCounter(database.db);
  app.decorate('releaseCounter', releaseCounter);
  const flushCounts = () =>
    releaseCounter
      .flush()
      .catch((error: Error) => app.log.warn({ error: error.message }, 'release counts not written'));
  const flushing = setInterval(flushCounts, config.rollouts.flushMs);
  flushing.unref();
  app.addHook('onClose', async () => {
    clearInterval(flushing);
    await flushCounts();
  });

  await app.register(errorsPlugin);
  await app.register(sensiblePlugin);
  await app.register(underPressurePlugin);
  await app.register(cookiePlugin);
  await app.register(helmetPlugin);
  // With traces on, every line a request logs names its trace (the access line included).
  app.addHook('onRequest', (request, _reply, done) => {
    // An untraced path (probes, /metrics) has no span, whatever `enabled` says.
    const span = typeof request.opentelemetry === 'function' ? (request.opentelemetry().span as Span | null) : null;
    if (span) {
      const { traceId, spanId } = span.spanContext();
      (request.log as TracedLogger)[TRACE_IDS] = { trace_id: traceId, span_id: spanId };
    }
    done();
  });
  await app.register(limitsPlugin);
  await app.register(swaggerPlugin);
  await app.register(originPlugin);
  await app.register(authPlugin);
  await app.register(eventsPlugin, {
    database,
    checkSessions: liveSessionPeople(database.db, config.sessionIdleMs),
  });
  await app.register(metricsPlugin, { database });
  await app.register(apiRoutes, { prefix: API_PREFIX });
  await app.register(devMailRoutes, { prefix: '/dev' });
  // site: static front ends are registered here (site/plugin.ts) when config.siteRoot is set.
  if (config.siteRoot) {
    await app.register(sitePlugin, {
      root: path.resolve(config.siteRoot),
      apiPrefix: API_PREFIX,
      releasesDir: path.resolve(config.releasesDir),
      releaseOrigins: config.releaseOrigins,
    });
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
