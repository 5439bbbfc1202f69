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
  readonly pubsub: RedisPubSub;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, private readonly bus: Bus) {
    this.pubsub = new RedisPubSub({
      publisher: createRedis(config.REDIS_URL),
      subscriber: createRedis(config.REDIS_URL),
    });
  }

  async onApplicationShutdown() {
    await this.pubsub.close();
  }

  /** Every update on this stack's channel (the GraphQL subscription filters by id and owner). */
  iterator(): AsyncIterableIterator<Generation> {
    return this.pubsub.asyncIterableIterator<Generation>(generationUpdatesChannel());
  }

  /**
   * Resolves with the generation once it is completed or failed, or with its latest state when
   * `waitMs` runs out. Subscribes before reading the state, so no update falls in between.
   */
  async waitForEnd(id: string, userId: string, waitMs: number): Promise<Generation> {
    let onFinal!: (g: Generation) => void;
    const final = new Promise<Generation>((resolve) => { onFinal = resolve; });
    const subscription = await this.pubsub.subscribe(generationUpdatesChannel(), (update: Generation) => {
      if (update.id === id && isFinal(update)) onFinal(update);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const current = await this.bus.send('images.generation.get', { id, userId });
      if (isFinal(current)) return current;
      const timedOut = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), waitMs); });
      return (await Promise.race([final, timedOut])) ?? await this.bus.send('images.generation.get', { id, userId });
    } finally {
      clearTimeout(timer);
      this.pubsub.unsubscribe(subscription);
    }
  }
}
