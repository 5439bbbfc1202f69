import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ImageEngine } from '@trendforge/contracts';
import { busNamespace } from '@trendforge/platform';
import type { Pace } from './pace.js';

/** How many of the last waiting jobs (in the order the primary takes them) a claim weighs: the late ones are at the back. */
const TailScanned = 200;
/** As the queue's own window (pace.ts): a little slower than the provider refills. */
const SafetyMargin = 1.1;

/**
 * Takes the waiting job furthest from making its deadline at the primary, when one would miss it
 * and the fallback has budget, and makes it this worker's active job, all in one step (two
 * replicas never take the same job, and the primary's workers no longer see it).
 *
 * BullMQ's layout (6.7.0, as @trendforge/platform's bullmq-internals.ts pins it): jobs wait in the
 * wait list (taken from the right) and then the prioritized set (lowest score first); an active
 * job is in the active list with a lock; the queue's meta holds `paused`, `concurrency` and its
 * global rate limit (`max` starts per `duration`), the limiter key the starts counted in the
 * current window (or a 429's pause). The job is made active as BullMQ's moveToActive does —
 * except that it does not count in the primary's window — so the worker processes, renews,
 * completes, fails or retries it as any other job (Worker#processJob).
 *
 * KEYS: wait, prioritized, active, meta, limiter, events, the fallback's window.
 * ARGV: job key prefix, now, token, lock ms, render allowance ms, fallback burst (0: unlimited),
 * fallback window ms, tail scanned.
 * Returns the job's id, or nothing.
 */
const ClaimScript = `
local rcall = redis.call
local meta = rcall('HMGET', KEYS[4], 'paused', 'concurrency', 'max', 'duration')
if meta[1] then return nil end
if meta[2] and rcall('LLEN', KEYS[3]) >= tonumber(meta[2]) then return nil end
local max, duration = tonumber(meta[3]), tonumber(meta[4])
if not max or not duration or max < 1 then return nil end
local burst = tonumber(ARGV[6])
if burst > 0 and tonumber(rcall('GET', KEYS[7]) or 0) >= burst then return nil end

local now = tonumber(ARGV[2])
local interval = duration / max
local pausedFor = 0
if tonumber(rcall('GET', KEYS[5]) or 0) >= max then pausedFor = math.max(0, rcall('PTTL', KEYS[5])) end

local waitLength = rcall('LLEN', KEYS[1])
local total = waitLength + rcall('ZCARD', KEYS[2])
local from = math.max(0, total - tonumber(ARGV[8]))
local order = {}
if from < waitLength then
  local listed = rcall('LRANGE', KEYS[1], 0, waitLength - 1 - from)
  for i = #listed, 1, -1 do order[#order + 1] = listed[i] end
end
for _, id in ipairs(rcall('ZRANGE', KEYS[2], math.max(0, from - waitLength), -1)) do order[#order + 1] = id end

local worst, worstId, worstInList = 0, nil, false
for i, id in ipairs(order) do
  local position = from + i - 1
  local data = rcall('HGET', ARGV[1] .. id, 'data')
  local ok, job = pcall(cjson.decode, data or '')
  local deadline = ok and type(job) == 'table' and tonumber(job['deadlineAt'])
  -- Past its deadline the sweeper has failed (refunded) it, or is about to: no render can save it.
  if deadline and deadline > now then
    local late = now + pausedFor + position * interval + tonumber(ARGV[5]) - deadline
    if late > worst then worst, worstId, worstInList = late, id, position < waitLength end
  end
end
if not worstId then return nil end

if worstInList then rcall('LREM', KEYS[1], 1, worstId) else rcall('ZREM', KEYS[2], worstId) end
rcall('LPUSH', KEYS[3], worstId)
local jobKey = ARGV[1] .. worstId
rcall('SET', jobKey .. ':lock', ARGV[3], 'PX', ARGV[4])
rcall('XADD', KEYS[6], '*', 'event', 'active', 'jobId', worstId, 'prev', 'waiting')
rcall('HSET', jobKey, 'processedOn', now)
rcall('HINCRBY', jobKey, 'ats', 1)
if rcall('INCR', KEYS[7]) == 1 then rcall('PEXPIRE', KEYS[7], ARGV[7]) end
return worstId`;

