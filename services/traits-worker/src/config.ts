import { z } from 'zod';
import { coreEnv, healthEnv, loadConfig, storageEnv, workerEnv } from '@trendforge/platform';

/**
 * ANALYSIS_WARMUP loads the analysis models and runs one analysis at start, so a member's first
 * photo pays neither (default: yes, except under NODE_ENV=test); without it the first photo does.
 */
export const traitsWorkerEnv = coreEnv.and(healthEnv(3112)).and(storageEnv).and(workerEnv)
  .and(z.object({ ANALYSIS_WARMUP: z.enum(['true', 'false']).optional() }))
  .transform((env) => ({ ...env, ANALYSIS_WARMUP: env.ANALYSIS_WARMUP ? env.ANALYSIS_WARMUP === 'true' : env.NODE_ENV !== 'test' }));
export type TraitsWorkerConfig = ReturnType<typeof loadTraitsWorkerConfig>;
export const loadTraitsWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(traitsWorkerEnv, env);
