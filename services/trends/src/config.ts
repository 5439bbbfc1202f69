import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig, storageEnv } from '@trendforge/platform';

/**
 * Storage holds the rendered preview and example images. PREVIEW_WARMUP queues renders of the
 * missing ones at start for generation-worker (default: yes, except under NODE_ENV=test); without
 * it they render on their first request.
 */
// An empty variable (e.g. `OPENAI_API_KEY=` in a Secret) means unset.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** With OPENAI_API_KEY the prompt coach and variations use this chat model; without, the offline assistant. */
const assistEnv = z.object({
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(z.string().url()),
  OPENAI_CHAT_MODEL: z.string().default('gpt-4.1-mini'),
});

export const trendsEnv = coreEnv.and(databaseEnv).and(healthEnv(3102)).and(storageEnv).and(assistEnv)
  .and(z.object({ PREVIEW_WARMUP: z.enum(['true', 'false']).optional() }))
  .transform((env) => ({ ...env, PREVIEW_WARMUP: env.PREVIEW_WARMUP ? env.PREVIEW_WARMUP === 'true' : env.NODE_ENV !== 'test' }));
export type TrendsConfig = ReturnType<typeof loadTrendsConfig>;
export const loadTrendsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(trendsEnv, env);
