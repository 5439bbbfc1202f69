import { get } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Bus, busTransport, connectNats, type ServiceSchema } from '@trendforge/platform';
import { createServiceTestDatabase, type ServiceTestDatabase } from './service-database.js';
import { deleteNatsNamespace, testNatsUrl } from './nats.js';
import { freePort } from './ports.js';
import { flushNamespace, testRedisUrl, uniqueNamespace } from './redis.js';

/** A suite's own slice of the shared PostgreSQL, Redis and NATS. */
export interface TestEnvironment {
  /** The suite's database, with a role per service (db.url is the admin's: the test's own setup and checks). */
  db: ServiceTestDatabase;
  redisUrl: string;
  natsUrl: string;
  namespace: string;
  /** The slice's variables; DATABASE_URL is the admin's (workers, tools). A service gets serviceEnv's. */
  env: { DATABASE_URL: string; REDIS_URL: string; NATS_URL: string; BUS_NAMESPACE: string; LOG_LEVEL: string };
  /** `env` for a service: DATABASE_URL is its own role's, so its code reaches only its schema, as in production. */
  serviceEnv(service: ServiceSchema): TestEnvironment['env'];
  close(): Promise<void>;
}

/**
 * Creates the suite's database and bus namespace. BUS_NAMESPACE is set in process.env too, so
 * import service modules after this: @Handles reads it when a handler class is decorated.
 */
export async function createTestEnvironment(label: string): Promise<TestEnvironment> {
  const redisUrl = testRedisUrl();
  const natsUrl = testNatsUrl();
  const namespace = uniqueNamespace(label);
  process.env.BUS_NAMESPACE = namespace;
  const db = await createServiceTestDatabase(label);
  const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, NATS_URL: natsUrl, BUS_NAMESPACE: namespace, LOG_LEVEL: 'silent' };
  return {
    db,
    redisUrl,
    natsUrl,
    namespace,
    env,
    serviceEnv: (service) => ({ ...env, DATABASE_URL: db.serviceUrl(service) }),
    async close() {
      await db.drop();
      await flushNamespace(redisUrl, namespace);
      await deleteNatsNamespace(natsUrl, namespace);
    },
  };
}

/** A microservice under test: its real module on the real NATS transport, and a bus to call it. */
export interface ServiceUnderTest {
  app: INestApplication;
  bus: Bus;
  /** The test's own NATS connection (JetStream look-ups). */
  nats: NatsConnection;
  /** Where its GET /health answers. */
  healthPort: number;
  close(): Promise<void>;
}

export async function startServiceUnderTest(module: DynamicModule, natsUrl: string, queue = 'service-under-test'): Promise<ServiceUnderTest> {
  const app = await NestFactory.create(module, { logger: false });
  app.connectMicroservice(busTransport(natsUrl, queue), { inheritAppConfig: true });
  await app.startAllMicroservices();
  const healthPort = await freePort();
  await app.listen(healthPort, '127.0.0.1');
  const client = await createTestBus(natsUrl);
  return {
    app,
    bus: client.bus,
    nats: client.nats,
    healthPort,
    async close() {
      await client.close();
      await app.close();
    },
  };
}

/** A bus client of a test's own (requests and event publishing), as a process's BusModule makes it. */
export async function createTestBus(natsUrl: string): Promise<{ bus: Bus; nats: NatsConnection; close(): Promise<void> }> {
  const nats = await connectNats(natsUrl, 'test-bus');
  const bus = new Bus(nats);
  return {
    bus,
    nats,
    close: () => nats.close(),
  };
}

/** The usual service suite: one service on an environment of its own. */
export interface ServiceSuite extends ServiceUnderTest, Omit<TestEnvironment, 'close'> {
  stop(): Promise<void>;
}

type ModuleFor = (env: NodeJS.ProcessEnv) => Promise<DynamicModule>;

/**
 * `moduleFor` receives the environment's variables for `service` (DATABASE_URL: its own role's)
 * and imports the service module itself (after the namespace is set), e.g.
 * `startServiceSuite('auth', 'auth', async (env) => AuthModule.forRoot(loadAuthConfig(env)))`.
 * Without a service it receives `env` (DATABASE_URL: the admin's), as before the roles.
 */
export async function startServiceSuite(label: string, service: ServiceSchema, moduleFor: ModuleFor): Promise<ServiceSuite>;
export async function startServiceSuite(label: string, moduleFor: ModuleFor): Promise<ServiceSuite>;
export async function startServiceSuite(label: string, serviceOrModule: ServiceSchema | ModuleFor, moduleForService?: ModuleFor): Promise<ServiceSuite> {
  const [service, moduleFor] = typeof serviceOrModule === 'function' ? [null, serviceOrModule] : [serviceOrModule, moduleForService!];
  const environment = await createTestEnvironment(label);
  try {
    const env = service ? environment.serviceEnv(service) : environment.env;
    const underTest = await startServiceUnderTest(await moduleFor({ ...process.env, ...env }), environment.natsUrl);
    return {
      ...environment,
      ...underTest,
      async stop() {
        await underTest.close();
        await environment.close();
      },
    };
  } catch (error) {
    await environment.close();
    throw error;
  }
}

/** Awaits a call that must fail, answering its error code and message. */
export async function failureOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** GET over a one-off connection (fetch would keep a socket alive past the suite). */
export function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    }).on('error', reject);
  });
}
