/**
 * startStack: the whole TrendForge stack on one machine — PostgreSQL, Redis and NATS (found or
 * embedded), the five services, the two workers and the gateway as child processes — used by
 * `npm start` (src/start.ts) and by the end-to-end tests, which start their own stack with their
 * own database, ports and BUS_NAMESPACE and kill/restart single processes.
 *
 * Ports: the gateway listens on PORT (default 3000; `port: 'auto'` takes one from the OS), every
 * other process answers /livez and /readyz on a HEALTH_PORT from the OS. A process that exits after
 * start-up without being asked to is restarted with backoff (restart.ts), as compose and k8s do.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, redact } from './database.js';
import { type EmbeddedServer, startEmbeddedNats, startEmbeddedPostgres, startEmbeddedRedis } from './embedded.js';
import { databaseOf, type InfraPlan, planInfrastructure, planStorage, withDatabase } from './plan.js';
import { canListen, freePort } from './ports.js';
import { gatherInfraFacts } from './probe.js';
import {
  DEFAULT_GATEWAY_PORT,
  LIVENESS_PATH,
  PROCESSES,
  type ProcessName,
  type ProcessSpec,
  portEnvOf,
  processSpec,
  READINESS_PATH,
} from './processes.js';
import { formatDelay, RestartBackoff, type RestartPolicy, restartPolicy } from './restart.js';
import { abortError, Child, describeExit, type ExitInfo, type OutputSink, StartupError, waitHealthy } from './supervisor.js';

/** The repository root: two levels above this file (infra/src/stack.ts and infra/dist/stack.js alike). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface StackOptions {
  /** Repository whose `<dir>/dist/main.js` entrypoints are run. Default: this repository. */
  repoRoot?: string;
  /**
   * The gateway's PORT: a number, or 'auto' for a port from the OS (tests). Default: env PORT, else
   * 3000. Every other process gets its HEALTH_PORT from the OS.
   */
  port?: number | 'auto';
  /** Environment the settings are read from and that children inherit. Default: process.env. */
  env?: Record<string, string | undefined>;
  /** PostgreSQL server/database URL. Default: env DATABASE_URL, else found or embedded (DESIGN 5). */
  databaseUrl?: string;
  /** Database name; replaces the one in the URL. Default: the URL's, else `trendforge`. Created when missing. */
  database?: string;
  /** Default: env REDIS_URL, else found or embedded. */
  redisUrl?: string;
  /** Default: env NATS_URL, else a NATS with JetStream on 127.0.0.1:4222, else `nats-server -js` from the PATH. */
  natsUrl?: string;
  /** Default: env BUS_NAMESPACE, else `tf`. */
  busNamespace?: string;
  /** Local storage folder (when S3_ENDPOINT is not set). Default: env STORAGE_DIR, else <repo>/.data/storage. */
  storageDir?: string;
  /** Data folder of the embedded PostgreSQL. Default: <repo>/.data/postgres. */
  postgresDataDir?: string;
  /** JetStream store of the embedded nats-server. Default: <repo>/.data/nats. */
  natsStoreDir?: string;
  /** Variables added to every child's environment (last word, after the computed ones). */
  childEnv?: Record<string, string>;
  /** Variables for single processes (e.g. OPENAI_BASE_URL for generation-worker only). */
  processEnv?: Partial<Record<ProcessName, Record<string, string>>>;
  /** Which processes to start (default all 8; the order of phases is kept). */
  processes?: readonly ProcessName[];
  /** How long each start-up phase may take to become ready. Default 120 s. */
  healthTimeoutMs?: number;
  /** SIGTERM grace before SIGKILL when stopping a child. Default 15 s. */
  stopTimeoutMs?: number;
  /** Where children's output lines go: 'inherit' (prefixed, to our stdout/stderr; default), 'silent' or a function. */
  output?: 'inherit' | 'silent' | OutputSink;
  /** The launcher's own messages. Default: `launcher | ...` on stdout. */
  log?: (message: string) => void;
  /** Aborts the start-up (everything started so far is stopped). */
  signal?: AbortSignal;
  /**
   * Restart a process that exits after start-up without being asked to (crash, kill -9, OOM), with
   * backoff (restartBackoff). Default true. With false it stays down (onUnexpectedExit still hears of it).
   */
  restartCrashed?: boolean;
  /** The restart backoff. Default: 0.5 s doubling to 10 s, back to 0.5 s once a process stayed up 30 s. */
  restartBackoff?: Partial<RestartPolicy>;
  /** Called whenever a child exits after start-up without being asked to (before any restart). */
  onUnexpectedExit?: (instance: string, exit: ExitInfo) => void;
}

