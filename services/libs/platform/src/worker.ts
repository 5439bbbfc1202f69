import { createServer, type Server } from 'node:http';
import { type DynamicModule, Inject, Injectable, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { HEALTH_PROBES, type HealthProbe, runProbes } from './health.js';

/** A queue worker's GET /health: its probes (Redis, storage, the consumer itself) without an HTTP framework. */
@Injectable()
export class WorkerHealthServer implements OnApplicationShutdown {
  private server?: Server;

  constructor(@Inject(HEALTH_PROBES) private readonly probes: HealthProbe[]) {}

  listen(port: number): Promise<void> {
    this.server = createServer(async (req, res) => {
      if (req.url !== '/health') {
        res.writeHead(404).end();
        return;
      }
      const result = await runProbes(this.probes);
      res.writeHead(result.status === 'up' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
    return new Promise((resolve) => this.server!.listen(port, '0.0.0.0', resolve));
  }

  async onApplicationShutdown() {
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}

/** The providers a worker module adds so bootstrapWorker can serve its health. */
export function workerHealthProviders(options: { inject: unknown[]; probes: (...deps: never[]) => HealthProbe[] }) {
  return [
    { provide: HEALTH_PROBES, useFactory: options.probes, inject: options.inject as never[] },
    WorkerHealthServer,
  ];
}

/**
 * Starts a BullMQ worker process: a Nest application context (no HTTP framework) with JSON logs,
 * shutdown hooks (SIGTERM lets the job in hand finish) and GET /health on healthPort.
 */
export async function bootstrapWorker(module: Type | DynamicModule, healthPort: number) {
  const app = await NestFactory.createApplicationContext(module, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  await app.get(WorkerHealthServer).listen(healthPort);
  return app;
}
