import { coreEnv, databaseEnv, healthEnv, loadConfig } from '@trendforge/platform';

export const trendsEnv = coreEnv.and(databaseEnv).and(healthEnv(3102));
export type TrendsConfig = ReturnType<typeof loadTrendsConfig>;
export const loadTrendsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(trendsEnv, env);
