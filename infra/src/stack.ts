/**
 * startStack: the whole TrendForge stack on one machine — PostgreSQL and Redis (found or embedded),
 * the five services, the two workers and the gateway as child processes — used by `npm start`
 * (src/start.ts) and by the end-to-end tests, which start their own stack with their own database,
 * ports and BUS_NAMESPACE and kill/restart single processes.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, redact } from './database.js';
import { type EmbeddedServer, startEmbeddedPostgres, startEmbeddedRedis } from './embedded.js';
import { databaseOf, type InfraPlan, planInfrastructure, planStorage, withDatabase } from './plan.js';
import { gatherInfraFacts } from './probe.js';
import {
  DEFAULT_BASE_PORT,
  EXTRA_PORT_OFFSET,
  EXTRA_PORT_SLOTS,
  PROCESSES,
  type ProcessName,
  type ProcessSpec,
  processPort,
  processSpec,
} from './processes.js';
import { abortError, Child, describeExit, type ExitInfo, type OutputSink, StartupError, waitHealthy } from './supervisor.js';

/** The repository root: two levels above this file (infra/src/stack.ts and infra/dist/stack.js alike). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StackOptions {
  /** Repository whose `<dir>/dist/main.js` entrypoints are run. Default: this repository. */
  repoRoot?: string;
  /**
   * Port layout: gateway PORT = basePort, services HEALTH_PORT = basePort+101..105, workers +111/+112,
   * extra worker instances +120.. (see processes.ts). Default: env PORT, else 3000 (3000, 3101, ...).
   */
  basePort?: number;
  /** Environment the settings are read from and that children inherit. Default: process.env. */
  env?: Record<string, string | undefined>;
  /** PostgreSQL server/database URL. Default: env DATABASE_URL, else found or embedded (DESIGN 5). */
  databaseUrl?: string;
  /** Database name; replaces the one in the URL. Default: the URL's, else `trendforge`. Created when missing. */
  database?: string;
  /** Default: env REDIS_URL, else found or embedded. */
  redisUrl?: string;
  /** Default: env BUS_NAMESPACE, else `tf`. */
  busNamespace?: string;
  /** Local storage folder (when S3_ENDPOINT is not set). Default: env STORAGE_DIR, else <repo>/.data/storage. */
  storageDir?: string;
  /** Data folder of the embedded PostgreSQL. Default: <repo>/.data/postgres. */
  postgresDataDir?: string;
  /** Variables added to every child's environment (last word, after the computed ones). */
  childEnv?: Record<string, string>;
  /** Variables for single processes (e.g. OPENAI_BASE_URL for generation-worker only). */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Which processes to start (default all 8; the order of phases is kept). */
  processes?: readonly ProcessName[];
  /** How long each start-up phase may take to become healthy. Default 120 s. */
  healthTimeoutMs?: number;
  /** SIGTERM grace before SIGKILL when stopping a child. Default 15 s. */
  stopTimeoutMs?: number;
  /** Where children's output lines go: 'inherit' (prefixed, to our stdout/stderr; default), 'silent' or a function. */
  output?: 'inherit' | 'silent' | OutputSink;
  /** The launcher's own messages. Default: `launcher | ...` on stdout. */
  log?: (message: string) => void;
  /** Aborts the start-up (everything started so far is stopped). */
  signal?: AbortSignal;
  /** Called when a child exits after start-up without being asked to (nothing is restarted). */
  onUnexpectedExit?: (instance: string, exit: ExitInfo) => void;
}

export interface InstanceInfo {
  instance: string;
  name: ProcessName;
  pid: number | undefined;
  port: number;
  running: boolean;
  exit: ExitInfo | null;
}

export interface Stack {
  /** http://localhost:<gateway port> */
  url: string;
  basePort: number;
  /** The environment common to every child (DATABASE_URL, REDIS_URL, BUS_NAMESPACE, storage, ...). */
  env: Readonly<Record<string, string>>;
  /** What backs the stack, for messages: e.g. "local PostgreSQL postgres://postgres@127.0.0.1:5432/trendforge". */
  infrastructure: { postgres: string; redis: string; storage: string };
  instances(): InstanceInfo[];
  /** The port an instance listens on (gateway PORT, else HEALTH_PORT). */
  port(instance: string): number;
  healthUrl(instance: string): string;
  /** Last lines an instance printed. */
  logs(instance: string, count?: number): string[];
  /** Sends a signal (default SIGKILL) and resolves when the process has exited. Not restarted. */
  kill(instance: string, signal?: NodeJS.Signals): Promise<ExitInfo>;
  /** Graceful stop of one instance (SIGTERM, then SIGKILL after the grace period). */
  stopInstance(instance: string): Promise<ExitInfo>;
  /** Stops the instance when it runs, starts it again with the same env and port, waits until healthy. */
  restart(instance: string): Promise<void>;
  /** Starts another instance of a process (e.g. a second generation-worker); resolves with its instance name once healthy. */
  spawnExtra(name: ProcessName, env?: Record<string, string>): Promise<string>;
  /** Waits until an instance answers its health endpoint. */
  waitHealthy(instance: string, timeoutMs?: number): Promise<void>;
  /** Stops every child (gracefully, in parallel), then the embedded servers. Idempotent. */
  stop(): Promise<void>;
}

