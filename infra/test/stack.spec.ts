/**
 * The launcher's process supervision, against a fake repository whose eight entrypoints are tiny
 * HTTP servers answering /livez and /readyz (the real services are tested by the e2e suite).
 * PostgreSQL, Redis and NATS are the real ones on this machine (DATABASE_URL / REDIS_URL / NATS_URL,
 * else localhost); the fakes do not connect to them.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '../src/database.js';
import { withDatabase } from '../src/plan.js';
import { canListen } from '../src/ports.js';
import { PROCESSES, portEnvOf } from '../src/processes.js';
import { type Stack, type StackOptions, startStack } from '../src/stack.js';
import type { ExitInfo } from '../src/supervisor.js';

/**
 * A fake process: listens on PORT (gateway) or HEALTH_PORT, records its env and timings in
 * FAKE_OUT, and crashes (exit 1) while the file FAKE_FLAGS/crash-<tag> exists, at start or later.
 */
const FAKE_APP = `
import http from 'node:http';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
const env = process.env;
const crashFlag = env.FAKE_FLAGS + '/crash-' + env.FAKE_INSTANCE_TAG;
const crash = () => { console.error('{"level":60,"msg":"crashing on purpose"}'); process.exit(1); };
if (env.FAKE_EXIT) { console.error('{"level":60,"msg":"fatal config error"}'); process.exit(Number(env.FAKE_EXIT)); }
if (existsSync(crashFlag)) crash();
// FAKE_FLAGS/port-taken-<tag>: the first start finds its port taken (as when another socket took it first).
const takenFlag = env.FAKE_FLAGS + '/port-taken-' + env.FAKE_INSTANCE_TAG;
if (existsSync(takenFlag)) { unlinkSync(takenFlag); console.error('{"level":60,"msg":"listen EADDRINUSE: address already in use 0.0.0.0:' + env.HEALTH_PORT + '"}'); process.exit(1); }
setInterval(() => { if (existsSync(crashFlag)) crash(); }, 50);
const port = Number(env.FAKE_KIND === 'gateway' ? env.PORT : env.HEALTH_PORT);
const started = Date.now();
const paths = new Set(['/livez', '/readyz', ...(env.FAKE_KIND === 'gateway' ? ['/api/health'] : [])]);
const server = http.createServer((req, res) => {
  if (paths.has(req.url)) { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"up"}'); }
  else { res.writeHead(404); res.end(); }
});
setTimeout(() => server.listen(port, '127.0.0.1', () => {
  writeFileSync(env.FAKE_OUT + '/' + env.FAKE_INSTANCE_TAG + '-' + process.pid + '.json', JSON.stringify({ env, started, ready: Date.now(), pid: process.pid }));
  console.log(JSON.stringify({ level: 30, msg: 'listening', port }));
}), Number(env.FAKE_DELAY ?? 0));
process.on('SIGTERM', () => { if (env.FAKE_IGNORE_TERM) return; server.close(); process.exit(0); });
`;

interface Recorded {
  env: Record<string, string>;
  started: number;
  ready: number;
  pid: number;
}

let repo: string;
let out: string;
let flags: string;
const databaseName = `tf_infra_launcher_${process.pid}`;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

beforeAll(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'tf-fake-repo-'));
  out = path.join(repo, 'out');
  flags = path.join(repo, 'flags');
  await mkdir(out);
  await mkdir(flags);
  for (const spec of PROCESSES) {
    await mkdir(path.join(repo, spec.dir, 'dist'), { recursive: true });
    await writeFile(path.join(repo, spec.dir, 'dist', 'main.js'), FAKE_APP);
  }
  await writeFile(path.join(repo, 'package.json'), '{"type":"module"}');
});

afterAll(async () => {
  await dropDatabase(withDatabase(serverUrl, databaseName)).catch(() => undefined);
  await rm(repo, { recursive: true, force: true });
});

