import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { CatalogueChangedEvent, type CatalogueChanged, type CataloguePart } from '@trendforge/contracts';
import { hearEveryNotice, NATS } from '@trendforge/platform';
import { LRUCache } from 'lru-cache';
import type { KeptAnswer } from '../common/http-pipeline.js';

/**
 * The longest a replica may serve a part after it changed: the change notice normally arrives
 * within milliseconds; this bounds a notice lost while NATS reconnects, and the week's turn
 * (a new Board, a new Trend of the Week) that no one announces.
 */
export const CatalogueMaxAgeMs = 10_000;

/** A cached answer: the value for Nest's handlers; its JSON bytes, own headers (its content type) and strong ETag for the fast lane. */
export class CachedAnswer<T = unknown> implements KeptAnswer {
  readonly etag: string;
  readonly storedAt = Date.now();

  constructor(readonly value: T, readonly body: Buffer, readonly parts: readonly CataloguePart[], readonly headers: Readonly<Record<string, string>>) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  static json<T>(value: T, part: CataloguePart): CachedAnswer<T> {
    return new CachedAnswer(value, Buffer.from(JSON.stringify(value)), [part], { 'content-type': 'application/json; charset=utf-8' });
  }

  get fresh(): boolean {
    return Date.now() - this.storedAt < CatalogueMaxAgeMs;
  }
}

/** How many members' `voted` flags, and how many distinct public GraphQL documents, are kept. */
const MembersKept = 10_000;
const DocumentsKept = 500;

/**
 * The public catalogue in the gateway's memory: trends, a trend by slug, style options, elections,
 * the Board's counts and the waitlist count (keyed by their REST path's meaning), the answers of
 * public GraphQL queries, and each member's own `voted` flags kept apart from the shared Board.
 * Every replica listens to `catalogue.changed` on NATS and drops the part that changed; the
 * replica that made a change drops it at once (`changed`), so its reader sees the change next.
 */
@Injectable()
export class Catalogue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly reads = new Map<string, CachedAnswer>();
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private readonly responses = new LRUCache<string, CachedAnswer>({ max: DocumentsKept });
  private readonly voted = new LRUCache<string, { slugs: ReadonlySet<string>; storedAt: number }>({ max: MembersKept });
  /** Counts changes: a load that saw a change while it ran keeps its answer out of the cache. */
  private changes = 0;
  private stopListening?: () => void;

  constructor(@Inject(NATS) private readonly nats: NatsConnection) {}

  onApplicationBootstrap() {
    // A notice missed while away is covered by dropping everything then, and by CatalogueMaxAgeMs.
    this.stopListening = hearEveryNotice(this.nats, CatalogueChangedEvent, (change) => this.changed(change), () => this.clear());
  }

  onApplicationShutdown() {
    this.stopListening?.();
  }

  /** A fresh cached answer, synchronously (the fast lane's path). */
  peek(key: string): CachedAnswer | undefined {
    const answer = this.reads.get(key);
    return answer?.fresh ? answer : undefined;
  }

  /** The cached answer of `key`, loading it once however many readers ask meanwhile. */
  async read<T>(key: string, part: CataloguePart, load: () => Promise<T>): Promise<CachedAnswer<T>> {
    const cached = this.peek(key);
    if (cached) return cached as CachedAnswer<T>;
    let pending = this.loading.get(key);
    if (!pending) {
      const changesBefore = this.changes;
      pending = load().then((value) => {
        const answer = CachedAnswer.json(value, part);
        if (this.changes === changesBefore) this.reads.set(key, answer);
        return answer;
      }).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending as Promise<CachedAnswer<T>>;
  }

  /** A public GraphQL answer stored by the fast lane, if fresh. */
  peekResponse(key: string): CachedAnswer | undefined {
    const answer = this.responses.get(key);
    return answer?.fresh ? answer : undefined;
  }

  /** Marks the start of a response's production; `storeResponse` keeps it only if nothing changed since. */
  get changeCount(): number {
    return this.changes;
  }

  storeResponse(key: string, answer: CachedAnswer, changesBefore: number) {
    if (this.changes === changesBefore) this.responses.set(key, answer);
  }

  /** The Board slugs a member voted for this week, loaded once per member until their votes change. */
  async votedBy(userId: string, load: () => Promise<string[]>): Promise<ReadonlySet<string>> {
    const kept = this.voted.get(userId);
    if (kept && Date.now() - kept.storedAt < CatalogueMaxAgeMs) return kept.slugs;
    const changesBefore = this.changes;
    const slugs = new Set(await load());
    if (this.changes === changesBefore) this.voted.set(userId, { slugs, storedAt: Date.now() });
    return slugs;
  }

  /** Drops what a change made stale, here; other replicas hear it from the owning service. */
  changed({ part, userId }: CatalogueChanged) {
    this.changes += 1;
    if (userId) this.voted.delete(userId);
    for (const store of [this.reads, this.responses]) {
      for (const [key, answer] of store) if (answer.parts.includes(part)) store.delete(key);
    }
  }

  clear() {
    this.changes += 1;
    this.reads.clear();
    this.responses.clear();
    this.voted.clear();
  }
}
