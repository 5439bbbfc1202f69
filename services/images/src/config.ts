import { z } from 'zod';
import { coreEnv, databaseEnv, healthEnv, loadConfig, storageEnv } from '@trendforge/platform';

const generationsEnv = z.object({
  /** Generations one member may have queued or rendering at once: one member's burst cannot starve the rest. */
  GENERATIONS_IN_FLIGHT_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(5),
  /** A generation still queued or rendering this long after it was accepted is failed and refunded by the sweeper. */
  GENERATION_DEADLINE_MS: z.coerce.number().int().min(1000).default(15 * 60_000),
  /** Share links one member may create in an hour (links already made are answered again without counting). */
  SHARE_LINKS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /**
   * The longest a trend is used from memory without hearing of a change: bounds a change notice
   * lost while NATS reconnects (announced changes are honoured at once).
   */
  TREND_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export const imagesEnv = coreEnv.and(databaseEnv).and(healthEnv(3103)).and(storageEnv).and(generationsEnv);
export type ImagesConfig = ReturnType<typeof loadImagesConfig>;
export const loadImagesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(imagesEnv, env);

export const IMAGES_CONFIG = Symbol('IMAGES_CONFIG');
