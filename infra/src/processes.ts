import { QueueName } from '@trendforge/contracts';

/**
 * The catalogue of TrendForge processes: the one list the launcher, the Dockerfile's entrypoint,
 * docker-compose.yml and the k8s manifests are checked against (test/deploy-manifests.spec.ts).
 */

export type ProcessKind = 'service' | 'worker' | 'gateway';

export interface ProcessSpec {
  name: ProcessName;
  kind: ProcessKind;
  /** Folder of the package, relative to the repository root; its entrypoint is `<dir>/dist/main.js`. */
  dir: string;
  /**
   * The port it listens on inside its container (docker-compose.yml, k8s, the image's default):
   * the gateway's PORT, else HEALTH_PORT. The launcher instead gives the gateway PORT (default 3000,
   * or one from the OS in tests) and every other process a HEALTH_PORT from the OS.
   */
  containerPort: number;
  /**
   * Node options on its command line (the launcher's spawn; its image's ENTRYPOINT in
   * infra/Dockerfile says the same), for V8 flags NODE_OPTIONS does not take.
   */
  nodeFlags?: readonly string[];
}

/** Liveness: the process answers (200 without touching any dependency). Every process, on its port. */
export const LIVENESS_PATH = '/livez';
/** Readiness: the process's own dependencies (PostgreSQL, Redis, NATS, storage as it uses them); 503 when one is down. */
export const READINESS_PATH = '/readyz';
/** The gateway's deep health for people and dashboards: services, queues and their workers. Not a probe. */
export const DEEP_HEALTH_PATH = '/api/health';

export const PROCESS_NAMES = [
  'auth',
  'trends',
  'images',
  'billing',
  'waitlist',
  'generation-worker',
  'traits-worker',
  'gateway',
] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

export const PROCESSES: readonly ProcessSpec[] = [
  { name: 'auth', kind: 'service', dir: 'services/auth', containerPort: 3101 },
  { name: 'trends', kind: 'service', dir: 'services/trends', containerPort: 3102 },
  { name: 'images', kind: 'service', dir: 'services/images', containerPort: 3103 },
  { name: 'billing', kind: 'service', dir: 'services/billing', containerPort: 3104 },
  { name: 'waitlist', kind: 'service', dir: 'services/waitlist', containerPort: 3105 },
  // One GC thread: the render threads' parallel GC helpers cost more CPU than they save on a
  // process that keeps every core busy (a burst of 500: 185 → 153 ms CPU an image in the worker).
  { name: 'generation-worker', kind: 'worker', dir: 'services/generation-worker', containerPort: 3111, nodeFlags: ['--single-threaded-gc'] },
  { name: 'traits-worker', kind: 'worker', dir: 'services/traits-worker', containerPort: 3112 },
  { name: 'gateway', kind: 'gateway', dir: 'gateway', containerPort: 3000 },
];

/** The gateway's PORT under `npm start` when PORT is not set (DESIGN section 5). */
export const DEFAULT_GATEWAY_PORT = 3000;

/**
 * Queues the workers consume (BullMQ keys `<BUS_NAMESPACE>:<queue>:wait`, which KEDA scales them on);
 * names from @trendforge/contracts. generation-worker also runs the heavy renders (4K exports, trend
 * previews) that request-serving processes hand over.
 */
export const WORKER_QUEUES: Readonly<Record<'generation-worker' | 'traits-worker', readonly string[]>> = {
  'generation-worker': [QueueName.generation, QueueName.renders],
  'traits-worker': [QueueName.traits],
};

/** Every environment variable a TrendForge process reads (DESIGN section 5 and the platform config). */
export const DOCUMENTED_ENV = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  // The database's provisioning step only (--provision-database, README "Data ownership"): the
  // admin's login, and each service's login whose role and schema it makes.
  'DATABASE_ADMIN_URL',
  'AUTH_DATABASE_URL',
  'TRENDS_DATABASE_URL',
  'IMAGES_DATABASE_URL',
  'BILLING_DATABASE_URL',
  'WAITLIST_DATABASE_URL',
  'REDIS_URL',
  'NATS_URL',
  'BUS_NAMESPACE',
  'STORAGE_DRIVER',
  'STORAGE_DIR',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'S3_BUCKET',
  'S3_REGION',
  'PORT',
  'HEALTH_PORT',
  'SPA_DIR',
  'PUBLIC_ORIGIN',
  'PUBLIC_ORIGINS',
  'WORKER_CONCURRENCY',
  'WORKER_LOCK_MS',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_CHAT_MODEL',
  // The provider's limits for the whole fleet (README "How a generation flows"): generation-worker only.
  'OPENAI_TIER',
  'PROVIDER_REQUESTS_PER_MIN',
  'PROVIDER_IMAGES_PER_MIN',
  'PROVIDER_BURST',
  'PROVIDER_CONCURRENCY',
  // Image engines and failover (README "Failover"): generation-worker only.
  'IMAGE_PROVIDER',
  'IMAGE_FALLBACK',
  'IMAGE_FALLBACK_CONCURRENCY',
  'IMAGE_FALLBACK_REQUESTS_PER_MIN',
  'IMAGE_FALLBACK_BURST',
  'IMAGE_RENDER_ALLOWANCE_MS',
  'IMAGE_FAILOVER_AFTER_MS',
  'IMAGE_FAILOVER_PROBE_MS',
  'GEMINI_API_KEY',
  'GEMINI_BASE_URL',
  'GEMINI_IMAGE_MODEL',
  // Operations (README): traces to an OTLP/HTTP collector when set; the gateway's metrics token.
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_SERVICE_NAME',
  'METRICS_TOKEN',
  // Payments (README): billing's Stripe key and webhook signing secret; the API base for a Stripe-speaking test server.
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
] as const;

export function processSpec(name: string): ProcessSpec {
  const spec = PROCESSES.find((p) => p.name === name);
  if (!spec) throw new Error(`Unknown process "${name}"; known: ${PROCESS_NAMES.join(', ')}`);
  return spec;
}

/** The variable that carries a process's port: the gateway's PORT, every other process's HEALTH_PORT. */
export function portEnvOf(spec: Pick<ProcessSpec, 'kind'>): 'PORT' | 'HEALTH_PORT' {
  return spec.kind === 'gateway' ? 'PORT' : 'HEALTH_PORT';
}
