import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Auth's own variables: session lifetime and the brute-force limits (DESIGN.md section 2, Sessions). */
export const authOwnEnv = z.object({
  /** Sliding lifetime of a session: every use pushes the expiry this far into the future. */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 3600).default(30 * 24 * 3600),
  /**
   * Failed logins allowed per account (email) in LOGIN_WINDOW_SECONDS, from all addresses together;
   * past it only addresses the owner has signed in from before may still try.
   */
  LOGIN_FAILURES_PER_ACCOUNT: count(10),
  /** Failed logins allowed per account from one client address in LOGIN_WINDOW_SECONDS. */
  LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: count(5),
  /** Failed logins allowed per client IP in LOGIN_WINDOW_SECONDS. */
  LOGIN_FAILURES_PER_IP: count(50),
  LOGIN_WINDOW_SECONDS: count(15 * 60),
  /** Registration attempts allowed per client IP in REGISTER_WINDOW_SECONDS. */
  REGISTRATIONS_PER_IP: count(10),
  REGISTER_WINDOW_SECONDS: count(60 * 60),
});

export const authEnv = coreEnv.and(databaseEnv).and(healthEnv(3101)).and(authOwnEnv);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(authEnv, env);

/** DI token of the validated configuration. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
