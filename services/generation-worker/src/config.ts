import { z } from 'zod';
import { coreEnv, healthEnv, loadConfig, storageEnv, workerEnv } from '@trendforge/platform';

const openaiEnv = z.object({
  /** When set, images come from OpenAI; otherwise from the offline studio engine. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
});

export const generationWorkerEnv = coreEnv.and(healthEnv(3111)).and(storageEnv).and(workerEnv).and(openaiEnv);
export type GenerationWorkerConfig = ReturnType<typeof loadGenerationWorkerConfig>;
export const loadGenerationWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(generationWorkerEnv, env);
