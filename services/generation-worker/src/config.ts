import { z } from 'zod';
import { coreEnv, healthEnv, loadConfig, storageEnv, workerEnv } from '@trendforge/platform';

// An empty variable (e.g. `OPENAI_API_KEY=` in a Secret) means unset.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * OpenAI's published limits for gpt-image-1 per usage tier (images per minute); an organisation's
 * own are on its limits page. The tier only picks defaults: PROVIDER_* override them, and the
 * provider's answers (x-ratelimit-*, retry-after) correct them while running.
 */
export const OpenAITierImagesPerMinute: Record<number, number> = { 1: 5, 2: 20, 3: 50, 4: 150, 5: 250 };

const openaiEnv = z.object({
  /** When set, images come from OpenAI; otherwise from the offline studio engine. */
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(z.string().url()),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  /** The organisation's usage tier at OpenAI (1-5): the defaults of the limits below. */
  OPENAI_TIER: z.coerce.number().int().min(1).max(5).default(1),
  /** Requests per minute the provider allows the whole fleet (neither this nor the next set: the tier's images per minute). */
  PROVIDER_REQUESTS_PER_MIN: optional(z.coerce.number().positive()),
  /** Images per minute the provider allows the whole fleet (one image a request: the tighter of the two holds). */
  PROVIDER_IMAGES_PER_MIN: optional(z.coerce.number().positive()),
  /** Requests the provider takes at once after a quiet spell (its bucket); learned from x-ratelimit-limit-requests. */
  PROVIDER_BURST: z.coerce.number().int().min(1).default(1),
  /** Provider requests in flight at once, fleet-wide, and per worker process (they are I/O, not CPU). */
  PROVIDER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
});

/**
 * A killed worker's jobs wait for their lock to run out, then for the next stalled check. 8 s
 * and 4 s take them over 8-12 s after the kill. The price: a worker whose event loop stalls
 * longer than 8 s (no renewal) loses its job to another worker, which renders it again — every
 * step is idempotent (fixed storage keys, creation keyed by the generation id), so that costs a
 * render, not a wrong result; renders that hold the CPU for seconds run off the event loop.
 */
const generationWorkerOptions = workerEnv.extend({
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(8_000),
});

export const generationWorkerEnv = coreEnv.and(healthEnv(3111)).and(storageEnv).and(generationWorkerOptions).and(openaiEnv);
export type GenerationWorkerConfig = ReturnType<typeof loadGenerationWorkerConfig>;
export const loadGenerationWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(generationWorkerEnv, env);

/** The fleet's budget at the provider as configured (before anything is learned from its answers). */
export function providerLimits(config: GenerationWorkerConfig): { perMinute: number; burst: number; concurrency: number } {
  // One image a request: the tighter of the two limits given, else the tier's.
  const given = [config.PROVIDER_REQUESTS_PER_MIN, config.PROVIDER_IMAGES_PER_MIN].filter((limit): limit is number => limit !== undefined);
  const perMinute = given.length ? Math.min(...given) : OpenAITierImagesPerMinute[config.OPENAI_TIER];
  return { perMinute, burst: config.PROVIDER_BURST, concurrency: config.PROVIDER_CONCURRENCY };
}
