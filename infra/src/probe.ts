/** Looks at the machine to fill in InfraFacts: which servers answer, which ports are taken, what is installed. */
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  EMBEDDED_POSTGRES_PORTS,
  EMBEDDED_REDIS_PORTS,
  type InfraFacts,
  LOCAL_NATS_PORT,
  LOCAL_POSTGRES_PORT,
  LOCAL_REDIS_PORT,
  type LocalServerState,
  postgresUrl,
} from './plan.js';
import { canListen } from './ports.js';

/** True when nothing accepts TCP connections on host:port (connection refused). */
export function isPortFree(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (free: boolean) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(free);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(false));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED'));
  }).then((free) => (free ? canListen(port, host) : false));
}


export async function probePostgres(
  port: number,
  user: string,
  password?: string,
  timeoutMs = 3000,
): Promise<{ state: LocalServerState; error?: string }> {
  const client = new pg.Client({
    connectionString: postgresUrl({ user, password, port, database: 'postgres' }),
    connectionTimeoutMillis: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { state: 'usable' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return { state: 'absent' };
    return { state: 'unusable', error: (error as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

type ProbeResult = { state: LocalServerState; error?: string };

/**
 * The first line a server sends over a raw socket (after `greeting`, when given), or what the
 * connection says instead: refused means nothing listens; silence, a hang-up or a flood means
 * something we cannot use.
 */
function firstLine(port: number, host: string, timeoutMs: number, greeting?: string): Promise<{ line: string } | ProbeResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let answer = '';
    const done = (result: { line: string } | ProbeResult) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ state: 'unusable', error: 'no answer' }));
    if (greeting) socket.once('connect', () => socket.write(greeting));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      const end = answer.indexOf('\r\n');
      if (end >= 0) done({ line: answer.slice(0, end) });
      else if (answer.length > 65536) done({ state: 'unusable', error: 'an endless first line' });
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' ? { state: 'absent' } : { state: 'unusable', error: error.message }),
    );
    // A server that hangs up without a word (the idle timeout ends with the socket, so say it here).
    socket.once('close', () => done({ state: 'unusable', error: 'closed the connection without answering' }));
  });
}

/** Sends PING over a raw socket; '+PONG' means a Redis we can use. */
export async function probeRedis(port: number, host = '127.0.0.1', timeoutMs = 2000): Promise<ProbeResult> {
  const answer = await firstLine(port, host, timeoutMs, 'PING\r\n');
  if (!('line' in answer)) return answer;
  return answer.line === '+PONG' ? { state: 'usable' } : { state: 'unusable', error: answer.line };
}

/**
 * Reads the INFO line a NATS server sends on connect: usable when it is NATS, with JetStream
 * (events need it) and without authentication (we would have no credentials).
 */
export async function probeNats(port: number, host = '127.0.0.1', timeoutMs = 2000): Promise<ProbeResult> {
  const answer = await firstLine(port, host, timeoutMs);
  if (!('line' in answer)) return answer;
  let info: { jetstream?: boolean; auth_required?: boolean; version?: string } | undefined;
  try {
    if (answer.line.startsWith('INFO ')) info = JSON.parse(answer.line.slice(5)) as typeof info;
  } catch {
    // not JSON: not NATS
  }
  if (!info) return { state: 'unusable', error: 'not a NATS server' };
  if (info.auth_required) return { state: 'unusable', error: 'it requires authentication' };
  if (!info.jetstream) return { state: 'unusable', error: `NATS${info.version ? ` ${info.version}` : ''} without JetStream (start it with -js)` };
  return { state: 'usable' };
}

/** Absolute path of an executable on the PATH, or null. */
export async function findOnPath(command: string, envPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Whether embedded-postgres and its platform binaries load (without starting anything). */
export async function embeddedPostgresAvailability(): Promise<InfraFacts['embeddedPostgres']> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const binaries = (await import(platformPackage)) as { postgres?: string; initdb?: string };
    if (!binaries.postgres || !binaries.initdb) return { available: false, reason: `${platformPackage} exports no binaries` };
    await access(binaries.postgres, constants.R_OK);
    await access(binaries.initdb, constants.R_OK);
    return { available: true };
  } catch (error) {
    return { available: false, reason: `${platformPackage} is not installed or incomplete: ${(error as Error).message.split('\n')[0]}` };
  }
}

/** Collects everything planInfrastructure needs; consults only what the environment leaves open. */
export async function gatherInfraFacts(env: Record<string, string | undefined>): Promise<InfraFacts> {
  const databaseUrl = env.DATABASE_URL || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  const natsUrl = env.NATS_URL || undefined;
  const user = env.PGUSER || 'postgres';
  const password = env.PGPASSWORD || undefined;

  const notProbed = Promise.resolve({ state: 'absent' as const, error: undefined });
  const [pgProbe, redisProbe, natsProbe] = await Promise.all([
    databaseUrl ? notProbed : probePostgres(LOCAL_POSTGRES_PORT, user, password),
    redisUrl ? notProbed : probeRedis(LOCAL_REDIS_PORT),
    natsUrl ? notProbed : probeNats(LOCAL_NATS_PORT),
  ]);
  const needEmbeddedPg = !databaseUrl && pgProbe.state !== 'usable';
  const needEmbeddedRedis = !redisUrl && redisProbe.state !== 'usable';
  const candidates = [...(needEmbeddedPg ? EMBEDDED_POSTGRES_PORTS : []), ...(needEmbeddedRedis ? EMBEDDED_REDIS_PORTS : [])];
  const free = await Promise.all(candidates.map((port) => isPortFree(port)));

  return {
    databaseUrl,
    redisUrl,
    localPostgres: pgProbe.state,
    localPostgresUser: user,
    localPostgresPassword: password,
    localPostgresError: pgProbe.error,
    localRedis: redisProbe.state,
    localRedisError: redisProbe.error,
    embeddedPostgres: needEmbeddedPg ? await embeddedPostgresAvailability() : { available: true },
    redisServerBinary: needEmbeddedRedis ? await findOnPath('redis-server', env.PATH) : null,
    busyPorts: candidates.filter((_, index) => !free[index]),
    natsUrl,
    localNats: natsProbe.state,
    localNatsError: natsProbe.error,
    natsServerBinary: !natsUrl && natsProbe.state !== 'usable' ? await findOnPath('nats-server', env.PATH) : null,
  };
}
