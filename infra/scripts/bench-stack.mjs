/**
 * The stack a benchmark starts for itself (bench-api.mjs, bench-accept.mjs): the built processes
 * (infra/dist) on ports from the OS, in a bus namespace of their own, which `stop` removes again
 * from Redis (rate-limit counters, queues) and NATS (its event stream), as the machine's shared
 * services would otherwise keep them.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startBenchStack(database) {
  const { startStack } = await import(path.join(repoRoot, 'infra/dist/index.js'));
  const namespace = `bench_${randomBytes(4).toString('hex')}`;
  const stack = await startStack({
    port: 'auto',
    database,
    busNamespace: namespace,
    output: () => undefined,
    log: () => undefined,
    childEnv: { LOG_LEVEL: 'warn', PREVIEW_WARMUP: 'false', REGISTRATIONS_PER_IP: '100000' },
  });
  const stop = async () => {
    await stack.stop();
    const { flushNamespace, deleteNatsNamespace } = await import(path.join(repoRoot, 'services/libs/testing/dist/index.js'));
    await flushNamespace(stack.env.REDIS_URL, namespace).catch(() => undefined);
    await deleteNatsNamespace(stack.env.NATS_URL, namespace).catch(() => undefined);
  };
  return { url: stack.url.replace('localhost', '127.0.0.1'), stop };
}
