import { get } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Bus, busTransport } from '@trendforge/platform';
import { createTestDatabase, flushNamespace, freePort, testRedisUrl, uniqueNamespace, type TestDatabase } from '@trendforge/testing';

export interface AuthStack {
  app: INestApplication;
  bus: Bus;
  db: TestDatabase;
  redisUrl: string;
  namespace: string;
  healthPort: number;
  stop(): Promise<void>;
}

/**
 * The real auth service on its own database and bus namespace, listening on the Redis transport,
 * with a platform Bus to call it. BUS_NAMESPACE is set before the module is imported, because
 * @Handles reads it when the handler class is decorated.
 */
export async function startAuth(extraEnv: Record<string, string> = {}): Promise<AuthStack> {
  const redisUrl = testRedisUrl();
  // uniqueNamespace gives `t:auth:<hex>`; BUS_NAMESPACE allows only [a-z0-9_-].
  const namespace = uniqueNamespace('auth').replace(/:/g, '-');
  process.env.BUS_NAMESPACE = namespace;
  process.env.LOG_LEVEL = 'silent';
  const db = await createTestDatabase('auth');
  const healthPort = await freePort();

  const [{ AuthModule }, { loadAuthConfig }] = await Promise.all([import('../src/auth.module.js'), import('../src/config.js')]);
  const config = loadAuthConfig({
    ...process.env, DATABASE_URL: db.url, REDIS_URL: redisUrl, BUS_NAMESPACE: namespace, HEALTH_PORT: String(healthPort), ...extraEnv,
  });
  const app = await NestFactory.create(AuthModule.forRoot(config), { logger: false });
  app.connectMicroservice(busTransport(redisUrl), { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(healthPort, '127.0.0.1');
  const bus = new Bus({ redisUrl });

  return {
    app, bus, db, redisUrl, namespace, healthPort,
    async stop() {
      await bus.onApplicationShutdown();
      await app.close();
      await db.drop();
      await flushNamespace(redisUrl, namespace);
    },
  };
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
