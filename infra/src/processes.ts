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
  /** Port offset from the stack's base port (3000 by default): gateway PORT, else HEALTH_PORT. */
  portOffset: number;
  /** Path of the health endpoint on that port. */
  healthPath: string;
}

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
  { name: 'auth', kind: 'service', dir: 'services/auth', portOffset: 101, healthPath: '/health' },
  { name: 'trends', kind: 'service', dir: 'services/trends', portOffset: 102, healthPath: '/health' },
  { name: 'images', kind: 'service', dir: 'services/images', portOffset: 103, healthPath: '/health' },
  { name: 'billing', kind: 'service', dir: 'services/billing', portOffset: 104, healthPath: '/health' },
  { name: 'waitlist', kind: 'service', dir: 'services/waitlist', portOffset: 105, healthPath: '/health' },
  { name: 'generation-worker', kind: 'worker', dir: 'services/generation-worker', portOffset: 111, healthPath: '/health' },
  { name: 'traits-worker', kind: 'worker', dir: 'services/traits-worker', portOffset: 112, healthPath: '/health' },
  { name: 'gateway', kind: 'gateway', dir: 'gateway', portOffset: 0, healthPath: '/api/health' },
];

/** Extra worker instances (spawnExtra) take HEALTH_PORTs from basePort + this offset upward. */
export const EXTRA_PORT_OFFSET = 120;
export const EXTRA_PORT_SLOTS = 30;
/** The highest offset a stack uses: a base port needs this many free ports above it. */
export const PORT_SPAN = EXTRA_PORT_OFFSET + EXTRA_PORT_SLOTS;

export const DEFAULT_BASE_PORT = 3000;

/** Queues the workers consume (BullMQ keys `<BUS_NAMESPACE>:<queue>:wait`); names from @trendforge/contracts. */
export const WORKER_QUEUES: Readonly<Record<'generation-worker' | 'traits-worker', string>> = {
  'generation-worker': QueueName.generation,
  'traits-worker': QueueName.traits,
};

/** Every environment variable a TrendForge process reads (DESIGN section 5 and the platform config). */
export const DOCUMENTED_ENV = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  'REDIS_URL',
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
  'WORKER_CONCURRENCY',
  'WORKER_LOCK_MS',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
] as const;

export function processSpec(name: string): ProcessSpec {
  const spec = PROCESSES.find((p) => p.name === name);
  if (!spec) throw new Error(`Unknown process "${name}"; known: ${PROCESS_NAMES.join(', ')}`);
  return spec;
}

/** The port a process listens on (gateway: PORT; others: HEALTH_PORT) for a given base port. */
export function processPort(spec: ProcessSpec, basePort: number): number {
  return basePort + spec.portOffset;
}

/** Every port a stack with this base port may listen on. */
export function stackPorts(basePort: number): number[] {
  const extras = Array.from({ length: EXTRA_PORT_SLOTS }, (_, i) => basePort + EXTRA_PORT_OFFSET + i);
  return [...PROCESSES.map((spec) => processPort(spec, basePort)), ...extras];
}
