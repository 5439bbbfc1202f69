/**
 * The launcher's process supervision, against a fake repository whose eight entrypoints are tiny
 * HTTP servers answering their health path (the real services are tested by the lead's e2e suite).
 * PostgreSQL and Redis are the real ones on this machine (DATABASE_URL / REDIS_URL, else localhost).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase } from '../src/database.js';
import { withDatabase } from '../src/plan.js';
import { findFreeBasePort, isPortFree } from '../src/probe.js';
import { PROCESSES, stackPorts } from '../src/processes.js';
import { type Stack, startStack } from '../src/stack.js';

const FAKE_APP = `
import http from 'node:http';
import { writeFileSync } from 'node:fs';
const name = process.argv[2] ?? process.env.FAKE_NAME;
const env = process.env;
if (env.FAKE_EXIT) { console.error('{"level":60,"msg":"fatal config error"}'); process.exit(Number(env.FAKE_EXIT)); }
const port = Number(env.FAKE_KIND === 'gateway' ? env.PORT : env.HEALTH_PORT);
const started = Date.now();
const server = http.createServer((req, res) => {
  if (req.url === env.FAKE_HEALTH) { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); }
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
const databaseName = `tf_infra_launcher_${process.pid}`;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

beforeAll(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'tf-fake-repo-'));
  out = path.join(repo, 'out');
  await mkdir(out);
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

async function recorded(): Promise<Array<Recorded & { file: string }>> {
  const files = await readdir(out);
  return Promise.all(files.map(async (file) => ({ file, ...(JSON.parse(await readFile(path.join(out, file), 'utf8')) as Recorded) })));
}

function baseOptions(basePort: number, lines: string[]) {
  return {
    repoRoot: repo,
    basePort,
    databaseUrl: serverUrl,
    database: databaseName,
    redisUrl,
    busNamespace: 'tfinfratest',
    storageDir: path.join(repo, 'storage'),
    env: { PATH: process.env.PATH, NODE_OPTIONS: '--experimental-vm-modules', JEST_WORKER_ID: '1', PORT: '1', HEALTH_PORT: '2' },
    childEnv: { FAKE_OUT: out },
    processEnv: Object.fromEntries(
      PROCESSES.map((spec) => [spec.name, { FAKE_KIND: spec.kind, FAKE_HEALTH: spec.healthPath, FAKE_INSTANCE_TAG: spec.name }]),
    ) as Record<string, Record<string, string>>,
    output: (instance: string, line: string) => lines.push(`${instance} | ${line}`),
    log: (message: string) => lines.push(`launcher | ${message}`),
    stopTimeoutMs: 1500,
    healthTimeoutMs: 20000,
  };
}

describe('startStack with a fake repository', () => {
  let stack: Stack;
  const lines: string[] = [];

  beforeAll(async () => {
    const basePort = await findFreeBasePort(21000);
    stack = await startStack(baseOptions(basePort, lines));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('starts all eight processes, healthy, on the base-port layout', async () => {
    expect(stack.url).toBe(`http://localhost:${stack.basePort}`);
    const instances = stack.instances();
    expect(instances.map((i) => i.instance).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
    expect(instances.every((i) => i.running)).toBe(true);
    expect(stack.port('auth')).toBe(stack.basePort + 101);
    expect(stack.port('traits-worker')).toBe(stack.basePort + 112);
    const health = await fetch(`http://127.0.0.1:${stack.basePort}/api/health`);
    expect(health.status).toBe(200);
    expect(stack.healthUrl('billing')).toBe(`http://127.0.0.1:${stack.basePort + 104}/health`);
  });

  it('hands every child the documented environment', async () => {
    const all = await recorded();
    const byName = (name: string) => all.find((r) => r.file.startsWith(`${name}-`)) as Recorded;
    for (const spec of PROCESSES) {
      const { env } = byName(spec.name);
      expect(env.DATABASE_URL).toBe(withDatabase(serverUrl, databaseName));
      expect(env.REDIS_URL).toBe(redisUrl);
      expect(env.BUS_NAMESPACE).toBe('tfinfratest');
      expect(env.STORAGE_DRIVER).toBe('local');
      expect(env.STORAGE_DIR).toBe(path.join(repo, 'storage'));
      expect(env.JEST_WORKER_ID).toBeUndefined();
      expect(env.NODE_OPTIONS).toBeUndefined();
      if (spec.kind === 'gateway') {
        expect(env.PORT).toBe(String(stack.basePort));
        expect(env.SPA_DIR).toBe(path.join(repo, 'frontend', 'dist'));
        expect(env.HEALTH_PORT).toBeUndefined();
      } else {
        expect(env.HEALTH_PORT).toBe(String(stack.basePort + spec.portOffset));
        expect(env.PORT).toBeUndefined();
      }
    }
    expect(stack.env).toMatchObject({ BUS_NAMESPACE: 'tfinfratest', STORAGE_DRIVER: 'local' });
  });

  it('starts workers and the gateway only after every service is healthy', async () => {
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

  it('kills a single process and restarts it on the same port', async () => {
    const before = stack.instances().find((i) => i.instance === 'generation-worker');
    const exit = await stack.kill('generation-worker');
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(stack.instances().find((i) => i.instance === 'generation-worker')?.running).toBe(false);
    await expect(fetch(stack.healthUrl('generation-worker'))).rejects.toThrow();

    await stack.restart('generation-worker');
    const after = stack.instances().find((i) => i.instance === 'generation-worker');
    expect(after?.running).toBe(true);
    expect(after?.pid).not.toBe(before?.pid);
    expect((await fetch(stack.healthUrl('generation-worker'))).status).toBe(200);
  });

  it('starts an extra worker instance on its own health port', async () => {
    const instance = await stack.spawnExtra('generation-worker', { FAKE_INSTANCE_TAG: 'extra' });
    expect(instance).toBe('generation-worker#2');
    expect(stack.port(instance)).toBe(stack.basePort + 120);
    expect((await fetch(stack.healthUrl(instance))).status).toBe(200);
    const extra = (await recorded()).find((r) => r.file.startsWith('extra-')) as Recorded;
    expect(extra.env.HEALTH_PORT).toBe(String(stack.basePort + 120));
    expect(extra.env.BUS_NAMESPACE).toBe('tfinfratest');
    await expect(stack.spawnExtra('gateway')).rejects.toThrow(/basePort/);
  });

  it('stop() ends every child and frees every port', async () => {
    await stack.stop();
    expect(stack.instances().every((i) => !i.running)).toBe(true);
    const free = await Promise.all(stackPorts(stack.basePort).map((port) => isPortFree(port)));
    expect(free.every(Boolean)).toBe(true);
  });
});

describe('startStack failures', () => {
  it('fails with the name and exit code of a child that dies during start-up, and stops the others', async () => {
    const lines: string[] = [];
    const basePort = await findFreeBasePort(22000);
    const options = baseOptions(basePort, lines);
    options.processEnv.images = { ...options.processEnv.images, FAKE_EXIT: '3' };
    options.processEnv.auth = { ...options.processEnv.auth, FAKE_DELAY: '400' };
    await expect(startStack(options)).rejects.toThrow(/images exited during start-up \(exit code 3\)[\s\S]*fatal config error/);
    const free = await Promise.all(stackPorts(basePort).map((port) => isPortFree(port)));
    expect(free.every(Boolean)).toBe(true);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const lines: string[] = [];
    const basePort = await findFreeBasePort(23000);
    const options = baseOptions(basePort, lines);
    options.processEnv['traits-worker'] = { ...options.processEnv['traits-worker'], FAKE_IGNORE_TERM: '1' };
    const stack = await startStack({ ...options, processes: ['auth', 'traits-worker'] });
    expect(stack.instances().map((i) => i.instance)).toEqual(['auth', 'traits-worker']);
    const began = Date.now();
    await stack.stop();
    expect(Date.now() - began).toBeGreaterThanOrEqual(1400);
    expect(stack.instances().find((i) => i.instance === 'traits-worker')?.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(lines.join('\n')).toMatch(/traits-worker did not stop within 1.5 s and was killed/);
  });

  it('refuses to start when an entrypoint is not built', async () => {
    await expect(startStack({ repoRoot: path.join(repo, 'nowhere'), processes: ['gateway'] })).rejects.toThrow(
      /Not built: gateway\/dist\/main\.js[\s\S]*nx run-many -t build/,
    );
  });
});