async function recorded(tag?: string): Promise<Array<Recorded & { file: string }>> {
  const files = (await readdir(out)).filter((file) => !tag || file.startsWith(`${tag}-`));
  const all = await Promise.all(files.map(async (file) => ({ file, ...(JSON.parse(await readFile(path.join(out, file), 'utf8')) as Recorded) })));
  return all.sort((a, b) => a.started - b.started);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function eventually<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function baseOptions(lines: string[], overrides: Partial<StackOptions> = {}) {
  return {
    repoRoot: repo,
    port: 'auto' as const,
    databaseUrl: serverUrl,
    database: databaseName,
    redisUrl,
    natsUrl,
    busNamespace: 'tfinfratest',
    storageDir: path.join(repo, 'storage'),
    env: { PATH: process.env.PATH, NODE_OPTIONS: '--experimental-vm-modules', JEST_WORKER_ID: '1', PORT: '1', HEALTH_PORT: '2' },
    childEnv: { FAKE_OUT: out, FAKE_FLAGS: flags },
    processEnv: Object.fromEntries(PROCESSES.map((spec) => [spec.name, { FAKE_KIND: spec.kind, FAKE_INSTANCE_TAG: spec.name }])) as Record<
      string,
      Record<string, string>
    >,
    output: (instance: string, line: string) => lines.push(`${instance} | ${line}`),
    log: (message: string) => lines.push(`launcher | ${message}`),
    stopTimeoutMs: 1500,
    healthTimeoutMs: 20000,
    ...overrides,
  };
}

describe('startStack with a fake repository', () => {
  let stack: Stack;
  const lines: string[] = [];
  const unexpected: Array<[string, ExitInfo]> = [];

  beforeAll(async () => {
    stack = await startStack(baseOptions(lines, { onUnexpectedExit: (instance, exit) => unexpected.push([instance, exit]) }));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('starts all eight processes, ready, each on a port of its own from the OS', async () => {
    const instances = stack.instances();
    expect(instances.map((i) => i.instance).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
    expect(instances.every((i) => i.running && i.restarts === 0)).toBe(true);
    const ports = instances.map((i) => i.port);
    expect(new Set(ports).size).toBe(8);
    // Not the container layout (3000, 3101, ...): every port came from the OS.
    for (const spec of PROCESSES) expect(stack.port(spec.name)).not.toBe(spec.containerPort);
    expect(stack.url).toBe(`http://localhost:${stack.port('gateway')}`);
    for (const pathname of ['/livez', '/readyz', '/api/health']) {
      expect({ pathname, status: (await fetch(`http://127.0.0.1:${stack.port('gateway')}${pathname}`)).status }).toEqual({ pathname, status: 200 });
    }
    expect(stack.healthUrl('billing')).toBe(`http://127.0.0.1:${stack.port('billing')}/readyz`);
    expect(stack.healthUrl('billing', 'live')).toBe(`http://127.0.0.1:${stack.port('billing')}/livez`);
    expect((await fetch(stack.healthUrl('billing', 'live'))).status).toBe(200);
  });

  it('logs which PostgreSQL, Redis, NATS and storage it uses', () => {
    const log = lines.filter((line) => line.startsWith('launcher | ')).join('\n');
    expect(log).toMatch(/launcher \| PostgreSQL: PostgreSQL from DATABASE_URL/);
    expect(log).toMatch(/launcher \| Redis: Redis from REDIS_URL redis:\/\//);
    expect(log).toContain(`launcher | NATS: NATS from NATS_URL ${natsUrl}`);
    expect(stack.infrastructure.nats).toBe(`NATS from NATS_URL ${natsUrl}`);
  });

  it('hands every child the documented environment, NATS_URL included, and its own port', async () => {
    const all = await recorded();
    const byName = (name: string) => all.find((r) => r.file.startsWith(`${name}-`)) as Recorded;
    for (const spec of PROCESSES) {
      const { env } = byName(spec.name);
      // A service connects as its own role on the stack's database (<database>_<service>); the others get no database.
      if (spec.kind === 'service') {
        const url = new URL(env.DATABASE_URL);
        expect({ user: url.username, database: url.pathname, passwordLength: url.password.length })
          .toEqual({ user: `${databaseName}_${spec.name}`, database: `/${databaseName}`, passwordLength: 24 });
      } else {
        expect(env.DATABASE_URL).toBeUndefined();
      }
      expect(env.REDIS_URL).toBe(redisUrl);
      expect(env.NATS_URL).toBe(natsUrl);
      expect(env.BUS_NAMESPACE).toBe('tfinfratest');
      expect(env.STORAGE_DRIVER).toBe('local');
      expect(env.STORAGE_DIR).toBe(path.join(repo, 'storage'));
      expect(env.JEST_WORKER_ID).toBeUndefined();
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect(env[portEnvOf(spec)]).toBe(String(stack.port(spec.name)));
      if (spec.kind === 'gateway') {
        expect(env.SPA_DIR).toBe(path.join(repo, 'frontend', 'dist'));
        expect(env.HEALTH_PORT).toBeUndefined();
      } else {
        expect(env.PORT).toBeUndefined();
      }
    }
    expect(stack.env).toMatchObject({ BUS_NAMESPACE: 'tfinfratest', STORAGE_DRIVER: 'local', NATS_URL: natsUrl, DATABASE_URL: withDatabase(serverUrl, databaseName) });
  });

  it('starts workers and the gateway only after every service is ready', async () => {
    const all = await recorded();
    const services = all.filter((r) => PROCESSES.some((p) => p.kind === 'service' && r.file.startsWith(`${p.name}-`)));
    const others = all.filter((r) => PROCESSES.some((p) => p.kind !== 'service' && r.file.startsWith(`${p.name}-`)));
    expect(services).toHaveLength(5);
    expect(others).toHaveLength(3);
    const lastServiceReady = Math.max(...services.map((r) => r.ready));
    expect(Math.min(...others.map((r) => r.started))).toBeGreaterThanOrEqual(lastServiceReady);
  });

  it('passes output lines through, prefixed with the instance name, and keeps them for logs()', () => {
    expect(lines).toContainEqual(expect.stringMatching(/^gateway \| \{"level":30,"msg":"listening","port":\d+\}$/));
    expect(stack.logs('auth').join('\n')).toMatch(/"msg":"listening"/);
  });

  it('restarts a killed process by itself after 0.5 s, says so, and it is ready again', async () => {
    const before = stack.instances().find((i) => i.instance === 'generation-worker');
    const killedAt = Date.now();
    const exit = await stack.kill('generation-worker');
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stack.instances().find((i) => i.instance === 'generation-worker')).toMatchObject({ running: false, restartPending: true });

    await stack.waitHealthy('generation-worker');
    const after = stack.instances().find((i) => i.instance === 'generation-worker');
    expect(after).toMatchObject({ running: true, restarts: 1, restartPending: false });
    expect(after?.pid).not.toBe(before?.pid);
    expect((await fetch(stack.healthUrl('generation-worker'))).status).toBe(200);
    const restarted = (await recorded('generation-worker')).find((r) => r.pid === after?.pid) as Recorded;
    expect(restarted.started - killedAt).toBeGreaterThanOrEqual(450);
    expect(restarted.env.NATS_URL).toBe(natsUrl);

    const log = lines.join('\n');
    expect(log).toContain('launcher | generation-worker exited unexpectedly (signal SIGKILL); restarting in 0.5 s');
    expect(log).toContain(`launcher | generation-worker restarted (pid ${after?.pid}, restart 1)`);
    await eventually('"is ready again"', () => lines.includes('launcher | generation-worker is ready again'));
    expect(unexpected).toEqual([['generation-worker', { code: null, signal: 'SIGKILL' }]]);
  });

  it('leaves a process down when killed with restart: false, or stopped; restart() brings it back on its port', async () => {
    const port = stack.port('traits-worker');
    await stack.kill('traits-worker', 'SIGKILL', { restart: false });
    await stack.stopInstance('images');
    // Both exits have been handled (kill and stopInstance answer after the launcher's own exit
    // handler, where a restart would be scheduled): what they show now is what stays.
    for (const name of ['traits-worker', 'images']) {
      expect(stack.instances().find((i) => i.instance === name)).toMatchObject({ running: false, restartPending: false, restarts: 0 });
    }
    await expect(stack.waitHealthy('images', 1000)).rejects.toThrow(/images is not running \(exit code 0\) and no restart is pending/);
    expect(lines.join('\n')).not.toMatch(/(traits-worker|images) exited unexpectedly/);

    await stack.restart('traits-worker');
    expect(stack.instances().find((i) => i.instance === 'traits-worker')).toMatchObject({ running: true, restarts: 1 });
    expect(stack.port('traits-worker')).toBe(port);
    await stack.restart('images');
    expect((await fetch(stack.healthUrl('images'))).status).toBe(200);
  });

  it('starts extra instances, a second gateway included, each on its own port from the OS', async () => {
    const worker = await stack.spawnExtra('generation-worker', { FAKE_INSTANCE_TAG: 'extra' });
    expect(worker).toBe('generation-worker#2');
    const extra = (await recorded('extra'))[0];
    expect(extra.env.HEALTH_PORT).toBe(String(stack.port(worker)));
    expect(extra.env.NATS_URL).toBe(natsUrl);
    expect(extra.env.BUS_NAMESPACE).toBe('tfinfratest');
    expect((await fetch(stack.healthUrl(worker))).status).toBe(200);

    const gateway = await stack.spawnExtra('gateway', { FAKE_INSTANCE_TAG: 'gateway2' });
    expect(gateway).toBe('gateway#2');
    expect(stack.port(gateway)).not.toBe(stack.port('gateway'));
    expect((await recorded('gateway2'))[0].env.PORT).toBe(String(stack.port(gateway)));
    expect((await fetch(`http://127.0.0.1:${stack.port(gateway)}/api/health`)).status).toBe(200);

    const ports = stack.instances().map((i) => i.port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it('stop() ends every child, restarts nothing, and frees every port', async () => {
    const instances = stack.instances();
    await stack.stop();
    expect(stack.instances().every((i) => !i.running)).toBe(true);
    const free = await Promise.all(instances.map((i) => canListen(i.port)));
    expect(free.every(Boolean)).toBe(true);
    // stop() answers once every exit was handled: a restart would be pending by now.
    expect(stack.instances().every((i) => !i.running && !i.restartPending)).toBe(true);
    expect(lines.join('\n')).not.toMatch(/exited unexpectedly \(exit code 0\)/);
  });

  it('a second launcher on the same database hands its services the logins the first one\'s services use', async () => {
    const options = baseOptions([]);
    const second = await startStack({ ...options, processes: ['billing', 'images'], processEnv: {
      billing: { FAKE_KIND: 'service', FAKE_INSTANCE_TAG: 'second-billing' },
      images: { FAKE_KIND: 'service', FAKE_INSTANCE_TAG: 'second-images' },
    } });
    try {
      for (const name of ['billing', 'images']) {
        const [running] = await recorded(name);
        const [again] = await recorded(`second-${name}`);
        expect({ name, url: again.env.DATABASE_URL }).toEqual({ name, url: running.env.DATABASE_URL });
      }
    } finally {
      await second.stop();
    }
  });
});

describe('restart with backoff', () => {
  const crashFlag = () => path.join(flags, 'crash-traits-worker');

  afterEach(async () => {
    await unlink(crashFlag()).catch(() => undefined);
  });

  it('waits longer after each quick failure, up to the maximum, and brings the process back once it can run', async () => {
    const lines: string[] = [];
    const stack = await startStack(
      baseOptions(lines, {
        processes: ['auth', 'traits-worker'],
        restartBackoff: { initialDelayMs: 200, maxDelayMs: 800, resetAfterMs: 30_000 },
      }),
    );
    try {
      const restartLines = () => lines.filter((line) => /traits-worker exited unexpectedly/.test(line));
      await writeFile(crashFlag(), '');
      await eventually('four crashes', () => restartLines().length >= 5, 15_000);
      expect(restartLines().slice(0, 5).map((line) => line.replace(/^.*; /, ''))).toEqual([
        'restarting in 0.2 s',
        'restarting in 0.4 s',
        'restarting in 0.8 s',
        'restarting in 0.8 s',
        'restarting in 0.8 s',
      ]);
      expect(restartLines()[0]).toBe('launcher | traits-worker exited unexpectedly (exit code 1); restarting in 0.2 s');
      expect(stack.logs('traits-worker').join('\n')).toMatch(/crashing on purpose/);

      await unlink(crashFlag());
      await stack.waitHealthy('traits-worker', 10_000);
      const info = stack.instances().find((i) => i.instance === 'traits-worker');
      expect(info?.running).toBe(true);
      expect(info?.restarts).toBeGreaterThanOrEqual(5);
      await eventually('"is ready again"', () => lines.includes('launcher | traits-worker is ready again'));
      // The one that runs is the last one started, after the backoff.
      const runs = await recorded('traits-worker');
      expect(runs.at(-1)?.pid).toBe(info?.pid);
    } finally {
      await stack.stop();
    }
  });

  it('with restartCrashed: false, reports the exit and leaves the process down', async () => {
    const lines: string[] = [];
    const unexpected: Array<[string, ExitInfo]> = [];
    const stack = await startStack(
      baseOptions(lines, { processes: ['auth'], restartCrashed: false, onUnexpectedExit: (instance, exit) => unexpected.push([instance, exit]) }),
    );
    try {
      // kill() answers after the launcher handled the exit (and would have scheduled a restart).
      await stack.kill('auth', 'SIGKILL');
      expect(stack.instances()).toEqual([expect.objectContaining({ instance: 'auth', running: false, restartPending: false, restarts: 0 })]);
      expect(unexpected).toEqual([['auth', { code: null, signal: 'SIGKILL' }]]);
      expect(lines).toContain('launcher | auth exited unexpectedly (signal SIGKILL); not restarted (restartCrashed is off)');
    } finally {
      await stack.stop();
    }
  });
});

describe('startStack failures', () => {
  it('fails with the name and exit code of a child that dies during start-up, and stops the others', async () => {
    const lines: string[] = [];
    const options = baseOptions(lines);
    options.processEnv.images = { ...options.processEnv.images, FAKE_EXIT: '3' };
    options.processEnv.auth = { ...options.processEnv.auth, FAKE_DELAY: '400', FAKE_INSTANCE_TAG: 'failing-auth' };
    const startedAt = Date.now();
    await expect(startStack(options)).rejects.toThrow(/images exited during start-up \(exit code 3\)[\s\S]*fatal config error/);
    // Start-up failures are not restarted: the others were stopped (startStack answers after their
    // exits), nothing came back.
    const runs = (await recorded()).filter((r) => r.started >= startedAt);
    expect(runs.every((r) => !isAlive(r.pid))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/restarting in/);
  });

  it('gives a child whose port was taken before it listened a new port from the OS', async () => {
    const lines: string[] = [];
    await writeFile(path.join(flags, 'port-taken-traits-worker'), '');
    const stack = await startStack({ ...baseOptions(lines), processes: ['auth', 'traits-worker'] });
    try {
      const [first, ...others] = lines.filter((line) => line.includes('was taken before it could listen'));
      expect(others).toEqual([]);
      const [, was, now] = /traits-worker: port (\d+) was taken before it could listen; using (\d+)/.exec(first ?? '') ?? [];
      expect(Number(now)).toBe(stack.port('traits-worker'));
      expect(now).not.toBe(was);
      expect((await fetch(`http://127.0.0.1:${now}/readyz`)).status).toBe(200);
    } finally {
      await stack.stop();
    }
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const lines: string[] = [];
    const options = baseOptions(lines);
    options.processEnv['traits-worker'] = { ...options.processEnv['traits-worker'], FAKE_IGNORE_TERM: '1' };
    const stack = await startStack({ ...options, processes: ['auth', 'traits-worker'] });
    expect(stack.instances().map((i) => i.instance)).toEqual(['auth', 'traits-worker']);
    const began = Date.now();
    await stack.stop();
    expect(Date.now() - began).toBeGreaterThanOrEqual(1400);
    expect(stack.instances().find((i) => i.instance === 'traits-worker')?.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(lines.join('\n')).toMatch(/traits-worker did not stop within 1.5 s and was killed/);
  });

  it('refuses to start when the gateway\'s port is taken, naming it', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      await expect(startStack(baseOptions([], { port, processes: ['gateway'] }))).rejects.toThrow(
        new RegExp(`Port ${port} is in use on this machine[\\s\\S]*set PORT`),
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('refuses to start when an entrypoint is not built', async () => {
    await expect(startStack({ repoRoot: path.join(repo, 'nowhere'), processes: ['gateway'] })).rejects.toThrow(
      /Not built: gateway\/dist\/main\.js[\s\S]*nx run-many -t build/,
    );
  });
});
