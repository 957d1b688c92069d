import { defaultTextMapGetter, ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import { redactedUrl } from './lib/request-path';

/** Probes and scrapes: no span for them. */
const UNTRACED = /^\/(metrics|api\/v1\/health(\/|$))/;

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (and
 * nothing at all otherwise), as protobuf (the protocol's default: about 900 bytes a transfer) or,
 * with OTEL_EXPORTER_OTLP_PROTOCOL=http/json, as JSON: a span per request (@fastify/otel, the official Fastify
 * instrumentation) and per PostgreSQL query
 * (@opentelemetry/instrumentation-pg: the statement's text, never its parameter values). Must run
 * before the app is built and before `pg` is loaded. Traces only: metrics are Prometheus's
 * (/metrics) and logs go to standard output, unless OTEL_METRICS_EXPORTER or OTEL_LOGS_EXPORTER
 * say otherwise. Returns the shutdown, which sends what is left. The SDK is loaded only then: an
 * instance without traces does not carry it.
 */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL ${protocol} is not supported: use http/protobuf or http/json`);
  }
  const [{ NodeSDK }, { OTLPTraceExporter }, { PgInstrumentation }, { FastifyOtelInstrumentation }] = await Promise.all(
    [
      import('@opentelemetry/sdk-node'),
      protocol === 'http/json'
        ? import('@opentelemetry/exporter-trace-otlp-http')
        : import('@opentelemetry/exporter-trace-otlp-proto'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ],
  );
  // A caller's trace, read to link it, never to join it (below).
  const callers = new (await import('@opentelemetry/core')).W3CTraceContextPropagator();
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'digital-wallet-api',
    // The public edge trusts no caller's trace: each request starts a trace of its own (a caller's
    // `traceparent` is kept as a link), so no one outside chooses the trace id written into audit
    // rows. An instance that only trusted internal callers reach keeps their parent by naming a
    // propagator (OTEL_PROPAGATORS=tracecontext), read by the SDK.
    textMapPropagator: env.OTEL_PROPAGATORS ? undefined : null,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // One span per request and one per query it runs: no span per hook, none for the handler
      // apart from its request, none for taking a pooled connection, none for queries outside a
      // request (the maintenance job, LISTEN).
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
        ignorePaths: ({ url }) => UNTRACED.test(url),
        requestHook: (span: Span, request: FastifyRequest) => {
          // The path as logs keep it: no token, code or searched-for name or email in a span.
          span.setAttribute('url.path', redactedUrl(request.url));
          const caller = trace.getSpanContext(callers.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter));
          if (caller && trace.isSpanContextValid(caller) && caller.traceId !== span.spanContext().traceId) {
            span.addLink({ context: caller });
          }
        },
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false, ignoreConnectSpans: true, requireParentSpan: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** The trace the current code runs in, if any: written on log lines and audit rows. */
export function currentTraceId(): string | null {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : null;
}
