import type { Job, Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueName } from '@trendforge/contracts';

/**
 * The process's Prometheus metrics: one registry, the metrics every process shares (bus, queues,
 * process and event loop) and the path they are served at. Every series carries the process's
 * name (`service` label), set by startMetrics.
 */
export const metricsRegistry = new Registry();

/** Where metrics are served: on every health port, and on the gateway's own port. */
export const MetricsPath = '/metrics';

let started = false;

/** Labels every series with the process's name and starts the default process and event-loop metrics (once). */
export function startMetrics(service: string): void {
  if (started) return;
  started = true;
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'tf_' });
}

/** The exposition text and its content type, for GET /metrics. */
export async function metricsAnswer(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Latency buckets in seconds, from a cached read to a long render. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** The gateway's HTTP requests (gateway/src/metrics). */
export const httpRequestSeconds = new Histogram({
  name: 'tf_http_request_duration_seconds',
  help: 'HTTP request latency by method, route (the matched route pattern) and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** The gateway's GraphQL operations (gateway/src/metrics). */
export const graphqlOperationSeconds = new Histogram({
  name: 'tf_graphql_operation_duration_seconds',
  help: 'GraphQL operation latency by operation name, type and outcome (ok, error)',
  labelNames: ['operation', 'type', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Bus requests by pattern, as the caller sees them (client) and as the handling service does (server). */
export const busRequestSeconds = new Histogram({
  name: 'tf_bus_request_duration_seconds',
  help: 'NATS bus request latency by message pattern, side (client: caller, server: handler) and outcome',
  labelNames: ['pattern', 'side', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Time a job waited in its queue before a worker took it (per attempt). */
export const queueWaitSeconds = new Histogram({
  name: 'tf_queue_job_wait_seconds',
  help: 'Time from a job being queued (or retried) to a worker starting it',
  labelNames: ['queue'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Time a worker spent on one attempt of a job. */
export const queueProcessSeconds = new Histogram({
  name: 'tf_queue_job_duration_seconds',
  help: 'Processing time of one job attempt by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Failed attempts; `final` says whether the job gave up (no retry left, or unrecoverable). */
export const queueFailures = new Counter({
  name: 'tf_queue_job_failures_total',
  help: 'Failed job attempts by queue; final="true" when the job will not be retried',
  labelNames: ['queue', 'final'] as const,
  registers: [metricsRegistry],
});

/** Charges given back for jobs that ended in failure (counted by the service that asks billing). */
export const queueRefunds = new Counter({
  name: 'tf_queue_refunds_total',
  help: 'Refunds asked for failed jobs, by queue and failure reason',
  labelNames: ['queue', 'reason'] as const,
  registers: [metricsRegistry],
});

/** Render time of one image, by trend and engine (generation-worker). */
export const renderSeconds = new Histogram({
  name: 'tf_render_duration_seconds',
  help: 'Time to render one image by trend and engine',
  labelNames: ['trend', 'engine'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

/** Job counts per queue and state, read from Redis when scraped. */
export const queueJobs = new Gauge({
  name: 'tf_queue_jobs',
  help: 'Jobs per queue and state (waiting, prioritized, active, delayed, failed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all([...observedQueues].map(async (queue) => {
      if (queue.closing) {
        observedQueues.delete(queue);
        return;
      }
      const counts = await queue.getJobCounts(...QueueStates).catch(() => undefined);
      for (const state of QueueStates) if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
    }));
  },
});
const QueueStates = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;
const observedQueues = new Set<Queue>();

/** Reports this queue's depth (tf_queue_jobs) on the process's /metrics until the queue is closed. */
export function observeQueue(queue: Queue): void {
  observedQueues.add(queue);
}

/** Runs one job attempt, recording its wait, duration, outcome and (final) failure. */
export async function measureJob<Result>(queue: QueueName, job: Job, work: () => Promise<Result>): Promise<Result> {
  // A retried job waits from its last attempt's end (processedOn of the earlier attempt is overwritten).
  const queuedAt = Math.max(job.timestamp + (job.delay ?? 0), job.finishedOn ?? 0);
  const startedAt = job.processedOn ?? Date.now();
  queueWaitSeconds.observe({ queue }, Math.max(0, startedAt - queuedAt) / 1000);
  const stop = queueProcessSeconds.startTimer({ queue });
  try {
    const result = await work();
    stop({ outcome: 'completed' });
    return result;
  } catch (error) {
    // Put back by a rate limit or delayed by a fault: no attempt made, none failed.
    if ((error as Error)?.name === 'RateLimitError' || (error as Error)?.name === 'DelayedError') {
      stop({ outcome: 'deferred' });
      throw error;
    }
    stop({ outcome: 'failed' });
    const attempts = job.opts.attempts ?? 1;
    const final = (error as Error)?.name === 'UnrecoverableError' || job.attemptsMade + 1 >= attempts;
    queueFailures.inc({ queue, final: String(final) });
    throw error;
  }
}
