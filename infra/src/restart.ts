/**
 * How the launcher brings back a process that exits after start-up without being asked to (a crash,
 * `kill -9`, the OOM killer): again and again, waiting longer after each quick failure so a process
 * that cannot start does not spin, and starting afresh once it has stayed up a while.
 */

export interface RestartPolicy {
  /** Wait before the first restart. */
  initialDelayMs: number;
  /** The wait doubles after each failure up to this. */
  maxDelayMs: number;
  /** A process that stayed up at least this long counts as healthy again: the next wait is initialDelayMs. */
  resetAfterMs: number;
}

/** 0.5 s, 1 s, 2 s, 4 s, 8 s, 10 s, 10 s, ...; back to 0.5 s after 30 s up. */
export const DEFAULT_RESTART_POLICY: Readonly<RestartPolicy> = { initialDelayMs: 500, maxDelayMs: 10_000, resetAfterMs: 30_000 };

/** The backoff of one instance. */
export class RestartBackoff {
  private failures = 0;

  constructor(private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY) {}

  /** The wait before restarting a process that exited after running for uptimeMs; counts the failure. */
  next(uptimeMs: number): number {
    if (uptimeMs >= this.policy.resetAfterMs) this.failures = 0;
    const delay = Math.min(this.policy.initialDelayMs * 2 ** this.failures, this.policy.maxDelayMs);
    this.failures += 1;
    return Math.max(0, delay);
  }

  /** Failures since the process was last up for resetAfterMs. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Forget past failures (a restart someone asked for). */
  reset(): void {
    this.failures = 0;
  }
}

export function restartPolicy(overrides: Partial<RestartPolicy> = {}): RestartPolicy {
  const policy = { ...DEFAULT_RESTART_POLICY, ...overrides };
  if (!(policy.initialDelayMs >= 0) || !(policy.maxDelayMs >= policy.initialDelayMs) || !(policy.resetAfterMs >= 0)) {
    throw new Error(`invalid restart policy ${JSON.stringify(policy)}: need 0 <= initialDelayMs <= maxDelayMs and resetAfterMs >= 0`);
  }
  return policy;
}

/** "0.5 s", "1 s", "10 s" for log lines. */
export function formatDelay(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}
