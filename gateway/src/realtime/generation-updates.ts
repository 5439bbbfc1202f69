import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import type { Generation } from '@trendforge/contracts';
import { Bus, createRedis, generationUpdatesChannel } from '@trendforge/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const isFinal = (g: Generation) => g.status === 'completed' || g.status === 'failed';

/**
 * Generation progress from workers and the images service, relayed by every gateway instance:
 * each subscribes to the same Redis channel, so a client on any instance hears every update.
 */
@Injectable()
export class GenerationUpdates implements OnApplicationShutdown {
  private readonly pubsub: RedisPubSub;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, private readonly bus: Bus) {
    this.pubsub = new RedisPubSub({
      publisher: createRedis(config.REDIS_URL),
      subscriber: createRedis(config.REDIS_URL),
    });
  }

  async onApplicationShutdown() {
    await this.pubsub.close();
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
    let wake: (() => void) | undefined;
    stop.addEventListener('abort', () => wake?.(), { once: true });
    const subscription = await this.pubsub.subscribe(generationUpdatesChannel(), (update: Generation) => {
      if (update.id !== id) return;
      pending.push(update);
      wake?.();
    });
    try {
      pending.unshift(await this.bus.send('images.generation.get', { id, userId }));
      while (!stop.aborted) {
        while (pending.length) {
          const next = pending.shift()!;
          yield next;
          if (isFinal(next)) return;
        }
        await new Promise<void>((resolve) => { wake = resolve; });
      }
    } finally {
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
