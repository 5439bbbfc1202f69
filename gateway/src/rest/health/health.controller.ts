import { Controller, Get, Inject, OnApplicationShutdown, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { QueueName, ServiceNames, type HealthAnswer } from '@trendforge/contracts';
import { Bus, createQueue, REDIS, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';
import { mayReadMetrics } from '../../metrics/metrics.module.js';

type Check = { status: 'up' | 'down'; [detail: string]: unknown };

async function check(run: () => Promise<Record<string, unknown> | void>): Promise<Check> {
  try {
    return { status: 'up', ...(await run()) };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

/**
 * GET /api/health: every dependency the product needs — Redis, storage, each service (which report
 * their PostgreSQL schema), PostgreSQL as the services see it, and each queue with its workers.
 * 200 when all are up, 503 otherwise. In production the details (services, queue depths, worker
 * counts) are for the callers that may read the metrics (an internal network not through the proxy,
 * or METRICS_TOKEN); anyone else gets the status alone.
 */
@Controller('api/health')
export class HealthController implements OnApplicationShutdown {
  private readonly queues: Queue[];
  private readonly production: boolean;

  constructor(
    private readonly bus: Bus,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.queues = Object.values(QueueName).map((name) => createQueue(name, config.REDIS_URL));
    this.production = config.NODE_ENV === 'production';
  }

  async onApplicationShutdown() {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }

  @Get()
  async health(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const [redis, storage, services, queues] = await Promise.all([
      check(async () => { await this.redis.ping(); }),
      check(async () => { await this.storage.ping(); return { driver: this.storage.driver }; }),
      Promise.all(ServiceNames.map(async (name) => [name, await check(async () => {
        const answer: HealthAnswer = await this.bus.send(`${name}.health`, {}, 3000);
        if (answer.status !== 'up') throw new Error(JSON.stringify(answer.details));
        return { details: answer.details };
      })] as const)),
      Promise.all(this.queues.map(async (queue) => [queue.name, await check(async () => {
        const [counts, workers] = await Promise.all([
          queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
          queue.getWorkersCount(),
        ]);
        if (workers === 0) throw new Error('no worker is consuming this queue');
        return { workers, ...counts };
      })] as const)),
    ]);
    const serviceChecks = Object.fromEntries(services);
    const postgres: Check = services.every(([, c]) => (c.details as Record<string, string> | undefined)?.postgres === 'up')
      ? { status: 'up' }
      : { status: 'down', error: 'a service cannot reach PostgreSQL' };
    const checks = { postgres, redis, storage, services: serviceChecks, queues: Object.fromEntries(queues) };
    const up = [postgres, redis, storage, ...services.map(([, c]) => c), ...queues.map(([, c]) => c)].every((c) => c.status === 'up');
    res.status(up ? 200 : 503);
    if (this.production && !mayReadMetrics(req.headers, req.socket.remoteAddress)) return { status: up ? 'ok' : 'error' };
    return { status: up ? 'ok' : 'error', ...checks };
  }
}
