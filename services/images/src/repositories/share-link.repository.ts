import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { ShareLinkEntity } from '../entities.js';

const HourMs = 3_600_000;

/** Public links to creations; at most one active (not revoked) per creation. */
@Injectable()
export class ShareLinkRepository {
  constructor(@InjectRepository(ShareLinkEntity) private readonly links: Repository<ShareLinkEntity>) {}

  /**
   * The creation's active link, or a new one with `token` unless the member made `perHour` links
   * in the last hour (null). One member's calls take turns (a transaction-scoped advisory lock), so
   * concurrent calls get one link and the hourly count is exact.
   */
  activeOrNew(creationId: string, userId: string, token: string, perHour: number): Promise<ShareLinkEntity | null> {
    return this.links.manager.transaction(async (tx) => {
      // TypeORM has no advisory locks: the one hand-written statement here.
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`images.share:${userId}`]);
      const active = await tx.findOneBy(ShareLinkEntity, { creationId, userId, revokedAt: IsNull() });
      if (active) return active;
      const lastHour = await tx.countBy(ShareLinkEntity, { userId, createdAt: MoreThan(new Date(Date.now() - HourMs)) });
      if (lastHour >= perHour) return null;
      return tx.save(tx.create(ShareLinkEntity, { token, creationId, userId, revokedAt: null }));
    });
  }

  /** The member's active link to the creation. */
  active(creationId: string, userId: string): Promise<ShareLinkEntity | null> {
    return this.links.findOneBy({ creationId, userId, revokedAt: IsNull() });
  }

  /** The active link a token names. */
  activeByToken(token: string): Promise<ShareLinkEntity | null> {
    return this.links.findOneBy({ token, revokedAt: IsNull() });
  }

  /** Revokes the creation's active link, if it has one. */
  async revoke(creationId: string, userId: string): Promise<void> {
    await this.links.update({ creationId, userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
