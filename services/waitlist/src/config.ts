import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Cheap-abuse limits the spec leaves open. */
export const waitlistOwnEnv = z.object({
  /** Joins allowed per client IP in JOIN_WINDOW_SECONDS. */
  WAITLIST_JOINS_PER_IP: count(10),
  WAITLIST_JOIN_WINDOW_SECONDS: count(60 * 60),
  /** How long after joining an entry may still be credited to a referrer. */
  WAITLIST_REFERRAL_WINDOW_SECONDS: count(24 * 60 * 60),
});

export const waitlistEnv = coreEnv.and(databaseEnv).and(healthEnv(3105)).and(waitlistOwnEnv);
export type WaitlistConfig = ReturnType<typeof loadWaitlistConfig>;
export const loadWaitlistConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(waitlistEnv, env);

/** DI token of the validated configuration. */
export const WAITLIST_CONFIG = Symbol('WAITLIST_CONFIG');
