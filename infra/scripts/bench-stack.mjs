/**
 * The stack a benchmark starts for itself (bench-api.mjs, bench-accept.mjs): the built processes
 * (infra/dist) on ports from the OS, in a bus namespace and a database of their own, which `stop`
 * removes again from Redis (rate-limit counters, queues), NATS (its event stream) and PostgreSQL, as
 * the machine's shared services would otherwise keep them. A fresh database matters: an earlier
 * run's generations, left queued when its stack stopped, would be failed and refunded by the
 * sweeper in the middle of a later run's measures.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `env`: more variables for every process of the stack (e.g. an image provider's); `storageDir`: its
 * local storage folder. Answers `stack` too (kill / restart single processes).
 */
export async function startBenchStack(database, env = {}, storageDir = undefined) {
  const { startStack, dropDatabase } = await import(path.join(repoRoot, 'infra/dist/index.js'));
  const suffix = randomBytes(4).toString('hex');
  const namespace = `bench_${suffix}`;
  const stack = await startStack({
    port: 'auto',
    database: `${database}_${suffix}`,
    busNamespace: namespace,
    ...(storageDir ? { storageDir } : {}),
    output: () => undefined,
    log: () => undefined,
    // The load comes from one machine: the per-address limits are for the real world.
    childEnv: { LOG_LEVEL: 'warn', PREVIEW_WARMUP: 'false', REGISTRATIONS_PER_IP: '100000', RATE_LIMIT_PER_ADDRESS: '10000000', CONNECTIONS_PER_ADDRESS: '100000', ...env },
  });
  let stopped;
  const stop = () => (stopped ??= (async () => {
    await stack.stop();
    const { flushNamespace, deleteNatsNamespace } = await import(path.join(repoRoot, 'services/libs/testing/dist/index.js'));
    await flushNamespace(stack.env.REDIS_URL, namespace).catch(() => undefined);
    await deleteNatsNamespace(stack.env.NATS_URL, namespace).catch(() => undefined);
    await dropDatabase(stack.env.DATABASE_URL).catch(() => undefined);
  })());
  // A benchmark stopped with Ctrl-C leaves no database, keys or stream behind either.
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  return { url: stack.url.replace('localhost', '127.0.0.1'), stop, stack };
}
