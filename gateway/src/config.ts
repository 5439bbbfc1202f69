import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, coreEnv, loadConfig, portVar, storageEnv } from '@trendforge/platform';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Whether `value` is an http(s) origin and nothing more (a trailing slash is allowed). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

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
  /**
   * The origin people reach the app at (e.g. https://trendforge.example): every absolute URL the
   * gateway writes (share pages' og:url / og:image, payment return pages) starts with it, never with
   * the request's Host. Required in production; default http://localhost:PORT.
   */
  PUBLIC_ORIGIN: z.string().refine(isOrigin, 'must be an origin: http(s)://host[:port], no path').optional(),
  /** Requests a minute per route and client address (REST route or GraphQL field; routes may tighten it). */
  RATE_LIMIT_PER_ROUTE: z.coerce.number().int().min(1).default(600),
  /** Requests a minute per client address over every route together, HTTP and WebSocket subscribes alike. */
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(1200),
  /** Open connections per client address: TCP connections of direct clients, requests in flight and WebSockets through a trusted proxy. */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  /** How long POST /api/generate waits for the image before answering 202 with the generation. */
  GENERATE_WAIT_MS: z.coerce.number().int().min(1000).default(120_000),
});

export const gatewayEnv = coreEnv.and(storageEnv).and(gatewayOnly);
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const config = loadConfig(gatewayEnv, env);
  if (!config.PUBLIC_ORIGIN && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_ORIGIN: is required in production (the origin absolute URLs start with, e.g. https://trendforge.example)');
  }
  return {
    ...config,
    COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production',
    PUBLIC_ORIGIN: new URL(config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`).origin,
  };
};
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
