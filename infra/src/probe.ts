/** Looks at the machine to fill in InfraFacts: which servers answer, which ports are taken, what is installed. */
import { access, constants } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  EMBEDDED_POSTGRES_PORTS,
  EMBEDDED_REDIS_PORTS,
  type InfraFacts,
  LOCAL_POSTGRES_PORT,
  LOCAL_REDIS_PORT,
  type LocalServerState,
  postgresUrl,
} from './plan.js';
import { PORT_SPAN, stackPorts } from './processes.js';

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

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A base port whose whole stack layout (gateway, health ports, extra-instance ports) is free,
 * searching upward from `start`: test stacks use it so they never collide with `npm start`.
 */
export async function findFreeBasePort(start = 20000): Promise<number> {
  for (let base = start; base < 65000 - PORT_SPAN; base += PORT_SPAN + 1) {
    const checks = await Promise.all(stackPorts(base).map((port) => isPortFree(port)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error(`No free range of ${PORT_SPAN} ports found above ${start}`);
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

/** Sends PING over a raw socket; '+PONG' means a Redis we can use. */
export function probeRedis(port: number, host = '127.0.0.1', timeoutMs = 2000): Promise<{ state: LocalServerState; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let answer = '';
    const done = (result: { state: LocalServerState; error?: string }) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ state: 'unusable', error: 'no answer to PING' }));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (!answer.includes('\r\n')) return;
      const line = answer.split('\r\n')[0];
      done(line === '+PONG' ? { state: 'usable' } : { state: 'unusable', error: line });
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' ? { state: 'absent' } : { state: 'unusable', error: error.message }),
    );
  });
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
  const user = env.PGUSER || 'postgres';
  const password = env.PGPASSWORD || undefined;

  const [pgProbe, redisProbe] = await Promise.all([
    databaseUrl ? Promise.resolve({ state: 'absent' as const, error: undefined }) : probePostgres(LOCAL_POSTGRES_PORT, user, password),
    redisUrl ? Promise.resolve({ state: 'absent' as const, error: undefined }) : probeRedis(LOCAL_REDIS_PORT),
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
  };
}
