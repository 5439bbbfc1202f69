import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

export const billingEnv = coreEnv.and(databaseEnv).and(healthEnv(3104));
export type BillingConfig = ReturnType<typeof loadBillingConfig>;
export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(billingEnv, env);
