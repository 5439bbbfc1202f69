import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { coreEnv, loadConfig, portVar, storageEnv } from '@trendforge/platform';

const here = path.dirname(fileURLToPath(import.meta.url));

const gatewayOnly = z.object({
  PORT: portVar(3000),
  /** The built SPA the gateway serves at /. */
  SPA_DIR: z.string().default(path.resolve(here, '../../frontend/dist')),
  /** Set behind TLS so the session cookie is Secure. */
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** How long POST /api/generate waits for the image before answering 202 with the generation. */
  GENERATE_WAIT_MS: z.coerce.number().int().min(1000).default(120_000),
});

export const gatewayEnv = coreEnv.and(storageEnv).and(gatewayOnly);
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(gatewayEnv, env);
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
