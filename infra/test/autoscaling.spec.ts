/**
 * generation-worker follows its queues' depth under the ScaledObject's rules (k8s/base/keda: the studio
 * engine; the prod overlay: a keyed provider, k8s/components/keyed-generation): depths are read from real BullMQ queues in Redis the way KEDA's scalers read them
 * (the redis scaler: LLEN of the `renders` wait list; the metrics-api scaler: the images service's
 * /queue-depth, waiting plus prioritized generations), and the replica count is computed as
 * KEDA/HPA do (support/keda.ts). Draining on scale-in (SIGTERM mid-job) is shown end to end in
 * e2e/operations.e2e.spec.ts.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { QueueName } from '@trendforge/contracts';
import { createQueue } from '@trendforge/platform';
import { flushNamespace, testRedisUrl, uniqueNamespace } from '@trendforge/testing';
import { REPO_ROOT } from '../src/stack.js';
import { Autoscaler, type ScaledObjectSpec } from './support/keda.js';
import { buildKustomization } from './support/kustomize.js';

const scaledObjectOf = (overlay: string): ScaledObjectSpec => {
  const doc = buildKustomization(path.join(REPO_ROOT, overlay)).docs.find((d) => d.kind === 'ScaledObject' && d.metadata.name === 'generation-worker');
  if (!doc) throw new Error(`no generation-worker ScaledObject in ${overlay}`);
  return (doc as unknown as { spec: ScaledObjectSpec }).spec;
};

describe('generation-worker autoscaling on queue depth', () => {
  const namespace = uniqueNamespace('autoscale');
  const previousNamespace = process.env.BUS_NAMESPACE;
  let redis: Redis;
  let renders: Queue;
  let generation: Queue;

  beforeAll(() => {
    process.env.BUS_NAMESPACE = namespace;
    redis = new Redis(testRedisUrl());
    renders = createQueue(QueueName.renders, testRedisUrl()) as Queue;
    generation = createQueue(QueueName.generation, testRedisUrl()) as Queue;
  });

  afterAll(async () => {
    await Promise.all([renders.close(), generation.close()]);
    await flushNamespace(testRedisUrl(), namespace);
    redis.disconnect();
    process.env.BUS_NAMESPACE = previousNamespace;
  });

  /** What each of the ScaledObject's triggers reads now, in its order. */
  async function triggerValues(spec: ScaledObjectSpec): Promise<number[]> {
    return Promise.all(spec.triggers.map(async (trigger) => {
      if (trigger.type === 'redis') {
        // The manifest's list is `<BUS_NAMESPACE>:renders:wait` with the deployment's namespace, tf.
        expect(trigger.metadata.listName).toBe('tf:renders:wait');
        return redis.llen(`${namespace}:renders:wait`);
      }
      // The images service's GET /queue-depth answer (services/images/src/queue-depth.controller.ts).
      expect(new URL(trigger.metadata.url).pathname).toBe('/queue-depth');
      expect(trigger.metadata.valueLocation).toBe('generation.waiting');
      const counts = await generation.getJobCounts('waiting', 'prioritized');
      return (counts.waiting ?? 0) + (counts.prioritized ?? 0);
    }));
  }

  const addRenders = (count: number) => renders.addBulk(Array.from({ length: count }, (_, i) => ({ name: 'render', data: { i } })));
  /** Like the images service: paid plans' generations with a priority, free ones without. */
  const addGenerations = (count: number) => generation.addBulk(Array.from({ length: count }, (_, i) => ({
    name: 'generate', data: { i }, opts: i % 2 ? { priority: 1 } : {},
  })));

  it.each([
    // The studio engine (base): renders on the CPU, a replica per 4 generations waiting (2 cores, 2 waiting per core).
    ['k8s/base', { min: 1, max: 10, perReplica: 4 }],
    // A keyed provider (prod, components/keyed-generation): I/O, a replica per 32 waiting (its calls in flight), a few at most.
    ['k8s/overlays/prod', { min: 2, max: 6, perReplica: 32 }],
  ])('%s: the worker count follows the depth up at once and down slowly, one pod a minute after 5 minutes', async (overlay, { min, max, perReplica }) => {
    const spec = scaledObjectOf(overlay);
    expect({ min: spec.minReplicaCount, max: spec.maxReplicaCount }).toEqual({ min, max });
    expect(spec.triggers.find((t) => t.type === 'metrics-api')?.metadata.targetValue).toBe(String(perReplica));
    const scaler = new Autoscaler(spec);
    let now = 0;
    /** HPA syncs every 15 s; returns the replicas after `seconds` of syncs at the current depth. */
    const run = async (seconds: number) => {
      const values = await triggerValues(spec);
      for (const end = now + seconds; now < end; now += 15) scaler.evaluate(now, values);
      return { values, replicas: scaler.replicas };
    };

    expect(await run(60)).toEqual({ values: [0, 0], replicas: min });

    await addRenders(3);
    // 3 renders waiting (8 per replica): one replica is enough.
    expect(await run(60)).toEqual({ values: [3, 0], replicas: Math.max(min, 1) });

    // 7.5 replicas' worth of generations (half of them prioritized: the wait list alone would see half): 8 replicas
    // wanted, reached in two steps (+4 or +100 % per 15 s), within the maximum.
    const burst = 7.5 * perReplica;
    await addGenerations(burst);
    const values = await triggerValues(spec);
    expect(values).toEqual([3, burst]);
    scaler.evaluate(now, values);
    expect(scaler.replicas).toBe(Math.min(Math.max(min + 4, 2 * min), 8, max));
    now += 15;
    expect(await run(30)).toEqual({ values: [3, burst], replicas: Math.min(8, max) });

    await addGenerations(2 * max * perReplica);
    // Twice the maximum's worth more: capped at the maximum.
    expect(await run(120)).toEqual({ values: [3, burst + 2 * max * perReplica], replicas: max });

    // The workers drained the queues: still `max` for the 5-minute stabilization window, then one fewer a minute.
    await Promise.all([renders.drain(), generation.drain()]);
    const drainedAt = now;
    expect(await run(285)).toEqual({ values: [0, 0], replicas: max });
    const timeline: number[] = [];
    while (scaler.replicas > min) {
      await run(60);
      timeline.push(scaler.replicas);
      if (now - drainedAt > 3600) throw new Error('never scaled in');
    }
    expect(timeline).toEqual(Array.from({ length: max - min }, (_, i) => max - 1 - i));
    expect(await run(600)).toEqual({ values: [0, 0], replicas: min });
  });
});
