import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractTraceContext, injectTraceContext, inSpan, startTracing, stopTracing, tracingEnabled } from '../src/tracing.js';

/**
 * Traces are off by default and, with OTEL_EXPORTER_OTLP_ENDPOINT set, exported over OTLP/HTTP
 * (here to a local collector that records what it receives), with the W3C context carried by
 * the helpers the bus uses.
 */
describe('tracing', () => {
  let collector: Server;
  const received: { path: string; body: string }[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => { body += chunk; });
      req.on('end', () => { received.push({ path: req.url ?? '', body }); res.writeHead(200, { 'content-type': 'application/json' }).end('{}'); });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await stopTracing();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    await new Promise((resolve) => collector.close(resolve));
  });

  it('stays off without OTEL_EXPORTER_OTLP_ENDPOINT: no context is carried', async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    startTracing('tracing-test');
    expect(tracingEnabled()).toBe(false);
    const headers: Record<string, string> = {};
    await inSpan('bus test.pattern', 'client', extractTraceContext(() => undefined), async () => injectTraceContext((key, value) => { headers[key] = value; }));
    expect(headers).toEqual({});
  });

  it('exports spans to the OTLP endpoint and carries the trace in headers to the next process', async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    startTracing('tracing-test');
    expect(tracingEnabled()).toBe(true);

    const headers: Record<string, string> = {};
    let clientTraceId = '';
    await inSpan('bus test.pattern', 'client', extractTraceContext(() => undefined), async (span) => {
      clientTraceId = span.spanContext().traceId;
      injectTraceContext((key, value) => { headers[key] = value; });
    });
    expect(headers.traceparent).toMatch(new RegExp(`^00-${clientTraceId}-[0-9a-f]{16}-01$`));
    // The handling side continues the same trace.
    const serverTraceId = await inSpan('bus test.pattern', 'server', extractTraceContext((key) => headers[key]), async (span) => span.spanContext().traceId);
    expect(serverTraceId).toBe(clientTraceId);

    await stopTracing();
    const exported = received.filter((r) => r.path === '/v1/traces').map((r) => r.body).join('\n');
    expect(exported).toContain('tracing-test');
    expect(exported).toContain('bus test.pattern');
    expect(exported).toContain(clientTraceId);
    // (HTTP, Express, PostgreSQL and Redis spans come from the instrumentations, which patch Node's
    // own modules: Jest's module sandbox hides them, a real process shows them.)
  });
});
