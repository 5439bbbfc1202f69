import { z } from 'zod';

/** Raised at boot when the environment is missing or malformed; the message names every bad variable. */
export class ConfigError extends Error {}

/**
 * Validates the environment against a schema. On failure throws ConfigError listing each variable
 * and what is wrong with it, so a process refuses to start with a clear message instead of failing later.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const url = (protocols: string[]) =>
  z.string({ error: 'is required' }).refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** Variables every process reads. */
export const coreEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /** The service bus: requests in queue groups, events on JetStream (a comma-separated list for a cluster). */
  NATS_URL: z.string().regex(/^(nats|tls):\/\/[^\s,]+(,\s*(nats|tls):\/\/[^\s,]+)*$/, 'must be nats://HOST:PORT (comma-separated for a cluster)').default('nats://127.0.0.1:4222'),
  /** Prefixes bus subjects, event streams, queue keys and pub/sub channels, so stacks can share one NATS and Redis. */
  BUS_NAMESPACE: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'must be 1-32 of a-z, 0-9, _ or -').default('tf'),
});

export const databaseEnv = z.object({
  DATABASE_URL: url(['postgres:', 'postgresql:']),
});

export const storageEnv = z.discriminatedUnion('STORAGE_DRIVER', [
  z.object({
    STORAGE_DRIVER: z.literal('local'),
    STORAGE_DIR: z.string().min(1, 'must name a folder'),
  }),
  z.object({
    STORAGE_DRIVER: z.literal('s3'),
    S3_ENDPOINT: url(['http:', 'https:']),
    S3_ACCESS_KEY: z.string().min(1, 'is required'),
    S3_SECRET_KEY: z.string().min(1, 'is required'),
    S3_BUCKET: z.string().min(3).default('trendforge'),
    S3_REGION: z.string().default('us-east-1'),
  }),
], { error: 'STORAGE_DRIVER must be "local" or "s3"' });

export const healthEnv = (fallbackPort: number) => z.object({ HEALTH_PORT: port(fallbackPort) });

export const workerEnv = z.object({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How long a job's lock lives without renewal; a killed worker's job is taken over after it. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30000),
});

export { port as portVar, url as urlVar };
export type CoreEnv = z.infer<typeof coreEnv>;
export type StorageEnv = z.infer<typeof storageEnv>;
