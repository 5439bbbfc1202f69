import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { SessionSummary } from '@trendforge/contracts';
import { busNamespace, REDIS, sessionTokenDigest } from '@trendforge/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';

/** 32 random bytes in base64url: exactly 43 characters of A-Z a-z 0-9 - _. */
const TokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** What a member sees of one of their sessions; kept beside it in their index. */
interface SessionFacts {
  createdAt: string;
  device: string;
}

/** A short, stable handle for a session in lists: never the token, nor the digest other messages name it by. */
const publicId = (digest: string) => createHash('sha256').update(`session-id:${digest}`).digest('hex').slice(0, 16);

/**
 * Server-side sessions in Redis (DESIGN.md section 2). The client holds an opaque random token;
 * Redis holds only its SHA-256, so a leaked Redis dump cannot be replayed as cookies. Every use
 * slides the expiry; deleting the record and announcing `session.ended` logs the session out on
 * every gateway instance at once. Each member's sessions are also indexed (a hash by digest) so
 * they can list them and end all the others.
 */
@Injectable()
export class Sessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_CONFIG) private readonly config: Pick<AuthConfig, 'SESSION_TTL_SECONDS'>,
  ) {}

  static key(token: string): string {
    return Sessions.keyOfDigest(sessionTokenDigest(token));
  }

  private static keyOfDigest(digest: string): string {
    return `${busNamespace()}:session:${digest}`;
  }

  private static indexKey(userId: string): string {
    return `${busNamespace()}:member-sessions:${userId}`;
  }

  async create(userId: string, device = ''): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const facts: SessionFacts = { createdAt: new Date().toISOString(), device: device.slice(0, 200) };
    const index = Sessions.indexKey(userId);
    await this.redis.multi()
      .set(Sessions.key(token), userId, 'EX', this.config.SESSION_TTL_SECONDS)
      .hset(index, sessionTokenDigest(token), JSON.stringify(facts))
      .expire(index, this.config.SESSION_TTL_SECONDS)
      .exec();
    return token;
  }

  /** The session's user id, pushing its expiry forward; null when unknown, expired or malformed. */
  async resolve(token: unknown): Promise<string | null> {
    if (typeof token !== 'string' || !TokenPattern.test(token)) return null;
    return this.redis.getex(Sessions.key(token), 'EX', this.config.SESSION_TTL_SECONDS);
  }

  /** Deletes the session; answers whether there was one to delete. */
  async destroy(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !TokenPattern.test(token)) return false;
    const userId = await this.redis.getdel(Sessions.key(token));
    if (userId) await this.redis.hdel(Sessions.indexKey(userId), sessionTokenDigest(token));
    return userId !== null;
  }

  /** The member's live sessions, newest first (expired ones are dropped from the index on the way). */
  async list(userId: string, currentToken: string): Promise<SessionSummary[]> {
    const index = Sessions.indexKey(userId);
    const entries = Object.entries(await this.redis.hgetall(index));
    if (entries.length === 0) return [];
    const owners = await this.redis.mget(entries.map(([digest]) => Sessions.keyOfDigest(digest)));
    const current = sessionTokenDigest(currentToken);
    const live: SessionSummary[] = [];
    const gone: string[] = [];
    entries.forEach(([digest, text], i) => {
      if (owners[i] !== userId) return void gone.push(digest);
      const facts = JSON.parse(text) as SessionFacts;
      live.push({ id: publicId(digest), createdAt: facts.createdAt, device: facts.device, current: digest === current });
    });
    if (gone.length > 0) await this.redis.hdel(index, ...gone);
    return live.sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));
  }

  /** Ends every session of the member but `keepToken`'s; answers the digests it ended. */
  async destroyOthers(userId: string, keepToken: string): Promise<string[]> {
    const index = Sessions.indexKey(userId);
    const keep = sessionTokenDigest(keepToken);
    const others = (await this.redis.hkeys(index)).filter((digest) => digest !== keep);
    if (others.length === 0) return [];
    const results = await this.redis.multi()
      .del(...others.map((digest) => Sessions.keyOfDigest(digest)))
      .hdel(index, ...others)
      .exec();
    if (!results || results.some(([error]) => error)) throw new Error('sessions not ended');
    return others;
  }
}
