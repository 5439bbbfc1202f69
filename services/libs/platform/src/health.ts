import { Controller, DynamicModule, Get, Inject, Module, type Type } from '@nestjs/common';
import type { HealthAnswer, ServiceName } from '@trendforge/contracts';
import { Handles } from './bus.js';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';

/** One dependency a process checks for its health answer. */
export interface HealthProbe {
  name: string;
  check(): Promise<unknown>;
}
export const HEALTH_PROBES = Symbol('HEALTH_PROBES');

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(HEALTH_PROBES) private readonly probes: HealthProbe[],
  ) {}

  @Get()
  @HealthCheck()
  check() {
    return this.health.check(
      this.probes.map((probe) => () =>
        this.indicators.check(probe.name).attempt(async () => { await probe.check(); }).withTimeout(3000)),
    );
  }
}

/** Answers `<service>.health` over the bus with the same probes as GET /health. */
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
 * A service's health: GET /health and `<service>.health` on the bus, up/down per probe. `probes`
 * is a factory resolved by Nest DI so probes can use the process's own connections.
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
