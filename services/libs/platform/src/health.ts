import { Controller, DynamicModule, Get, Inject, Module } from '@nestjs/common';
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

/**
 * GET /health answering up/down per probe. `probes` is a factory resolved by Nest DI so probes can
 * use the process's own connections (database, Redis, storage).
 */
@Module({})
export class HealthModule {
  static register(options: { inject: unknown[]; probes: (...deps: never[]) => HealthProbe[] }): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule],
      controllers: [HealthController],
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
