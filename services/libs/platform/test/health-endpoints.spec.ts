/**
 * The health endpoints every process answers (DESIGN section 1, "Health"): GET /livez answers
 * without touching a dependency, GET /readyz runs every HEALTH_PROBES entry and answers 503 when
 * one is down (GET /health is its alias) — for services (HealthModule, Nest) and workers
 * (WorkerHealthServer, plain node:http) alike.
 */
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HealthModule, type HealthProbe } from '../src/health.js';
import { WorkerHealthServer } from '../src/worker.js';

/** Probes whose outcome the test decides, counting how often they are asked. */
function controllableProbes() {
  const state = { nats: true, redis: true, calls: 0 };
  const probes: HealthProbe[] = (['redis', 'nats'] as const).map((name) => ({
    name,
    check: async () => {
      state.calls += 1;
      if (!state[name]) throw new Error(`${name} is unreachable`);
    },
  }));
  return { state, probes };
}

async function get(base: string, pathname: string, method = 'GET') {
  const response = await fetch(`${base}${pathname}`, { method });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** The same expectations for both kinds of process. */
function behavesLikeAProcessHealthEndpoint(start: (probes: HealthProbe[]) => Promise<{ base: string; close(): Promise<void> }>) {
  let base: string;
  let close: () => Promise<void>;
  const { state, probes } = controllableProbes();

  beforeAll(async () => {
    ({ base, close } = await start(probes));
  });
  afterAll(async () => {
    await close?.();
  });
  beforeEach(() => {
    Object.assign(state, { nats: true, redis: true, calls: 0 });
  });

  it('GET /readyz and GET /health answer 200 while every probe is up', async () => {
    for (const pathname of ['/readyz', '/health']) {
      const answer = await get(base, pathname);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 200 });
      expect(JSON.stringify(answer.body)).toMatch(/"redis"[\s\S]*"nats"|"nats"[\s\S]*"redis"/);
    }
    expect(state.calls).toBe(4);
  });

  it('GET /readyz answers 503 naming the dependency that is down', async () => {
    state.nats = false;
    const answer = await get(base, '/readyz');
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).toMatch(/nats is unreachable/);
    expect((await get(base, '/health')).status).toBe(503);
  });

  it('GET /livez answers 200 without asking any dependency, even when they are down', async () => {
    state.nats = false;
    state.redis = false;
    const answer = await get(base, '/livez');
    expect(answer).toEqual({ status: 200, body: { status: 'up' } });
    expect(state.calls).toBe(0);
  });

  it('answers 404 elsewhere', async () => {
    expect((await get(base, '/nope')).status).toBe(404);
  });
}

describe('a service (HealthModule)', () => {
  behavesLikeAProcessHealthEndpoint(async (probes) => {
    const app: INestApplication = await NestFactory.create(HealthModule.register({ service: 'auth', inject: [], probes: () => probes }), { logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
  });
});

describe('a worker (WorkerHealthServer)', () => {
  let server: WorkerHealthServer;

  behavesLikeAProcessHealthEndpoint(async (probes) => {
    server = new WorkerHealthServer(probes);
    await server.listen(0);
    return { base: `http://127.0.0.1:${server.port}`, close: () => server.onApplicationShutdown() };
  });

  it('refuses other methods than GET and HEAD', async () => {
    expect((await get(`http://127.0.0.1:${server.port}`, '/readyz', 'POST')).status).toBe(405);
    expect((await fetch(`http://127.0.0.1:${server.port}/livez`, { method: 'HEAD' })).status).toBe(200);
  });

  it('fails to listen on a port that is taken, instead of hanging', async () => {
    const other = new WorkerHealthServer([]);
    await expect(other.listen(server.port as number)).rejects.toThrow(/EADDRINUSE/);
  });
});
