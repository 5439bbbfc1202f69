import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { busNamespace, REDIS, sessionTokenDigest } from '@trendforge/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';

/** 32 random bytes in base64url: exactly 43 characters of A-Z a-z 0-9 - _. */
const TokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions in Redis (DESIGN.md section 2). The client holds an opaque random token;
 * Redis holds only its SHA-256, so a leaked Redis dump cannot be replayed as cookies. Every use
 * slides the expiry; deleting the record and announcing `session.ended` logs the session out on
 * every gateway instance at once.
 */
@Injectable()
export class Sessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(AUTH_CONFIG) private readonly config: Pick<AuthConfig, 'SESSION_TTL_SECONDS'>,
  ) {}

  static key(token: string): string {
    return `${busNamespace()}:session:${sessionTokenDigest(token)}`;
  }

  async create(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(Sessions.key(token), userId, 'EX', this.config.SESSION_TTL_SECONDS);
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
    return (await this.redis.del(Sessions.key(token))) > 0;
  }
}
