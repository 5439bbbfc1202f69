import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { CatalogueChangedEvent, votingWeekOf, type CatalogueChanged, type Trend } from '@trendforge/contracts';
import { Bus, eventSubject, NATS, type EventEnvelope } from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';

interface Kept {
  trend: Trend;
  storedAt: number;
  /** The voting week it was read in: the week's turn makes another trend free without a notice. */
  week: string;
}

/**
 * The trends a generation is accepted with, kept in this replica's memory so acceptance does not
 * ask the trends service each time. The price, premium flag and availability always come from
 * the trends service (never from the client); the trends service announces every change
 * (`catalogue.changed`, part `trends`) and each replica drops what it holds when it hears one, so
 * the next generation there honours it; a notice missed while NATS reconnects is covered by
 * dropping everything on reconnect and by TREND_CACHE_MAX_AGE_MS (10 s by default).
 */
@Injectable()
export class TrendCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(TrendCache.name);
  private readonly kept = new Map<string, Kept>();
  private readonly loading = new Map<string, Promise<Trend>>();
  /** Counts changes heard: a read that overlapped one keeps its answer out of the cache. */
  private changes = 0;
  private subscription?: Subscription;
  private stopped = false;

  constructor(
    private readonly bus: Bus,
    @Inject(NATS) private readonly nats: NatsConnection,
    @Inject(IMAGES_CONFIG) private readonly config: Pick<ImagesConfig, 'TREND_CACHE_MAX_AGE_MS'>,
  ) {}

  onApplicationBootstrap() {
    // Plain NATS, not a durable consumer: every replica must hear every notice.
    this.subscription = this.nats.subscribe(eventSubject(CatalogueChangedEvent), {
      callback: (error, message) => {
        if (error) return;
        try {
          const { part } = message.json<EventEnvelope<CatalogueChanged>>().payload;
          if (part === 'trends') this.clear();
        } catch {
          this.clear();
        }
      },
    });
    void this.watchReconnects();
  }

  onApplicationShutdown() {
    this.stopped = true;
    this.subscription?.unsubscribe();
  }

  /** The trend as the trends service last said, fetched once however many requests ask meanwhile. */
  async bySlug(slug: string): Promise<Trend> {
    const now = Date.now();
    const week = votingWeekOf(new Date(now));
    const kept = this.kept.get(slug);
    if (kept && kept.week === week && now - kept.storedAt < this.config.TREND_CACHE_MAX_AGE_MS) return kept.trend;
    let pending = this.loading.get(slug);
    if (!pending) {
      const changesBefore = this.changes;
      pending = this.bus.send('trends.bySlug', { slug }).then((trend) => {
        if (this.changes === changesBefore) this.kept.set(slug, { trend, storedAt: now, week });
        return trend;
      }).finally(() => this.loading.delete(slug));
      this.loading.set(slug, pending);
    }
    return pending;
  }

  /** Forgets every trend (a change was announced, or notices may have been missed). */
  clear() {
    this.changes += 1;
    this.kept.clear();
    // A read already under way may have started before the change: later callers ask again.
    this.loading.clear();
  }

  private async watchReconnects() {
    for await (const status of this.nats.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') {
        this.log.log('NATS reconnected: trends are read afresh');
        this.clear();
      }
    }
  }
}
