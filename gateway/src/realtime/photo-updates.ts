import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import type { Photo } from '@trendforge/contracts';
import { Bus, createRedis, photoUpdatesChannel } from '@trendforge/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const isFinal = (photo: Photo) => photo.status !== 'analyzing';

/**
 * A photo's analysis as traits-worker finishes it, relayed by every gateway instance from the
 * images service's Redis channel, so the screen that uploaded it hears the traits wherever it is
 * connected. Only the owner may follow a photo.
 */
@Injectable()
export class PhotoUpdates implements OnApplicationShutdown {
  private readonly log = new Logger(PhotoUpdates.name);
  private readonly pubsub: RedisPubSub;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, private readonly bus: Bus) {
    const [publisher, subscriber] = [createRedis(config.REDIS_URL), createRedis(config.REDIS_URL)];
    for (const redis of [publisher, subscriber]) redis.on('error', (error) => this.log.warn({ err: error }, 'photo updates connection'));
    this.pubsub = new RedisPubSub({ publisher, subscriber });
  }

  async onApplicationShutdown() {
    await this.pubsub.close();
  }

  /**
   * The owner's photo from now until its analysis ends: the current state first, then each change.
   * It listens before it reads, so an analysis finishing in between is not missed. Ending the
   * iteration early (an unsubscribing client, a REST wait that times out) stops listening at once.
   */
  follow(id: string, userId: string): AsyncIterableIterator<Photo> {
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

  private async *stream(id: string, userId: string, stop: AbortSignal): AsyncGenerator<Photo> {
    const pending: Photo[] = [];
    let wake: (() => void) | undefined;
    stop.addEventListener('abort', () => wake?.(), { once: true });
    const subscription = await this.pubsub.subscribe(photoUpdatesChannel(), (update: Photo) => {
      if (update.id !== id || update.userId !== userId) return;
      pending.push(update);
      wake?.();
    });
    try {
      pending.unshift(await this.bus.send('images.photo.get', { id, userId }));
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

  /** The photo once analysed (or failed), or its latest state when `waitMs` runs out. */
  async waitForAnalysis(id: string, userId: string, waitMs: number): Promise<Photo> {
    const updates = this.follow(id, userId);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), waitMs); });
    try {
      let latest: Photo | undefined;
      for (;;) {
        const next = await Promise.race([updates.next(), timedOut]);
        if (next === null) return latest ?? await this.bus.send('images.photo.get', { id, userId });
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
