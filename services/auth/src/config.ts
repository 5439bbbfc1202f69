import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Auth's own variables: session lifetime and the brute-force limits (DESIGN.md section 2, Sessions). */
export const authOwnEnv = z.object({
  /** Sliding lifetime of a session: every use pushes the expiry this far into the future. */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(365 * 24 * 3600).default(30 * 24 * 3600),
  /**
   * Failed logins per account (email) from addresses the owner never signed in from, in
   * LOGIN_WINDOW_SECONDS, past which such an address is slowed from its first failure on (its first
   * attempt always goes through: nobody is locked out).
   */
  LOGIN_FAILURES_PER_ACCOUNT: count(10),
  /** Failed logins per account from one client address before each further attempt waits (LOGIN_DELAY_*). */
  LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: count(5),
  /** The first wait of a slowed (account, address); each further failure doubles it. */
  LOGIN_DELAY_SECONDS: count(30),
  /** The longest wait from an address the owner signed in from (a shared office network): the owner is never locked out. */
  LOGIN_DELAY_MAX_KNOWN_SECONDS: count(60),
  /** The longest wait from any other address. */
  LOGIN_DELAY_MAX_SECONDS: count(15 * 60),
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
