import { z } from 'zod';
import { coreEnv, healthEnv, loadConfig, storageEnv, workerEnv } from '@trendforge/platform';

// An empty variable (e.g. `OPENAI_API_KEY=` in a Secret) means unset.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const openaiEnv = z.object({
  /** When set, images come from OpenAI; otherwise from the offline studio engine. */
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(z.string().url()),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
});

export const generationWorkerEnv = coreEnv.and(healthEnv(3111)).and(storageEnv).and(workerEnv).and(openaiEnv);
export type GenerationWorkerConfig = ReturnType<typeof loadGenerationWorkerConfig>;
export const loadGenerationWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(generationWorkerEnv, env);
