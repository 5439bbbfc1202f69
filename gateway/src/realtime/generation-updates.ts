import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { generationEtaSeconds, type Generation, type GenerationQueueSnapshot } from '@trendforge/contracts';
import { Bus, createRedis, generationQueueChannel, generationUpdatesChannel } from '@trendforge/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const isFinal = (g: Generation) => g.status === 'completed' || g.status === 'failed';

/**
 * Generation progress from workers and the images service, relayed by every gateway instance:
 * each subscribes to the same Redis channels, so a client on any instance hears every update.
 * Members following a queued generation also get its place and ETA as the queue moves.
 */
@Injectable()
export class GenerationUpdates implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(GenerationUpdates.name);
  private readonly pubsub: RedisPubSub;
  /** The queue as last pushed, with each waiting generation's place. */
  private queue?: { snapshot: GenerationQueueSnapshot; places: Map<string, number> };
  private readonly queueFollowers = new Set<() => void>();

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, private readonly bus: Bus) {
    const [publisher, subscriber] = [createRedis(config.REDIS_URL), createRedis(config.REDIS_URL)];
    // Both reconnect (and resubscribe) by themselves after a Redis restart; say so instead of crashing.
    for (const redis of [publisher, subscriber]) redis.on('error', (error) => this.log.warn({ err: error }, 'generation updates connection'));
    this.pubsub = new RedisPubSub({ publisher, subscriber });
  }

  async onApplicationBootstrap() {
    await this.pubsub.subscribe(generationQueueChannel(), (snapshot: GenerationQueueSnapshot) => {
      this.queue = { snapshot, places: new Map(snapshot.waiting.map((id, place) => [id, place])) };
      for (const follower of this.queueFollowers) follower();
    }).catch((error: unknown) => this.log.error({ err: error }, 'queue positions not followed'));
  }

  async onApplicationShutdown() {
    await this.pubsub.close();
  }

  /** A queued generation with its place and ETA from the latest queue, or null when they did not change (or are unknown). */
  private moved(generation: Generation): Generation | null {
    const place = this.queue?.places.get(generation.id);
    if (!this.queue || place === undefined) return null;
    const etaSeconds = generationEtaSeconds(place, this.queue.snapshot);
    if (place === generation.position && etaSeconds === generation.etaSeconds) return null;
    return { ...generation, position: place, etaSeconds };
  }

  /**
   * The owner's generation from now until it ends: its current state first, then every update.
   * It listens before it reads, so nothing that happens in between is missed; a late listener
   * still sees the end. Another member's id fails with "not found". Ending the iteration early
   * (an unsubscribing client, a REST wait that times out) stops listening at once.
   */
  follow(id: string, userId: string): AsyncIterableIterator<Generation> {
    const stop = new AbortController();
    const updates = this.stream(id, userId, stop.signal);
    return {
      next: () => updates.next(),
      return: (value?: unknown) => {
        stop.abort();
        return updates.return(value as undefined);
      },
      throw: (error?: unknown) => updates.throw(error),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  private async *stream(id: string, userId: string, stop: AbortSignal): AsyncGenerator<Generation> {
    const pending: Generation[] = [];
    let yielded: Generation | undefined;
    let wake: (() => void) | undefined;
    stop.addEventListener('abort', () => wake?.(), { once: true });
    const subscription = await this.pubsub.subscribe(generationUpdatesChannel(), (update: Generation) => {
      if (update.id !== id) return;
      pending.push(update);
      wake?.();
    });
    // The queue moved: a still-queued generation gets its new place and ETA.
    const queueMoved = () => {
      const latest = pending.at(-1) ?? yielded;
      const moved = latest?.status === 'queued' ? this.moved(latest) : null;
      if (!moved) return;
      pending.push(moved);
      wake?.();
    };
    this.queueFollowers.add(queueMoved);
    try {
      pending.unshift(await this.bus.send('images.generation.get', { id, userId }));
      while (!stop.aborted) {
        while (pending.length) {
          const next = pending.shift()!;
          yielded = next;
          yield next;
          if (isFinal(next)) return;
        }
        await new Promise<void>((resolve) => { wake = resolve; });
      }
    } finally {
      this.queueFollowers.delete(queueMoved);
      this.pubsub.unsubscribe(subscription);
    }
  }

  /** The generation once completed or failed, or its latest state when `waitMs` runs out. */
  async waitForEnd(id: string, userId: string, waitMs: number): Promise<Generation> {
    const updates = this.follow(id, userId);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), waitMs); });
    try {
      let latest: Generation | undefined;
      for (;;) {
        const next = await Promise.race([updates.next(), timedOut]);
        if (next === null) return latest ?? await this.bus.send('images.generation.get', { id, userId });
        if (next.done) return latest!;
        latest = next.value;
        if (isFinal(latest)) return latest;
      }
    } finally {
      clearTimeout(timer);
      void updates.return?.();
    }
  }
}
