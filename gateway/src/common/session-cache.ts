import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { SessionEndedEvent } from '@trendforge/contracts';
import { hearEveryNotice, NATS, sessionTokenDigest } from '@trendforge/platform';
import { LRUCache } from 'lru-cache';

/**
 * How long a replica trusts a session it checked with auth. A logout reaches every replica within
 * milliseconds (session.ended); this bounds a notice lost while NATS reconnects (all is dropped on
 * reconnect too), and is how often an active session's sliding expiry is pushed.
 */
export const SessionCacheMs = 5_000;
const SessionsKept = 50_000;

/**
 * The sessions this gateway replica checked lately, by token digest: a signed-in member's
 * requests skip the round trip to auth for SessionCacheMs. Only live sessions are kept (an
 * unknown token is asked about every time), and a check that raced with a logout is not kept.
 */
@Injectable()
export class SessionCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sessions = new LRUCache<string, { userId: string; until: number }>({ max: SessionsKept });
  /** Checks under way, by token digest: a session's requests that arrive together ask auth once. */
  private readonly checking = new Map<string, Promise<{ userId: string } | null>>();
  /** Counts ends heard: a check that saw one while it ran is not kept. */
  private ends = 0;
  private stopListening?: () => void;
  private readonly endListeners: Array<{ ended: (tokenDigest: string) => void; lost: () => void }> = [];

  constructor(@Inject(NATS) private readonly nats: NatsConnection) {}

  onApplicationBootstrap() {
    // Every replica must hear every logout; one missed while away is covered by forgetting everything then.
    this.stopListening = hearEveryNotice(this.nats, SessionEndedEvent, ({ tokenDigest }) => this.ended(tokenDigest), () => this.clear());
  }

  onApplicationShutdown() {
    this.stopListening?.();
  }

  /** The session's member, from this replica's memory or else from `check` (auth). */
  async resolve(token: string, check: () => Promise<{ userId: string } | null>): Promise<{ userId: string } | null> {
    const digest = sessionTokenDigest(token);
    const kept = this.sessions.get(digest);
    if (kept && kept.until > Date.now()) return { userId: kept.userId };
    let checked = this.checking.get(digest);
    if (!checked) {
      checked = this.check(digest, check).finally(() => this.checking.delete(digest));
      this.checking.set(digest, checked);
    }
    return checked;
  }

  /** A session auth just opened (registration, login): its first requests need not ask auth again. */
  started(token: string, userId: string) {
    this.sessions.set(sessionTokenDigest(token), { userId, until: Date.now() + SessionCacheMs });
  }

  private async check(digest: string, check: () => Promise<{ userId: string } | null>) {
    const endsBefore = this.ends;
    const session = await check();
    if (!session) this.sessions.delete(digest);
    else if (this.ends === endsBefore) this.sessions.set(digest, { userId: session.userId, until: Date.now() + SessionCacheMs });
    return session;
  }

  /** Also tells `ended` of every session end heard, and `lost` when ends may have been missed (the sockets follow them). */
  whenEnded(ended: (tokenDigest: string) => void, lost: () => void) {
    this.endListeners.push({ ended, lost });
  }

  /** A logout: here at once, on other replicas through session.ended. */
  ended(tokenDigest: string) {
    this.ends += 1;
    this.sessions.delete(tokenDigest);
    for (const listener of this.endListeners) listener.ended(tokenDigest);
  }

  endedToken(token: string) {
    this.ended(sessionTokenDigest(token));
  }

  private clear() {
    this.ends += 1;
    this.sessions.clear();
    for (const listener of this.endListeners) listener.lost();
  }
}
