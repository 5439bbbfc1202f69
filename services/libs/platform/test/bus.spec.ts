/**
 * The bus on a real NATS server (127.0.0.1:4222, JetStream on; env TEST_NATS_URL): requests are
 * shared by the replicas of a service (one handles each), events reach each consuming service once
 * and wait in the stream while it is down.
 */
import { randomBytes } from 'node:crypto';
import { Controller, type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';

const namespace = `t-bus-${randomBytes(4).toString('hex')}`;
process.env.BUS_NAMESPACE = namespace;
const natsUrl = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

// Imported after BUS_NAMESPACE is set: decorators read it when the classes below are declared.
const {
  Bus, BusModule, busTransport, connectNats, deleteEventStream, EventsModule, eventsHandled, fail, Handles, InternalServiceError, NATS, OnEvent, RedisModule, ServiceError,
} = await import('../src/index.js');
const { ErrorCode, TemporarilyUnavailable } = await import('@trendforge/contracts');

/** What each replica saw, by replica name. */
const seen = { requests: new Map<string, number>(), events: new Map<string, string[]>() };

function replica(name: string): DynamicModule {
  @Controller()
  class Handlers {
    @Handles('billing.account')
    account({ userId }: { userId: string }) {
      seen.requests.set(name, (seen.requests.get(name) ?? 0) + 1);
      return { userId, role: 'free', credits: 3, monthlyUsage: 0, monthlyAllowance: 5, answeredBy: name };
    }

    @Handles('billing.charge')
    charge({ credits }: { credits: number }) {
      if (credits === 1) fail(ErrorCode.PaymentRequired, 'Not enough credits', 30);
      if (credits === 2) throw new Error('database exploded');
      // What pg raises for a query on a connection PostgreSQL terminated (a restart).
      if (credits === 4) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
      return new Promise((resolve) => setTimeout(() => resolve({ late: true }), 1000));
    }

    @Handles('billing.refund')
    async refund() {
      // answers nothing, as a handler of a notice does
    }

    @OnEvent('user.registered')
    registered({ userId }: { userId: string }) {
      seen.events.set(name, [...(seen.events.get(name) ?? []), userId]);
    }
  }
  @Module({})
  class ReplicaModule {}
  return {
    module: ReplicaModule,
    imports: [BusModule.forRoot(natsUrl, 'billing'), RedisModule.forRoot(redisUrl), EventsModule.forService('billing')],
    controllers: [Handlers],
  };
}

async function startReplica(name: string): Promise<INestApplication> {
  const app = await NestFactory.create(replica(name), { logger: false });
  app.connectMicroservice(busTransport(natsUrl, 'billing'), { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  return app;
}

const handledEvents = () => [...seen.events.values()].flat();
// Bounded below the test's own limit only so a hang names what it waited for.
async function until(what: string, check: () => boolean, timeoutMs = 50_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let client: InstanceType<typeof Bus>;
let nats: Awaited<ReturnType<typeof connectNats>>;
const replicas: INestApplication[] = [];

beforeAll(async () => {
  nats = await connectNats(natsUrl, 'bus-test');
  client = new Bus(nats);
  replicas.push(await startReplica('a'), await startReplica('b'));
});

afterAll(async () => {
  await Promise.all(replicas.map((app) => app.close()));
  await deleteEventStream(nats, namespace);
  await nats.close();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

test('each request is answered by exactly one of two replicas, and both take a share', async () => {
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => client.send('billing.account', { userId: `u${i}` })));
  expect(answers.map((answer) => answer.userId)).toEqual(Array.from({ length: 60 }, (_, i) => `u${i}`));
  const handled = [...seen.requests.values()];
  expect(handled.reduce((sum, n) => sum + n, 0)).toBe(60);
  expect(seen.requests.size).toBe(2);
});

test("a handler's refusal arrives as the same ServiceError; a bug as an internal failure; an outage or silence as briefly unavailable", async () => {
  const refusal = await client.send('billing.charge', { userId: 'u', generationId: 'g', credits: 1 }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ServiceError);
  expect(refusal).toMatchObject({ code: ErrorCode.PaymentRequired, message: 'Not enough credits', retryAfterSeconds: 30 });
  const bug = await client.send('billing.charge', { userId: 'u', generationId: 'g', credits: 2 }).catch((error: unknown) => error);
  expect(bug).toBeInstanceOf(InternalServiceError);
  expect(bug).toMatchObject({ code: ErrorCode.Unavailable, message: 'billing.charge failed: Internal server error', retryAfterSeconds: undefined });
  // The database restarting under the handler: the member's text and when to try again, not "Internal server error".
  await expect(client.send('billing.charge', { userId: 'u', generationId: 'g', credits: 4 }))
    .rejects.toMatchObject({ code: ErrorCode.Unavailable, ...TemporarilyUnavailable });
  await expect(client.send('billing.charge', { userId: 'u', generationId: 'g', credits: 3 }, 200))
    .rejects.toMatchObject({ code: ErrorCode.Unavailable, ...TemporarilyUnavailable, detail: 'billing service did not answer in time' });
  await expect(client.send('billing.refund', { generationId: 'g', reason: 'r' })).resolves.toBeUndefined();
});

test('each event reaches the service once across its replicas; a repeated id is dropped', async () => {
  for (let i = 0; i < 20; i += 1) await client.publish('user.registered', { userId: `e${i}` }, `user.registered:e${i}`);
  await client.publish('user.registered', { userId: 'e0' }, 'user.registered:e0');
  await until('20 events', () => handledEvents().length >= 20);
  // The repeat has been handled (dropped) too once the service's consumer is drained.
  while (!(await eventsHandled(nats, 'billing', 'user.registered'))) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(handledEvents().sort()).toEqual(Array.from({ length: 20 }, (_, i) => `e${i}`).sort());
});

test('events published while every replica is down are handled when one comes back', async () => {
  await Promise.all(replicas.splice(0).map((app) => app.close()));
  seen.events.clear();
  for (let i = 0; i < 10; i += 1) await client.publish('user.registered', { userId: `late${i}` }, `user.registered:late${i}`);
  expect(handledEvents()).toEqual([]);
  replicas.push(await startReplica('c'));
  await until('the 10 waiting events', () => handledEvents().length >= 10);
  expect(handledEvents()).toEqual(Array.from({ length: 10 }, (_, i) => `late${i}`));
});

test('a request to a service with no replica fails at once as unavailable', async () => {
  await expect(client.send('auth.user', { userId: 'x' }, 5000))
    .rejects.toMatchObject({ code: 'UNAVAILABLE', ...TemporarilyUnavailable, detail: 'auth service is not available' });
});

test('the NATS connection is shared as the NATS provider', () => {
  expect(replicas[0].get(NATS)).toBeDefined();
});
