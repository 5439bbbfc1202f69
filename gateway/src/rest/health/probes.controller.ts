import { Controller, Get, Inject, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { SkipAllThrottles } from '../../common/throttle.guard.js';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { type HealthProbe, LIVENESS_ANSWER, NATS, pingNats, REDIS, runProbes, STORAGE, type ObjectStorage } from '@trendforge/platform';

/** The process's NATS connection (BusModule's), as pingNats takes it. */
type NatsConnection = Parameters<typeof pingNats>[0];

/**
 * The gateway's probes on its PORT (DESIGN section 1, "Health"):
 *   GET /livez  — the process answers: 200 without touching any dependency (liveness, start-up);
 *   GET /readyz — its own dependencies: Redis (sessions, rate limits, push), storage, its NATS
 *                 connection; 503 when one is down (readiness, compose health check, the launcher).
 * Deliberately not the services, queues or workers: a missing worker or a restarting service must
 * never take gateways out of the load balancer. That deep view is GET /api/health (health.controller.ts).
 * Never rate limited: a probe answered 429 would count as a failure.
 */
@Controller()
@SkipThrottle(SkipAllThrottles)
export class ProbesController {
  private readonly probes: HealthProbe[];

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(STORAGE) storage: ObjectStorage,
    @Inject(NATS) nats: NatsConnection,
  ) {
    this.probes = [
      { name: 'redis', check: () => redis.ping() },
      { name: 'storage', check: () => storage.ping() },
      { name: 'nats', check: () => pingNats(nats) },
    ];
  }

  // (Express answers HEAD from the GET routes.)
  @Get('livez')
  live() {
    return LIVENESS_ANSWER;
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response) {
    const result = await runProbes(this.probes);
    res.status(result.status === 'up' ? 200 : 503);
    return result;
  }
}
