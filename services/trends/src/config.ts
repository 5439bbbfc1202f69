import { coreEnv, databaseEnv, healthEnv, loadConfig, storageEnv } from '@trendforge/platform';

/** Storage holds the rendered preview and example images. */
export const trendsEnv = coreEnv.and(databaseEnv).and(healthEnv(3102)).and(storageEnv);
export type TrendsConfig = ReturnType<typeof loadTrendsConfig>;
export const loadTrendsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(trendsEnv, env);