interface Slot {
  instance: string;
  spec: ProcessSpec;
  port: number;
  env: Record<string, string>;
  child: Child;
  /** Set when we are the ones stopping it, so its exit is not reported as unexpected. */
  expectedExit: boolean;
}

const PHASES: ReadonlyArray<ReadonlyArray<ProcessSpec['kind']>> = [['service'], ['worker', 'gateway']];

function defaultSink(): OutputSink {
  return (instance, line, stream) => {
    (stream === 'stderr' ? process.stderr : process.stdout).write(`${instance.padEnd(17)} | ${line}\n`);
  };
}

/** Children inherit the environment, minus what belongs to the launcher itself or to Jest. */
function inheritedEnv(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (key === 'PORT' || key === 'HEALTH_PORT' || key === 'JEST_WORKER_ID' || key.startsWith('npm_')) continue;
    out[key] = value;
  }
  if (out.NODE_OPTIONS) {
    const flags = out.NODE_OPTIONS.split(/\s+/).filter((flag) => flag && flag !== '--experimental-vm-modules');
    if (flags.length) out.NODE_OPTIONS = flags.join(' ');
    else delete out.NODE_OPTIONS;
  }
  return out;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const sourceEnv = options.env ?? process.env;
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const basePort = options.basePort ?? (Number(sourceEnv.PORT) || DEFAULT_BASE_PORT);
  const log = options.log ?? ((message: string) => process.stdout.write(`${'launcher'.padEnd(17)} | ${message}\n`));
  const sink: OutputSink =
    options.output === 'silent' ? () => undefined : typeof options.output === 'function' ? options.output : defaultSink();
  const healthTimeoutMs = options.healthTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
  const wanted = new Set<ProcessName>(options.processes ?? PROCESSES.map((p) => p.name));
  const specs = PROCESSES.filter((p) => wanted.has(p.name));

  // Fail before touching anything when the code is not built.
  const missingBuilds = specs.filter((spec) => !existsSync(path.join(repoRoot, spec.dir, 'dist', 'main.js')));
  if (missingBuilds.length) {
    throw new Error(
      `Not built: ${missingBuilds.map((s) => `${s.dir}/dist/main.js`).join(', ')}.\n` +
        'Run `npx nx run-many -t build` at the repository root first (`npm start` does it for you).',
    );
  }

  const embedded: EmbeddedServer[] = [];
  const slots = new Map<string, Slot>();
  let stopping: Promise<void> | null = null;
  let started = false;

  const stopEmbedded = async () => {
    for (const server of embedded.splice(0).reverse()) {
      await server.stop().catch((error) => log(`stopping ${server.describe} failed: ${(error as Error).message}`));
    }
  };

  // Last resort when our process exits without stop() (a crashed test run): no orphaned children.
  const killChildrenOnExit = () => {
    for (const slot of slots.values()) slot.child.signal('SIGKILL');
  };
  process.once('exit', killChildrenOnExit);

  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      const running = [...slots.values()].filter((slot) => slot.child.running);
      if (running.length) log(`stopping ${running.map((s) => s.instance).join(', ')}`);
      await Promise.all(
        running.map(async (slot) => {
          slot.expectedExit = true;
          const exit = await slot.child.stop(stopTimeoutMs);
          if (exit.signal === 'SIGKILL') log(`${slot.instance} did not stop within ${stopTimeoutMs / 1000} s and was killed`);
        }),
      );
      process.removeListener('exit', killChildrenOnExit);
      await stopEmbedded();
    })();
    return stopping;
  };

  try {
    // ---- 1. PostgreSQL and Redis
    const databaseUrlSetting = options.databaseUrl ?? (sourceEnv.DATABASE_URL || undefined);
    const redisUrlSetting = options.redisUrl ?? (sourceEnv.REDIS_URL || undefined);
    const plan: InfraPlan =
      databaseUrlSetting && redisUrlSetting
        ? planInfrastructure({
            databaseUrl: databaseUrlSetting,
            redisUrl: redisUrlSetting,
            localPostgres: 'absent',
            localRedis: 'absent',
            embeddedPostgres: { available: true },
            redisServerBinary: null,
            busyPorts: [],
          })
        : planInfrastructure({
            ...(await gatherInfraFacts({ ...sourceEnv, DATABASE_URL: databaseUrlSetting, REDIS_URL: redisUrlSetting })),
          });
    if (!plan.ok) throw new Error(plan.message);
    for (const note of plan.notes) log(note);

    let serverUrl = plan.postgres.url;
    let postgresDescription = `${plan.postgres.source === 'env' ? 'PostgreSQL from DATABASE_URL' : 'local PostgreSQL'}`;
    let redisUrl = plan.redis.url;
    let redisDescription = `${plan.redis.source === 'env' ? 'Redis from REDIS_URL' : 'local Redis'} ${plan.redis.url}`;
    const starts: Array<Promise<void>> = [];
    if (plan.postgres.source === 'embedded') {
      const port = plan.postgres.port;
      starts.push(
        startEmbeddedPostgres({
          dataDir: options.postgresDataDir ?? path.join(repoRoot, '.data', 'postgres'),
          port,
          log: (line) => log(`postgres: ${line}`),
        }).then((server) => {
          embedded.push(server);
          serverUrl = server.url;
          postgresDescription = server.describe;
        }),
      );
    }
    if (plan.redis.source === 'embedded') {
      const { binary, port } = plan.redis;
      starts.push(
        startEmbeddedRedis({ binary, port, log: (line) => log(`redis: ${line}`) }).then((server) => {
          embedded.push(server);
          redisUrl = server.url;
          redisDescription = server.describe;
        }),
      );
    }
    const outcomes = await Promise.allSettled(starts);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    if (options.signal?.aborted) throw abortError();

    const databaseName = options.database ?? (plan.postgres.source === 'env' ? databaseOf(serverUrl) : '') ?? '';
    const databaseUrl = withDatabase(serverUrl, databaseName || 'trendforge');
    if (await ensureDatabase(databaseUrl)) log(`created database "${databaseOf(databaseUrl)}"`);
    postgresDescription = `${postgresDescription} — ${redact(databaseUrl)}`;

    // ---- 2. Storage
    const storage = planStorage(
      { ...sourceEnv, ...(options.storageDir ? { STORAGE_DIR: options.storageDir, STORAGE_DRIVER: 'local' } : {}) },
      path.join(repoRoot, '.data', 'storage'),
    );
    if (storage.STORAGE_DRIVER === 'local') await mkdir(storage.STORAGE_DIR, { recursive: true });
    const storageDescription =
      storage.STORAGE_DRIVER === 's3' ? `S3 ${storage.S3_ENDPOINT ?? '(no S3_ENDPOINT)'} bucket ${storage.S3_BUCKET}` : `local folder ${storage.STORAGE_DIR}`;

    log(`PostgreSQL: ${postgresDescription}`);
    log(`Redis: ${redisDescription}`);
    log(`storage: ${storageDescription}`);

    // ---- 3. Processes
    const commonEnv: Record<string, string> = {
      LOG_LEVEL: sourceEnv.LOG_LEVEL ?? 'info',
      ...storage,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      BUS_NAMESPACE: options.busNamespace ?? sourceEnv.BUS_NAMESPACE ?? 'tf',
    };
    const baseEnv = { ...inheritedEnv(sourceEnv), ...commonEnv };

    const envFor = (spec: ProcessSpec, port: number, extra?: Record<string, string>): Record<string, string> => ({
      ...baseEnv,
      ...(spec.kind === 'gateway'
        ? { PORT: String(port), SPA_DIR: sourceEnv.SPA_DIR ?? path.join(repoRoot, 'frontend', 'dist') }
        : { HEALTH_PORT: String(port) }),
      ...options.childEnv,
      ...options.processEnv?.[spec.name],
      ...extra,
    });

    const launch = (instance: string, spec: ProcessSpec, port: number, env: Record<string, string>): Slot => {
      const child = new Child({ instance, entry: path.join(repoRoot, spec.dir, 'dist', 'main.js'), cwd: repoRoot, env, sink });
      const slot: Slot = { instance, spec, port, env, child, expectedExit: false };
      slots.set(instance, slot);
      void child.exit.then((exit) => {
        if (slots.get(instance) !== slot || slot.expectedExit || stopping) return;
        if (!started) return; // start-up failures are reported by the start-up itself
        log(`${instance} exited unexpectedly (${describeExit(exit)}); not restarted`);
        options.onUnexpectedExit?.(instance, exit);
      });
      return slot;
    };

    const healthUrlOf = (slot: Pick<Slot, 'spec' | 'port'>) => `http://127.0.0.1:${slot.port}${slot.spec.healthPath}`;

    // Any child that dies during start-up fails it, whichever phase is being waited for.
    let rejectStartup: (error: Error) => void = () => undefined;
    const startupFailure = new Promise<never>((_, reject) => {
      rejectStartup = reject;
    });
    startupFailure.catch(() => undefined);
    const onAbort = () => rejectStartup(abortError());
    options.signal?.addEventListener('abort', onAbort, { once: true });

    try {
      for (const kinds of PHASES) {
        const phase = specs.filter((spec) => kinds.includes(spec.kind));
        if (!phase.length) continue;
        log(`starting ${phase.map((s) => s.name).join(', ')}`);
        const phaseSlots = phase.map((spec) => {
          const port = processPort(spec, basePort);
          return launch(spec.name, spec, port, envFor(spec, port));
        });
        for (const slot of phaseSlots) {
          void slot.child.exit.then((exit) => {
            if (!started && !stopping) {
              rejectStartup(new StartupError(slot.instance, `${slot.instance} exited during start-up (${describeExit(exit)})`, slot.child.logs(20)));
            }
          });
        }
        await Promise.race([
          Promise.all(phaseSlots.map((slot) => waitHealthy(slot.child, healthUrlOf(slot), healthTimeoutMs, options.signal))),
          startupFailure,
        ]);
        log(`healthy: ${phase.map((s) => s.name).join(', ')}`);
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    started = true;

    // ---- 4. The handle
    const slotOf = (instance: string): Slot => {
      const slot = slots.get(instance);
      if (!slot) throw new Error(`No instance "${instance}"; known: ${[...slots.keys()].join(', ')}`);
      return slot;
    };
    const gatewayPort = processPort(processSpec('gateway'), basePort);
    let extraCount = 0;

    const stack: Stack = {
      url: `http://localhost:${gatewayPort}`,
      basePort,
      env: commonEnv,
      infrastructure: { postgres: postgresDescription, redis: redisDescription, storage: storageDescription },
      instances: () =>
        [...slots.values()].map((slot) => ({
          instance: slot.instance,
          name: slot.spec.name,
          pid: slot.child.pid,
          port: slot.port,
          running: slot.child.running,
          exit: slot.child.exited,
        })),
      port: (instance) => slotOf(instance).port,
      healthUrl: (instance) => healthUrlOf(slotOf(instance)),
      logs: (instance, count) => slotOf(instance).child.logs(count),
      async kill(instance, signal = 'SIGKILL') {
        const slot = slotOf(instance);
        slot.expectedExit = true;
        slot.child.signal(signal);
        return slot.child.exit;
      },
      async stopInstance(instance) {
        const slot = slotOf(instance);
        slot.expectedExit = true;
        return slot.child.stop(stopTimeoutMs);
      },
      async restart(instance) {
        const old = slotOf(instance);
        old.expectedExit = true;
        await old.child.stop(stopTimeoutMs);
        if (stopping) throw new Error('the stack is stopping');
        const slot = launch(instance, old.spec, old.port, old.env);
        await waitHealthy(slot.child, healthUrlOf(slot), healthTimeoutMs);
      },
      async spawnExtra(name, env) {
        const spec = processSpec(name);
        if (spec.kind === 'gateway') throw new Error('spawnExtra starts services and workers; a second gateway needs its own basePort');
        if (extraCount >= EXTRA_PORT_SLOTS) throw new Error('too many extra instances');
        const port = basePort + EXTRA_PORT_OFFSET + extraCount;
        extraCount += 1;
        let n = 2;
        while (slots.has(`${name}#${n}`)) n += 1;
        const instance = `${name}#${n}`;
        const slot = launch(instance, spec, port, envFor(spec, port, env));
        await waitHealthy(slot.child, healthUrlOf(slot), healthTimeoutMs);
        return instance;
      },
      waitHealthy: (instance, timeoutMs = healthTimeoutMs) => {
        const slot = slotOf(instance);
        return waitHealthy(slot.child, healthUrlOf(slot), timeoutMs);
      },
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
