import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import type { ServiceName } from '@trendforge/contracts';
import { BusModule, busTransport } from './bus.js';
import { ConfigError } from './config.js';
import { databaseModule, openDatabase, type ServiceDatabase } from './database.js';
import { HealthModule, type HealthProbe } from './health.js';
import { loggingModule } from './logging.js';
import { REDIS, RedisModule } from './redis-module.js';

/**
 * Runs a process entrypoint: a bad configuration ends the process with its clear message (exit 1)
 * instead of a stack trace.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'start-up failed', err: { message: String(error?.message ?? error), stack: error?.stack } })}\n`);
    }
    process.exit(1);
  });
}

export interface ServiceInfrastructure {
  service: ServiceName;
  databaseUrl: string;
  redisUrl: string;
  database: ServiceDatabase;
  /** Extra probes beyond PostgreSQL and Redis. */
  extraProbes?: { inject: unknown[]; probes: (...deps: never[]) => HealthProbe[] };
}

/** The modules every microservice imports: JSON logs, bus client, Redis, its migrated schema, health. */
export function serviceInfrastructure(infra: ServiceInfrastructure): DynamicModule[] {
  const extra = infra.extraProbes ?? { inject: [], probes: () => [] };
  const health = HealthModule.register({
    service: infra.service,
    inject: [DataSource, REDIS, ...extra.inject],
    probes: (dataSource: DataSource, redis: Redis, ...rest: never[]) => [
      { name: 'postgres', check: () => dataSource.query('SELECT 1') },
      { name: 'redis', check: () => redis.ping() },
      ...extra.probes(...rest),
    ],
  });
  return [
    loggingModule(infra.service),
    BusModule.forRoot(infra.redisUrl),
    RedisModule.forRoot(infra.redisUrl),
    databaseModule(infra.databaseUrl, infra.database),
    health,
  ];
}

/**
 * Starts a microservice: Redis-transport handlers plus GET /health on healthPort.
 * With `--migrate-only` it applies the schema's migrations and exits (k8s Job, compose one-shot).
 */
export async function bootstrapService(
  module: DynamicModule,
  config: { HEALTH_PORT: number; REDIS_URL: string; DATABASE_URL: string },
  database: ServiceDatabase,
) {
  if (process.argv.includes('--migrate-only')) {
    const dataSource = await openDatabase(config.DATABASE_URL, database);
    await dataSource.destroy();
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: `migrations of schema ${database.schema} applied` })}\n`);
    return;
  }
  const app = await NestFactory.create(module, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.connectMicroservice(busTransport(config.REDIS_URL), { inheritAppConfig: true });
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(config.HEALTH_PORT, '0.0.0.0');
  return app;
}
