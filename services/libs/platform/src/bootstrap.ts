import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { Redis } from 'ioredis';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@trendforge/contracts';
import { BusModule, busTransport } from './bus.js';
import { ConfigError } from './config.js';
import { databaseModule, openDatabase, type ServiceDatabase } from './database.js';
import { loginsFromEnv, provisionServiceRoles } from './database-roles.js';
import { HealthModule, type HealthProbe } from './health.js';
import { EventsModule } from './events.js';
import { Logger, loggingModule } from './logging.js';
import { NATS, pingNats } from './nats.js';
import { REDIS, RedisModule } from './redis-module.js';

/**
 * Runs a process entrypoint: a bad configuration ends the process with its clear message (exit 1)
 * instead of a stack trace.
 */
export function runMain(main: () => Promise<unknown>): void {
  // A dropped connection's late rejection (Redis or NATS restarting) is logged, not fatal: the
  // clients reconnect by themselves, and a process crash would only lose the jobs in hand.
  process.on('unhandledRejection', (reason) => {
    const err = reason as Error | undefined;
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: 'unhandled rejection', err: { message: String(err?.message ?? reason), stack: err?.stack } })}\n`);
  });
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
  natsUrl: string;
  database: ServiceDatabase;
  /** Extra probes beyond PostgreSQL and Redis. */
  extraProbes?: { inject: unknown[]; probes: (...deps: never[]) => HealthProbe[] };
}

/** The modules every microservice imports: JSON logs, bus client and events, Redis, its migrated schema, health. */
export function serviceInfrastructure(infra: ServiceInfrastructure): DynamicModule[] {
  const extra = infra.extraProbes ?? { inject: [], probes: () => [] };
  const health = HealthModule.register({
    service: infra.service,
    inject: [DataSource, REDIS, NATS, ...extra.inject],
    probes: (dataSource: DataSource, redis: Redis, nats: NatsConnection, ...rest: never[]) => [
      { name: 'postgres', check: () => dataSource.query('SELECT 1') },
      { name: 'redis', check: () => redis.ping() },
      { name: 'nats', check: () => pingNats(nats) },
      ...extra.probes(...rest),
    ],
  });
  return [
    loggingModule(infra.service),
    BusModule.forRoot(infra.natsUrl, infra.service),
    EventsModule.forService(infra.service),
    RedisModule.forRoot(infra.redisUrl),
    databaseModule(infra.databaseUrl, infra.database),
    health,
  ];
}

/**
 * Starts a microservice: its handlers in the service's NATS queue group plus GET /health on healthPort.
 * With `--migrate-only` it applies the schema's migrations and exits (k8s Job, compose one-shot);
 * with `--provision-database` it makes every service's role and schema and exits (the step before).
 */
export async function bootstrapService(
  service: ServiceName,
  module: DynamicModule,
  config: { HEALTH_PORT: number; NATS_URL: string; DATABASE_URL: string },
  database: ServiceDatabase,
) {
  if (process.argv.includes('--provision-database')) {
    // Every service's role and schema (database-roles.ts), made with DATABASE_ADMIN_URL from the
    // <SERVICE>_DATABASE_URL variables; compose's provision-database one-shot and the k8s migrations Job run it first.
    const adminUrl = process.env.DATABASE_ADMIN_URL;
    if (!adminUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_ADMIN_URL: is required to provision the database');
    await provisionServiceRoles(adminUrl, loginsFromEnv(process.env));
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'service roles and schemas provisioned' })}\n`);
    return;
  }
  if (process.argv.includes('--migrate-only')) {
    const dataSource = await openDatabase(config.DATABASE_URL, database);
    await dataSource.destroy();
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: `migrations of schema ${database.schema} applied` })}\n`);
    return;
  }
  const app = await NestFactory.create(module, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.connectMicroservice(busTransport(config.NATS_URL, service), { inheritAppConfig: true });
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(config.HEALTH_PORT, '0.0.0.0');
  return app;
}
