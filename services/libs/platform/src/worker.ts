import { createServer, type Server } from 'node:http';
import {
  type BeforeApplicationShutdown, type DynamicModule, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider, type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JobData, JobResult, QueueName } from '@trendforge/contracts';
import { BusModule } from './bus.js';
import type { CoreEnv, StorageEnv } from './config.js';
import { HEALTH_PROBES, type HealthProbe, HealthPaths, LIVENESS_ANSWER, runProbes } from './health.js';
import { Logger as PinoLogger, loggingModule } from './logging.js';
import { measureJob, metricsAnswer, MetricsPath, observeQueue } from './metrics.js';
import { NATS, pingNats } from './nats.js';
import { queueConnection } from './queues.js';
import { busNamespace } from './redis.js';
import { REDIS, RedisModule } from './redis-module.js';
import { STORAGE, StorageModule } from './storage-module.js';
import type { ObjectStorage } from './storage/index.js';
import { queueTelemetry } from './tracing.js';

/** What every queue worker process is configured with. */
export type QueueWorkerConfig = CoreEnv & StorageEnv & { WORKER_CONCURRENCY: number; WORKER_LOCK_MS: number };

export const QUEUE_WORKER_CONFIG = Symbol('QUEUE_WORKER_CONFIG');

/** A job of the queue named N, with the payload and result QueueJobs gives that queue. */
export type QueueJob<N extends QueueName> = Job<JobData<N>, JobResult<N>>;

/**
 * A BullMQ consumer of one queue owned by a Nest provider, typed by the queue's name (QueueJobs):
 * it starts consuming once the app is up and, on shutdown, stops taking jobs and lets the ones in
 * hand finish. A killed process's jobs are taken over by another worker when their lock
 * (WORKER_LOCK_MS) runs out.
 */
export abstract class QueueConsumer<N extends QueueName> implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  protected readonly log = new Logger(this.constructor.name);
  protected worker?: Worker<JobData<N>, JobResult<N>>;
  /** Reads the queue's depth for /metrics. */
  private depth?: Queue;

  /** `options`: what this consumer sets differently from the process's config (e.g. its own concurrency or stall check). */
  protected constructor(
    private readonly queueName: N,
    private readonly workerConfig: QueueWorkerConfig,
    private readonly options: Pick<WorkerOptions, 'concurrency' | 'stalledInterval'> = {},
  ) {}

  /** `token`: the job's lock token (for job.moveToDelayed and the like). */
  abstract process(job: QueueJob<N>, token?: string): Promise<JobResult<N>>;

  onApplicationBootstrap() {
    this.worker = new Worker<JobData<N>, JobResult<N>>(this.queueName, (job, token) => measureJob(this.queueName, job, () => this.process(job, token)), {
      connection: queueConnection(this.workerConfig.REDIS_URL),
      prefix: busNamespace(),
      telemetry: queueTelemetry(),
      concurrency: this.workerConfig.WORKER_CONCURRENCY,
      lockDuration: this.workerConfig.WORKER_LOCK_MS,
      stalledInterval: this.workerConfig.WORKER_LOCK_MS,
      maxStalledCount: 2,
      ...this.options,
    });
    this.worker.on('error', (error) => this.log.error({ err: error }, 'worker error'));
    this.depth = new Queue(this.queueName, { connection: queueConnection(this.workerConfig.REDIS_URL), prefix: busNamespace() });
    this.depth.on('error', () => undefined); // the worker's own error log covers the connection
    observeQueue(this.depth);
    this.log.log({ queue: this.queueName, concurrency: this.worker.concurrency }, 'consuming');
  }

  /**
   * Before any connection closes (Nest runs every beforeApplicationShutdown first): stop taking
   * jobs and finish the ones in hand, whose reports still need the bus, Redis and storage.
   */
  async beforeApplicationShutdown() {
    await this.worker?.close();
  }

  async onApplicationShutdown() {
    await this.depth?.close();
  }

  isRunning(): boolean {
    return this.worker?.isRunning() ?? false;
  }
}

/**
 * A queue worker's health on its HEALTH_PORT, without an HTTP framework: GET /livez (the process
 * answers: 200, no dependency touched) and GET /readyz (each of its HEALTH_PROBES, 503 when one is
 * down); GET /health is an alias of /readyz; GET /metrics serves its Prometheus metrics.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationShutdown {
  private server?: Server;

  constructor(@Inject(HEALTH_PROBES) private readonly probes: HealthProbe[]) {}

  /** Listens on port (0: one from the OS; see `port`) on every interface. */
  listen(port: number): Promise<void> {
    const server = createServer(async (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path === MetricsPath) {
        const { contentType, body } = await metricsAnswer();
        res.writeHead(200, { 'content-type': contentType }).end(body);
        return;
      }
      if (path === HealthPaths.live) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIVENESS_ANSWER));
        return;
      }
      if (path !== HealthPaths.ready && path !== HealthPaths.legacy) {
        res.writeHead(404).end();
        return;
      }
      const result = await runProbes(this.probes);
      res.writeHead(result.status === 'up' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /** The port it listens on (after listen()). */
  get port(): number | undefined {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : undefined;
  }

  async onApplicationShutdown() {
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}

/**
 * What a worker module holds: JSON logs, bus, Redis, storage, its consumer, and health probes for
 * Redis, storage and the consumer itself.
 */
export function queueWorkerModule(options: {
  module: Type;
  name: string;
  config: QueueWorkerConfig;
  /** A QueueConsumer subclass. */
  consumer: Type<{ isRunning(): boolean }>;
  /** Further QueueConsumer subclasses (other queues) run by the same process. */
  consumers?: Type<{ isRunning(): boolean }>[];
  providers?: Provider[];
}): DynamicModule {
  return {
    module: options.module,
    imports: [
      loggingModule(options.name),
      BusModule.forRoot(options.config.NATS_URL, options.name),
      RedisModule.forRoot(options.config.REDIS_URL),
      StorageModule.forRoot(options.config),
    ],
    providers: [
      { provide: QUEUE_WORKER_CONFIG, useValue: options.config },
      ...(options.providers ?? []),
      options.consumer,
      ...(options.consumers ?? []),
      {
        provide: HEALTH_PROBES,
        inject: [REDIS, NATS, STORAGE, options.consumer, ...(options.consumers ?? [])],
        useFactory: (redis: Redis, nats: NatsConnection, storage: ObjectStorage, ...consumers: { isRunning(): boolean }[]): HealthProbe[] => [
          { name: 'redis', check: () => redis.ping() },
          { name: 'nats', check: () => pingNats(nats) },
          { name: 'storage', check: () => storage.ping() },
          { name: 'consumer', check: async () => { if (!consumers.every((consumer) => consumer.isRunning())) throw new Error('not consuming'); } },
        ],
      },
      WorkerHealthServer,
    ],
  };
}

/**
 * Starts a BullMQ worker process: a Nest application context (no HTTP framework) with JSON logs,
 * shutdown hooks (SIGTERM lets the job in hand finish) and GET /livez and /readyz on healthPort.
 */
export async function bootstrapWorker(module: DynamicModule, healthPort: number) {
  const app = await NestFactory.createApplicationContext(module, { bufferLogs: true });
  app.useLogger(app.get(PinoLogger));
  app.enableShutdownHooks();
  await app.init();
  await app.get(WorkerHealthServer).listen(healthPort);
  return app;
}