export interface InstanceInfo {
  instance: string;
  name: ProcessName;
  pid: number | undefined;
  port: number;
  running: boolean;
  exit: ExitInfo | null;
  /** How often the launcher has started it again (after crashes and restart() calls). */
  restarts: number;
  /** Whether a restart after a crash is scheduled (waiting out its backoff). */
  restartPending: boolean;
}

export interface Stack {
  /** http://localhost:<gateway port> */
  url: string;
  /**
   * The environment common to every child (REDIS_URL, NATS_URL, BUS_NAMESPACE, storage, ...), and
   * DATABASE_URL: the stack's database as the admin, for tools and tests (each service has its own role).
   */
  env: Readonly<Record<string, string>>;
  /** What backs the stack, for messages: e.g. "local PostgreSQL postgres://postgres@127.0.0.1:5432/trendforge". */
  infrastructure: { postgres: string; redis: string; nats: string; storage: string };
  instances(): InstanceInfo[];
  /** The port an instance listens on now (gateway PORT, else HEALTH_PORT; a health port may change when it is restarted). */
  port(instance: string): number;
  /** Its readiness URL (`/readyz`), or its liveness URL (`/livez`). */
  healthUrl(instance: string, kind?: 'ready' | 'live'): string;
  /** Last lines an instance printed. */
  logs(instance: string, count?: number): string[];
  /**
   * Sends a signal (default SIGKILL) and resolves when the process has exited. Like a crash: the
   * instance then comes back by itself (restartCrashed), unless `restart: false` is given.
   */
  kill(instance: string, signal?: NodeJS.Signals, options?: { restart?: boolean }): Promise<ExitInfo>;
  /** Graceful stop of one instance (SIGTERM, then SIGKILL after the grace period). Stays down. */
  stopInstance(instance: string): Promise<ExitInfo>;
  /** Stops the instance when it runs, starts it again with the same env and port, waits until ready. */
  restart(instance: string): Promise<void>;
  /**
   * Starts another instance of a process (a second billing, generation-worker or gateway) on a port
   * from the OS; resolves with its instance name (`<name>#<n>`) once ready. `stack.port(instance)` is its port.
   */
  spawnExtra(name: ProcessName, env?: Record<string, string>): Promise<string>;
  /** Waits until an instance answers its readiness endpoint, through a restart that is under way. */
  waitHealthy(instance: string, timeoutMs?: number): Promise<void>;
  /** Stops every child (gracefully, in parallel), then the embedded servers. Idempotent. */
  stop(): Promise<void>;
}

interface Slot {
  instance: string;
  spec: ProcessSpec;
  port: number;
  /** The gateway's port is where its clients are: kept on restart. Health ports may move if taken meanwhile. */
  stickyPort: boolean;
  env: Record<string, string>;
  child: Child;
  /** Set when we are the ones stopping it, so its exit is not reported as unexpected nor restarted. */
  expectedExit: boolean;
  backoff: RestartBackoff;
  restartTimer?: NodeJS.Timeout;
  /** A relaunch is between its timer and the new child (checking the port). */
  relaunching: boolean;
  restarts: number;
}

const PHASES: ReadonlyArray<ReadonlyArray<ProcessSpec['kind']>> = [['service'], ['worker', 'gateway']];

function defaultSink(): OutputSink {
  return (instance, line, stream) => {
    (stream === 'stderr' ? process.stderr : process.stdout).write(`${instance.padEnd(17)} | ${line}\n`);
  };
}

