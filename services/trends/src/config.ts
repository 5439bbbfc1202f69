import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig, storageEnv } from '@trendforge/platform';

/**
 * Storage holds the rendered preview and example images. PREVIEW_WARMUP queues renders of the
 * missing ones at start for generation-worker (default: yes, except under NODE_ENV=test); without
 * it they render on their first request.
 */
export const trendsEnv = coreEnv.and(databaseEnv).and(healthEnv(3102)).and(storageEnv)
  .and(z.object({ PREVIEW_WARMUP: z.enum(['true', 'false']).optional() }))
  .transform((env) => ({ ...env, PREVIEW_WARMUP: env.PREVIEW_WARMUP ? env.PREVIEW_WARMUP === 'true' : env.NODE_ENV !== 'test' }));
export type TrendsConfig = ReturnType<typeof loadTrendsConfig>;
export const loadTrendsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(trendsEnv, env);
