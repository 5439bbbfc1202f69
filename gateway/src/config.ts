import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { coreEnv, loadConfig, portVar, storageEnv } from '@trendforge/platform';

const here = path.dirname(fileURLToPath(import.meta.url));

const gatewayOnly = z.object({
  PORT: portVar(3000),
  /** The built SPA the gateway serves at /. */
  SPA_DIR: z.string().default(path.resolve(here, '../../frontend/dist')),
  /**
   * Whether the session cookies are Secure on every answer; default: in production. A request that
   * arrived over TLS (directly or through a trusted proxy's X-Forwarded-Proto) gets Secure cookies either way.
   */
  COOKIE_SECURE: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  /** Slow clients: the whole request head must arrive within this (slowloris), */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  /** the whole request (head and body) within this, */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** and an idle kept-alive connection is closed after this (behind a proxy, set it above the proxy's idle timeout). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(500).default(5_000),
  /** How long POST /api/generate waits for the image before answering 202 with the generation. */
  GENERATE_WAIT_MS: z.coerce.number().int().min(1000).default(120_000),
});

export const gatewayEnv = coreEnv.and(storageEnv).and(gatewayOnly);
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = loadConfig(gatewayEnv, env);
  return { ...config, COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' };
};
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