/** Children inherit the environment, minus what belongs to the launcher itself or to Jest, and any database login (each service gets its own). */
function inheritedEnv(source: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (key === 'PORT' || key === 'HEALTH_PORT' || key === 'JEST_WORKER_ID' || key.startsWith('npm_')) continue;
    if (/^(DATABASE_URL|DATABASE_ADMIN_URL|[A-Z]+_DATABASE_URL)$/.test(key)) continue;
    out[key] = value;
  }
  if (out.NODE_OPTIONS) {
    const flags = out.NODE_OPTIONS.split(/\s+/).filter((flag) => flag && flag !== '--experimental-vm-modules');
    if (flags.length) out.NODE_OPTIONS = flags.join(' ');
    else delete out.NODE_OPTIONS;
  }
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each service's own database login (DESIGN "Data ownership"): platform's provisioning makes a role
 * per service on the stack's database (`<database>_<service>`, owning only its schema) with a
 * password made at its first start and kept in the database, so another launcher on the same
 * database (a second `npm start`, a replica's) gets the same logins instead of resetting the ones
 * running services use; answers each service's DATABASE_URL. `adminUrl` is the stack's database as
 * the server's admin, who must be able to create roles.
 */
async function provisionServiceDatabases(adminUrl: string): Promise<Record<string, string>> {
  const { provisionKeptServiceRoles, withLogin } = await import('@trendforge/platform');
  try {
    const logins = await provisionKeptServiceRoles(adminUrl);
    return Object.fromEntries(logins.map(({ schema, role, password }) => [schema, withLogin(adminUrl, role, password)]));
  } catch (error) {
    throw new Error(
      `Could not give each service its own database role on ${redact(adminUrl)}: ${(error as Error).message}. ` +
        'The DATABASE_URL user must be a superuser, or have CREATEROLE and own the database.',
      { cause: error },
    );
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const sourceEnv = options.env ?? process.env;
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const log = options.log ?? ((message: string) => process.stdout.write(`${'launcher'.padEnd(17)} | ${message}\n`));
  const sink: OutputSink =
    options.output === 'silent' ? () => undefined : typeof options.output === 'function' ? options.output : defaultSink();
  const healthTimeoutMs = options.healthTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
  const restartCrashed = options.restartCrashed ?? true;
  const backoffPolicy = restartPolicy(options.restartBackoff);
  const wanted = new Set<ProcessName>(options.processes ?? PROCESSES.map((p) => p.name));
  const specs = PROCESSES.filter((p) => wanted.has(p.name));
  const portSetting = options.port ?? (Number(sourceEnv.PORT) || DEFAULT_GATEWAY_PORT);

  // Fail before touching anything when the code is not built.
  const missingBuilds = specs.filter((spec) => !existsSync(path.join(repoRoot, spec.dir, 'dist', 'main.js')));
  if (missingBuilds.length) {
    throw new Error(
      `Not built: ${missingBuilds.map((s) => `${s.dir}/dist/main.js`).join(', ')}.\n` +
        'Run `npx nx run-many -t build` at the repository root first (`npm start` does it for you).',
    );
  }
  // A fixed gateway port that is taken would only show up as the gateway crashing at start.
  if (wanted.has('gateway') && portSetting !== 'auto' && !(await canListen(portSetting))) {
    throw new Error(`Port ${portSetting} is in use on this machine, so the gateway cannot listen there: stop what uses it, or set PORT to another port.`);
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

  const cancelRestart = (slot: Slot) => {
    if (slot.restartTimer) clearTimeout(slot.restartTimer);
    slot.restartTimer = undefined;
  };

  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      for (const slot of slots.values()) cancelRestart(slot);
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
    // ---- 1. PostgreSQL, Redis and NATS
    const databaseUrlSetting = options.databaseUrl ?? (sourceEnv.DATABASE_URL || undefined);
    const redisUrlSetting = options.redisUrl ?? (sourceEnv.REDIS_URL || undefined);
    const natsUrlSetting = options.natsUrl ?? (sourceEnv.NATS_URL || undefined);
    const plan: InfraPlan =
      databaseUrlSetting && redisUrlSetting && natsUrlSetting
        ? planInfrastructure({
            databaseUrl: databaseUrlSetting,
            redisUrl: redisUrlSetting,
            natsUrl: natsUrlSetting,
            localPostgres: 'absent',
            localRedis: 'absent',
            localNats: 'absent',
            embeddedPostgres: { available: true },
            redisServerBinary: null,
            natsServerBinary: null,
            busyPorts: [],
          })
        : planInfrastructure(
            await gatherInfraFacts({ ...sourceEnv, DATABASE_URL: databaseUrlSetting, REDIS_URL: redisUrlSetting, NATS_URL: natsUrlSetting }),
          );
    if (!plan.ok) throw new Error(plan.message);
    for (const note of plan.notes) log(note);

    let serverUrl = plan.postgres.url;
    let postgresDescription = `${plan.postgres.source === 'env' ? 'PostgreSQL from DATABASE_URL' : 'local PostgreSQL'}`;
    let redisUrl = plan.redis.url;
    let redisDescription = `${plan.redis.source === 'env' ? 'Redis from REDIS_URL' : 'local Redis'} ${plan.redis.url}`;
    let natsUrl = plan.nats.source === 'embedded' ? '' : plan.nats.url;
    let natsDescription = plan.nats.source === 'embedded' ? '' : `${plan.nats.source === 'env' ? 'NATS from NATS_URL' : 'local NATS (JetStream)'} ${plan.nats.url}`;
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
    if (plan.nats.source === 'embedded') {
      const { binary } = plan.nats;
      starts.push(
        startEmbeddedNats({
          binary,
          storeDir: options.natsStoreDir ?? path.join(repoRoot, '.data', 'nats'),
          log: (line) => log(`nats: ${line}`),
        }).then((server) => {
          embedded.push(server);
          natsUrl = server.url;
          natsDescription = server.describe;
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
    const serviceDatabaseUrls = await provisionServiceDatabases(databaseUrl);
    postgresDescription = `${postgresDescription} — ${redact(databaseUrl)}, each service as its own role (${Object.values(serviceDatabaseUrls).map((url) => decodeURIComponent(new URL(url).username)).join(', ')})`;

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
    log(`NATS: ${natsDescription}`);
    log(`storage: ${storageDescription}`);

    // ---- 3. Processes
    const commonEnv: Record<string, string> = {
      LOG_LEVEL: sourceEnv.LOG_LEVEL ?? 'info',
      ...storage,
      REDIS_URL: redisUrl,
      NATS_URL: natsUrl,
      BUS_NAMESPACE: options.busNamespace ?? sourceEnv.BUS_NAMESPACE ?? 'tf',
    };
    const baseEnv = { ...inheritedEnv(sourceEnv), ...commonEnv };

    const portEnv = (spec: ProcessSpec, port: number): Record<string, string> => ({ [portEnvOf(spec)]: String(port) });
    const envFor = (spec: ProcessSpec, port: number, extra?: Record<string, string>): Record<string, string> => ({
      ...baseEnv,
      // A service connects as its own role; the workers and the gateway use no database.
      ...(spec.kind === 'service' ? { DATABASE_URL: serviceDatabaseUrls[spec.name] } : {}),
      ...(spec.kind === 'gateway' ? { SPA_DIR: sourceEnv.SPA_DIR ?? path.join(repoRoot, 'frontend', 'dist') } : {}),
      ...options.childEnv,
      ...options.processEnv?.[spec.name],
      ...extra,
      // The port is the launcher's to give (a PORT in childEnv would make two gateways collide).
      ...portEnv(spec, port),
    });
    const urlOf = (slot: Pick<Slot, 'port'>, kind: 'ready' | 'live' = 'ready') =>
      `http://127.0.0.1:${slot.port}${kind === 'ready' ? READINESS_PATH : LIVENESS_PATH}`;

    const onExit = (slot: Slot, child: Child, exit: ExitInfo) => {
      if (slot.child !== child || slot.expectedExit || stopping) return;
      if (!started) return; // start-up failures are reported by the start-up itself
      options.onUnexpectedExit?.(slot.instance, exit);
      if (!restartCrashed) {
        log(`${slot.instance} exited unexpectedly (${describeExit(exit)}); not restarted (restartCrashed is off)`);
        return;
      }
      const delay = slot.backoff.next(Date.now() - child.startedAt);
      log(`${slot.instance} exited unexpectedly (${describeExit(exit)}); restarting in ${formatDelay(delay)}`);
      slot.restartTimer = setTimeout(() => {
        slot.restartTimer = undefined;
        void relaunch(slot, 'crash').catch((error: Error) => log(`${slot.instance} could not be restarted: ${error.message}`));
      }, delay);
    };

    const startChild = (slot: Slot) => {
      const child = new Child({ instance: slot.instance, entry: path.join(repoRoot, slot.spec.dir, 'dist', 'main.js'), nodeFlags: slot.spec.nodeFlags, cwd: repoRoot, env: slot.env, sink });
      slot.child = child;
      slot.expectedExit = false;
      void child.exit.then((exit) => onExit(slot, child, exit));
      return child;
    };

    const launch = (instance: string, spec: ProcessSpec, port: number, stickyPort: boolean, env: Record<string, string>): Slot => {
      const slot = { instance, spec, port, stickyPort, env, expectedExit: false, backoff: new RestartBackoff(backoffPolicy), relaunching: false, restarts: 0 } as Slot;
      slots.set(instance, slot);
      startChild(slot);
      return slot;
    };

    /** Starts a stopped or crashed instance again with its env; a health port taken meanwhile is replaced by a new one from the OS. */
    const relaunch = async (slot: Slot, why: 'crash' | 'asked'): Promise<Child> => {
      slot.relaunching = true;
      try {
        if (!slot.stickyPort && !(await canListen(slot.port))) {
          const port = await freePort();
          log(`${slot.instance}: port ${slot.port} was taken meanwhile; using ${port}`);
          slot.port = port;
          slot.env = { ...slot.env, ...portEnv(slot.spec, port) };
        }
        if (stopping) throw new Error('the stack is stopping');
        const child = startChild(slot);
        slot.restarts += 1;
        if (why === 'crash') {
          log(`${slot.instance} restarted (pid ${child.pid ?? '?'}, restart ${slot.restarts})`);
          waitHealthy(child, urlOf(slot), healthTimeoutMs).then(
            () => log(`${slot.instance} is ready again`),
            () => undefined, // it exited again (reported above) or is still not ready: nothing more to say here
          );
        }
        return child;
      } finally {
        slot.relaunching = false;
      }
    };

    // Any child that dies during start-up fails it, whichever phase is being waited for.
    let rejectStartup: (error: Error) => void = () => undefined;
    const startupFailure = new Promise<never>((_, reject) => {
      rejectStartup = reject;
    });
    startupFailure.catch(() => undefined);
    const onAbort = () => rejectStartup(abortError());
    options.signal?.addEventListener('abort', onAbort, { once: true });

    // A port from the OS is free when named, not held: another socket can take it before the child
    // binds it. Such a child gets a new port; any other exit fails the start-up.
    const lostItsPort = (slot: Slot, child: Child) => !slot.stickyPort && child.logs(20).some((line) => line.includes('EADDRINUSE'));
    const failStartupOnExit = (slot: Slot, child: Child) => {
      void child.exit.then((exit) => {
        if (!started && !stopping && !lostItsPort(slot, child)) {
          rejectStartup(new StartupError(slot.instance, `${slot.instance} exited during start-up (${describeExit(exit)})`, child.logs(20)));
        }
      });
    };
    const untilHealthy = async (slot: Slot): Promise<void> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await waitHealthy(slot.child, urlOf(slot), healthTimeoutMs, options.signal);
        } catch (error) {
          if (slot.child.running || !lostItsPort(slot, slot.child) || attempt === 3 || stopping) throw error;
          const port = await freePort();
          log(`${slot.instance}: port ${slot.port} was taken before it could listen; using ${port}`);
          slot.port = port;
          slot.env = { ...slot.env, ...portEnv(slot.spec, port) };
          failStartupOnExit(slot, startChild(slot));
        }
      }
    };

    let gatewayPort: number | undefined;
    try {
      for (const kinds of PHASES) {
        const phase = specs.filter((spec) => kinds.includes(spec.kind));
        if (!phase.length) continue;
        log(`starting ${phase.map((s) => s.name).join(', ')}`);
        const phaseSlots: Slot[] = [];
        for (const spec of phase) {
          const gateway = spec.kind === 'gateway';
          const port = gateway && portSetting !== 'auto' ? portSetting : await freePort();
          if (gateway) gatewayPort = port;
          phaseSlots.push(launch(spec.name, spec, port, gateway, envFor(spec, port)));
        }
        for (const slot of phaseSlots) failStartupOnExit(slot, slot.child);
        await Promise.race([Promise.all(phaseSlots.map(untilHealthy)), startupFailure]);
        log(`ready: ${phase.map((s) => `${s.name} (${portEnvOf(s)} ${slots.get(s.name)?.port})`).join(', ')}`);
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
    started = true;
    if (restartCrashed) log(`a process that exits unexpectedly is restarted (after ${formatDelay(backoffPolicy.initialDelayMs)}, doubling up to ${formatDelay(backoffPolicy.maxDelayMs)})`);

    // ---- 4. The handle
    const slotOf = (instance: string): Slot => {
      const slot = slots.get(instance);
      if (!slot) throw new Error(`No instance "${instance}"; known: ${[...slots.keys()].join(', ')}`);
      return slot;
    };

    /** Readiness of the instance's current process, waiting through a crash restart that is pending or under way. */
    const waitReady = async (slot: Slot, timeoutMs: number): Promise<void> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const child = slot.child;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`${slot.instance} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
        if (!child.running) {
          if (!slot.restartTimer && !slot.relaunching) {
            throw new Error(`${slot.instance} is not running (${describeExit(child.exited as ExitInfo)}) and no restart is pending`);
          }
          await sleep(Math.min(100, remaining));
          continue;
        }
        try {
          await waitHealthy(child, urlOf(slot), remaining);
          return;
        } catch (error) {
          // It exited while we waited: follow the restart when one comes.
          if (slot.child !== child || slot.restartTimer || slot.relaunching) continue;
          throw error;
        }
      }
    };

    const stack: Stack = {
      url: `http://localhost:${gatewayPort ?? portSetting}`,
      env: { ...commonEnv, DATABASE_URL: databaseUrl },
      infrastructure: { postgres: postgresDescription, redis: redisDescription, nats: natsDescription, storage: storageDescription },
      instances: () =>
        [...slots.values()].map((slot) => ({
          instance: slot.instance,
          name: slot.spec.name,
          pid: slot.child.pid,
          port: slot.port,
          running: slot.child.running,
          exit: slot.child.exited,
          restarts: slot.restarts,
          restartPending: Boolean(slot.restartTimer) || slot.relaunching,
        })),
      port: (instance) => slotOf(instance).port,
      healthUrl: (instance, kind = 'ready') => urlOf(slotOf(instance), kind),
      logs: (instance, count) => slotOf(instance).child.logs(count),
      async kill(instance, signal = 'SIGKILL', killOptions = {}) {
        const slot = slotOf(instance);
        const child = slot.child;
        if (killOptions.restart === false) {
          cancelRestart(slot);
          slot.expectedExit = true;
        }
        child.signal(signal);
        return child.exit;
      },
      async stopInstance(instance) {
        const slot = slotOf(instance);
        cancelRestart(slot);
        slot.expectedExit = true;
        return slot.child.stop(stopTimeoutMs);
      },
      async restart(instance) {
        const slot = slotOf(instance);
        cancelRestart(slot);
        slot.expectedExit = true;
        await slot.child.stop(stopTimeoutMs);
        if (stopping) throw new Error('the stack is stopping');
        slot.backoff.reset();
        const child = await relaunch(slot, 'asked');
        await waitHealthy(child, urlOf(slot), healthTimeoutMs);
      },
      async spawnExtra(name, env) {
        if (stopping) throw new Error('the stack is stopping');
        const spec = processSpec(name);
        let n = 2;
        while (slots.has(`${name}#${n}`)) n += 1;
        const instance = `${name}#${n}`;
        const port = await freePort();
        const slot = launch(instance, spec, port, spec.kind === 'gateway', envFor(spec, port, env));
        try {
          await waitHealthy(slot.child, urlOf(slot), healthTimeoutMs);
        } catch (error) {
          // An extra that never came up is not restarted: the caller hears why instead.
          cancelRestart(slot);
          slot.expectedExit = true;
          await slot.child.stop(stopTimeoutMs);
          throw error;
        }
        return instance;
      },
      waitHealthy: (instance, timeoutMs = healthTimeoutMs) => waitReady(slotOf(instance), timeoutMs),
      stop: stopAll,
    };
    return stack;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
