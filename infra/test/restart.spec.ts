import { DEFAULT_RESTART_POLICY, formatDelay, RestartBackoff, restartPolicy } from '../src/restart.js';

describe('RestartBackoff', () => {
  it('waits 0.5 s, then doubles up to 10 s while the process keeps failing quickly', () => {
    const backoff = new RestartBackoff();
    const delays = Array.from({ length: 8 }, () => backoff.next(1_000));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    expect(backoff.consecutiveFailures).toBe(8);
  });

  it('starts again from 0.5 s once a process stayed up 30 s', () => {
    const backoff = new RestartBackoff();
    backoff.next(100);
    backoff.next(100);
    expect(backoff.next(29_999)).toBe(2_000);
    expect(backoff.next(30_000)).toBe(500);
    expect(backoff.next(10)).toBe(1_000);
  });

  it('forgets failures on reset (a restart someone asked for)', () => {
    const backoff = new RestartBackoff({ initialDelayMs: 100, maxDelayMs: 250, resetAfterMs: 1_000 });
    expect([backoff.next(0), backoff.next(0), backoff.next(0)]).toEqual([100, 200, 250]);
    backoff.reset();
    expect(backoff.next(0)).toBe(100);
  });
});

describe('restartPolicy', () => {
  it('fills in the defaults and refuses nonsense', () => {
    expect(restartPolicy()).toEqual(DEFAULT_RESTART_POLICY);
    expect(restartPolicy({ maxDelayMs: 2_000 })).toEqual({ initialDelayMs: 500, maxDelayMs: 2_000, resetAfterMs: 30_000 });
    expect(() => restartPolicy({ initialDelayMs: 5_000, maxDelayMs: 1_000 })).toThrow(/invalid restart policy/);
    expect(() => restartPolicy({ initialDelayMs: -1 })).toThrow(/invalid restart policy/);
  });
});

describe('formatDelay', () => {
  it('prints seconds the way the launcher logs them', () => {
    expect([500, 1_000, 2_500, 10_000, 125].map(formatDelay)).toEqual(['0.5 s', '1 s', '2.5 s', '10 s', '0.13 s']);
  });
});