/** Counts a start at the fallback in its window. KEYS: the window. ARGV: window ms. */
const CountScript = `if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end`;

export interface FallbackLaneOptions {
  /** The fallback whose budget the lane spends. */
  engine: ImageEngine;
  /** Its fleet pace as the fleet knows it now (configured, then learned); none for the studio engine (the local cap only). */
  pace: () => Pace | undefined;
  /** What a render needs before the deadline (IMAGE_RENDER_ALLOWANCE_MS). */
  renderAllowanceMs: number;
  /** The lock a claimed job starts with (the worker renews it). */
  lockMs: number;
  now?: () => number;
}

/**
 * The fallback's lane beside the primary's queue: generations still waiting that the primary's
 * pace would start too late for their deadline go to the fallback early, instead of when their turn
 * comes (or a 429 comes back), which in a long spike is past the deadline.
 *
 * Why this design: one queue stays the one truth the images service reads (places, ETAs,
 * failures, the sweeper), and the primary keeps taking jobs from its front at its own pace —
 * a claim neither counts in the primary's window nor takes a job the primary would start in time,
 * so the primary's start slots are never left idle. A worker with a free fallback slot claims
 * the job at the back that is furthest from its deadline, spending the fallback's own budget, a
 * window in Redis (the fleet's, like the queue's). The price: the claim reads BullMQ's keys (its
 * layout, pinned with the platform's bullmq-internals), weighs only the last TailScanned jobs,
 * and predicts a job's start from its place and the queue's pace alone (the primary's
 * concurrency, far above its pace in a spike, is left out). A claimed job counts in the queue's
 * global concurrency like any active one, so a claim is not made when the queue is at it.
 */
export class FallbackLane {
  readonly engine: ImageEngine;
  private readonly now: () => number;

  constructor(private readonly queue: Queue, private readonly redis: Redis, private readonly options: FallbackLaneOptions) {
    this.engine = options.engine;
    this.now = options.now ?? Date.now;
  }

  /** The fleet's starts at the fallback in the current window (and a 429's pause of it). */
  private get windowKey(): string {
    return `${busNamespace()}:generation:fallback-window:${this.engine}`;
  }

  private window(): { burst: number; windowMs: number } {
    const pace = this.options.pace();
    return pace ? { burst: pace.burst, windowMs: Math.ceil(pace.burst * pace.intervalMs * SafetyMargin) } : { burst: 0, windowMs: 1000 };
  }

  /** Claims the waiting job furthest from making its deadline at the primary, as active with `token`; undefined when none would miss it or the fallback has no budget now. */
  async claim(token: string): Promise<string | undefined> {
    const { keys } = this.queue;
    const { burst, windowMs } = this.window();
    const claimed = await this.redis.eval(
      ClaimScript, 7, keys.wait, keys.prioritized, keys.active, keys.meta, keys.limiter, keys.events, this.windowKey,
      `${this.queue.qualifiedName}:`, this.now(), token, this.options.lockMs, this.options.renderAllowanceMs, burst, windowMs, TailScanned,
    ) as string | null;
    return claimed ?? undefined;
  }

  /** A start at the fallback the lane did not claim (a generation sent there at pickup, after a 429, in an outage): it spends the same budget. */
  async count(): Promise<void> {
    if (this.options.pace()) await this.redis.eval(CountScript, 1, this.windowKey, this.window().windowMs);
  }

  /** The fallback answered 429: no claim for it for `ms` (its own retry-after; the primary's queue goes on). */
  async pause(ms: number): Promise<void> {
    await this.redis.set(this.windowKey, String(Number.MAX_SAFE_INTEGER), 'PX', Math.max(1, Math.round(ms)));
  }
}
