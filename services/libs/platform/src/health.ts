import { Controller, DynamicModule, Get, Inject, Module, Res, type Type } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthAnswer, ServiceName } from '@trendforge/contracts';
import { Handles } from './bus.js';
import { metricsAnswer, MetricsPath } from './metrics.js';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';

/** One dependency a process checks for its readiness answer (its own: PostgreSQL, Redis, NATS, storage, ...). */
export interface HealthProbe {
  name: string;
  check(): Promise<unknown>;
}
export const HEALTH_PROBES = Symbol('HEALTH_PROBES');

/** Health endpoints of every process (DESIGN section 1, "Health"); probes use the first two. */
export const HealthPaths = {
  /** Liveness: the process answers. 200 without touching any dependency (k8s livenessProbe and startupProbe). */
  live: '/livez',
  /** Readiness: every HEALTH_PROBES entry; 503 when one is down (k8s readinessProbe, compose health checks, the launcher). */
  ready: '/readyz',
  /** The older name of readiness, kept as its alias. */
  legacy: '/health',
} as const;

/** What GET /livez answers. */
export const LIVENESS_ANSWER = { status: 'up' } as const;

/**
 * A service's health on its HEALTH_PORT: GET /livez (the process answers: 200, no dependency touched)
 * and GET /readyz (each of its HEALTH_PROBES, 503 when one is down); GET /health is an alias of /readyz.
 * GET /metrics serves the process's Prometheus metrics beside them.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(HEALTH_PROBES) private readonly probes: HealthProbe[],
  ) {}

  @Get(HealthPaths.live.slice(1))
  live() {
    return LIVENESS_ANSWER;
  }

  /** Prometheus metrics (metrics.ts); the health port is internal: no public ingress reaches it. */
  @Get(MetricsPath.slice(1))
  async metrics(@Res() res: Response) {
    const { contentType, body } = await metricsAnswer();
    res.type(contentType).send(body);
  }

  @Get([HealthPaths.ready.slice(1), HealthPaths.legacy.slice(1)])
  @HealthCheck()
  check() {
    return this.health.check(
      this.probes.map((probe) => () =>
        this.indicators.check(probe.name).attempt(async () => { await probe.check(); }).withTimeout(3000)),
    );
  }
}

/** Answers `<service>.health` over the bus with the same probes as GET /readyz. */
function busHealthController(service: ServiceName): Type {
  @Controller()
  class BusHealthController {
    constructor(@Inject(HEALTH_PROBES) private readonly probes: HealthProbe[]) {}

    @Handles(`${service}.health`)
    async health(): Promise<HealthAnswer> {
      const { status, details } = await runProbes(this.probes);
      return { service, status, details };
    }
  }
  return BusHealthController;
}

/**
 * A service's health: GET /livez, GET /readyz (alias /health) and `<service>.health` on the bus,
 * up/down per probe. `probes` is a factory resolved by Nest DI so probes can use the process's own
 * connections.
 */
@Module({})
export class HealthModule {
  static register(options: { service: ServiceName; inject: unknown[]; probes: (...deps: never[]) => HealthProbe[] }): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule],
      controllers: [HealthController, busHealthController(options.service)],
      providers: [{ provide: HEALTH_PROBES, useFactory: options.probes, inject: options.inject as never[] }],
    };
  }
}

/** Runs probes outside Nest's HTTP layer (workers, bus health answers). */
export async function runProbes(probes: HealthProbe[]): Promise<{ status: 'up' | 'down'; details: Record<string, string> }> {
  const results = await Promise.all(probes.map(async (probe) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([probe.check(), new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), 3000); })]);
      return [probe.name, 'up'] as const;
    } catch (error) {
      return [probe.name, `down: ${(error as Error).message}`] as const;
    } finally {
      clearTimeout(timer);
    }
  }));
  return {
    status: results.every(([, state]) => state === 'up') ? 'up' : 'down',
    details: Object.fromEntries(results),
  };
}
