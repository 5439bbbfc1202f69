import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

export const waitlistEnv = coreEnv.and(databaseEnv).and(healthEnv(3105));
export type WaitlistConfig = ReturnType<typeof loadWaitlistConfig>;
export const loadWaitlistConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(waitlistEnv, env);
