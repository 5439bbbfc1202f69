import { createRequire, syncBuiltinESMExports } from 'node:module';
import {
  context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span,
} from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (the standard OTLP/HTTP
 * settings apply: OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, ...). Off, the API below is
 * OpenTelemetry's no-op: nothing recorded, nothing sent, and no SDK loaded.
 *
 * One trace follows a request gateway → bus → service → queue → worker: HTTP, Express, GraphQL,
 * PostgreSQL and Redis are instrumented; bus requests carry `traceparent` in their NATS headers
 * (bus.ts) and queue jobs carry it in their options (BullMQ's telemetry, see queueTelemetry).
 */

const TracerName = 'trendforge';

let enabled = false;
let stop: (() => Promise<void>) | undefined;

/** Whether traces are being exported (OTEL_EXPORTER_OTLP_ENDPOINT is set and startTracing ran). */
export const tracingEnabled = () => enabled;

/** Starts exporting traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise does nothing. */
export function startTracing(service: string): void {
  if (enabled || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // Loaded only when wanted (zero cost when off), synchronously so that the process's first
  // connections are already traced.
  const require = createRequire(import.meta.url);
  const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const http = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const express = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const graphql = require('@opentelemetry/instrumentation-graphql') as typeof import('@opentelemetry/instrumentation-graphql');
  const ioredis = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const pg = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // W3C trace context and baggage propagation, AsyncLocalStorage context.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(livez|readyz|health|metrics)\b/.test(req.url ?? '') }),
      new express.ExpressInstrumentation(),
      new graphql.GraphQLInstrumentation({ mergeItems: true }),
      new ioredis.IORedisInstrumentation(),
      new pg.PgInstrumentation(),
    ],
  });
  // The process's modules are ES modules, loaded before this ran: requiring the instrumented ones
  // now lets the instrumentations patch them (they patch prototypes shared with the ESM imports).
  for (const name of ['node:http', 'node:https', 'express', 'graphql', 'ioredis', 'pg']) {
    try { require(name); } catch { /* not used by this process */ }
  }
  syncBuiltinESMExports();
  stop = () => provider.shutdown();
  process.once('beforeExit', () => void stopTracing());
  enabled = true;
}

/** Sends the spans still buffered and stops tracing (a no-op when it is off). */
export async function stopTracing(): Promise<void> {
  await stop?.();
  stop = undefined;
  enabled = false;
}

/** BullMQ's telemetry option (a Queue's or Worker's): spans and context carried in jobs when tracing is on. */
export function queueTelemetry(): BullMQOtel | undefined {
  return enabled ? new BullMQOtel({ tracerName: TracerName }) : undefined;
}

/** Writes the active trace context into a carrier (message headers). */
export function injectTraceContext(set: (key: string, value: string) => void): void {
  propagation.inject(context.active(), undefined, { set: (_carrier, key, value) => set(key, value) });
}

/** The trace context a carrier brought (message headers), on top of the active one. */
export function extractTraceContext(get: (key: string) => string | undefined): Context {
  return propagation.extract(context.active(), undefined, {
    get: (_carrier, key) => get(key),
    keys: () => [],
  });
}

/** Runs `work` in a span (a no-op span when tracing is off), ending it with the outcome. */
export function inSpan<T>(name: string, kind: 'client' | 'server' | 'internal', parent: Context, work: (span: Span) => Promise<T>): Promise<T> {
  const spanKind = { client: SpanKind.CLIENT, server: SpanKind.SERVER, internal: SpanKind.INTERNAL }[kind];
  return trace.getTracer(TracerName).startActiveSpan(name, { kind: spanKind }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The active trace's id, for log lines (undefined when tracing is off or outside a trace). */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const spanContext = trace.getSpan(context.active())?.spanContext();
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}
