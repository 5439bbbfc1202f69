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

/** The engines a generation can render with. */
export const ImageEngines = ['openai', 'gemini', 'studio'] as const;
export type EngineName = (typeof ImageEngines)[number];

/** Requests a minute the fleet starts at with Gemini primary and no PROVIDER_* set: cautious (Gemini sends no x-ratelimit-* to learn from). */
export const GeminiDefaultRequestsPerMinute = 10;

/** Which engine renders, which ones take over when it is down, and how the switch is made. */
const routingEnv = z.object({
  /** The primary engine; unset: openai with OPENAI_API_KEY, else the studio engine (as before). */
  IMAGE_PROVIDER: optional(z.enum(ImageEngines)),
  /**
   * The engines that take over, in order, when the primary is down or too slow for a generation's
   * deadline (comma-separated, e.g. `gemini` or `gemini,studio`); `studio` — the offline engine as
   * the operator's last resort — only where listed, and last. Unset or `none`: no failover.
   */
  IMAGE_FALLBACK: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name && name !== 'none') : v),
    z.array(z.enum(ImageEngines)).default([]),
  ),
  /** A keyed fallback's calls in flight per worker process. */
  IMAGE_FALLBACK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(8),
  /**
   * Requests per minute the keyed fallback allows the whole fleet: its own budget, the queue's pace
   * while the breaker sends everything to it (default: Gemini's cautious 10, OpenAI's OPENAI_TIER).
   */
  IMAGE_FALLBACK_REQUESTS_PER_MIN: optional(z.coerce.number().positive()),
  /** Requests the keyed fallback takes at once after a quiet spell (its bucket). */
  IMAGE_FALLBACK_BURST: z.coerce.number().int().min(1).default(1),
  /** What a render needs before a generation's deadline: later than that, it goes to the fallback instead of the primary (the SDKs' timeout). */
  IMAGE_RENDER_ALLOWANCE_MS: z.coerce.number().int().min(0).default(120_000),
  /** The primary failing this long (connection errors, 5xx; no success between) opens the breaker: generations go straight to the fallback. */
  IMAGE_FAILOVER_AFTER_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long an open breaker sends everything to the fallback before one generation tries the primary again. */
  IMAGE_FAILOVER_PROBE_MS: z.coerce.number().int().min(100).default(30_000),
  /** When set, Gemini's image model can render (IMAGE_PROVIDER or IMAGE_FALLBACK `gemini`). */
  GEMINI_API_KEY: optional(z.string()),
  /** Another endpoint for the SDK (`httpOptions.baseUrl`): a proxy, a Gemini-speaking test server. */
  GEMINI_BASE_URL: optional(z.string().url()),
  GEMINI_IMAGE_MODEL: z.string().default('gemini-2.5-flash-image'),
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

export const generationWorkerEnv = coreEnv.and(healthEnv(3111)).and(storageEnv).and(generationWorkerOptions).and(openaiEnv).and(routingEnv);
export type GenerationWorkerConfig = ReturnType<typeof loadGenerationWorkerConfig>;
export const loadGenerationWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(generationWorkerEnv, env);

/** A provider's budget for the whole fleet: requests a minute, its bucket, calls in flight. */
export interface ProviderLimits {
  perMinute: number;
  burst: number;
  concurrency: number;
}

/** The fleet's budget at a keyed engine as configured (before anything is learned from its answers): the primary's PROVIDER_*, the fallback's IMAGE_FALLBACK_*. */
export function providerLimits(config: GenerationWorkerConfig, engine: EngineName, role: 'primary' | 'fallback' = 'primary'): ProviderLimits {
  const cautious = engine === 'gemini' ? GeminiDefaultRequestsPerMinute : OpenAITierImagesPerMinute[config.OPENAI_TIER];
  if (role === 'fallback') {
    return { perMinute: config.IMAGE_FALLBACK_REQUESTS_PER_MIN ?? cautious, burst: config.IMAGE_FALLBACK_BURST, concurrency: config.PROVIDER_CONCURRENCY };
  }
  // One image a request: the tighter of the two limits given, else the tier's (OpenAI) or a cautious start (Gemini).
  const given = [config.PROVIDER_REQUESTS_PER_MIN, config.PROVIDER_IMAGES_PER_MIN].filter((limit): limit is number => limit !== undefined);
  return { perMinute: given.length ? Math.min(...given) : cautious, burst: config.PROVIDER_BURST, concurrency: config.PROVIDER_CONCURRENCY };
}

/**
 * The engines in the order they are tried: the primary, then its fallbacks. Refuses, at start-up,
 * a keyed engine without its key, a fallback list where the studio engine is not last, and
 * fallbacks behind the studio engine (it does not go down).
 */
export function imageRouting(config: Pick<GenerationWorkerConfig, 'IMAGE_PROVIDER' | 'IMAGE_FALLBACK' | 'OPENAI_API_KEY' | 'GEMINI_API_KEY'>): { primary: EngineName; fallbacks: EngineName[] } {
  const primary = config.IMAGE_PROVIDER ?? (config.OPENAI_API_KEY ? 'openai' : 'studio');
  const fallbacks = [...new Set(config.IMAGE_FALLBACK ?? [])].filter((engine) => engine !== primary);
  const keys: Record<EngineName, string | undefined> = { openai: config.OPENAI_API_KEY, gemini: config.GEMINI_API_KEY, studio: 'none needed' };
  const keyNames: Record<EngineName, string> = { openai: 'OPENAI_API_KEY', gemini: 'GEMINI_API_KEY', studio: '' };
  for (const engine of [primary, ...fallbacks]) {
    if (!keys[engine]) throw new Error(`The ${engine} engine (IMAGE_PROVIDER / IMAGE_FALLBACK) needs ${keyNames[engine]}`);
  }
  if (primary === 'studio' && fallbacks.length) throw new Error('IMAGE_FALLBACK is for a keyed primary: the studio engine renders offline and does not go down');
  if (fallbacks.includes('studio') && fallbacks.at(-1) !== 'studio') throw new Error('IMAGE_FALLBACK: the studio engine is the last resort, list it last (e.g. gemini,studio)');
  return { primary, fallbacks };
}
