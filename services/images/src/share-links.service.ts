import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, ShareTokenPattern, type ShareLink, type SharedCreation } from '@trendforge/contracts';
import { Bus, fail } from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import { sharePreviewKey, toCreation } from './creations.service.js';
import type { ShareLinkEntity } from './entities.js';
import { CreationRepository, GenerationRepository, ShareLinkRepository } from './repositories/index.js';

export const ShareMessages = {
  notFound: 'Share link not found',
  noLink: 'This image has no share link',
  tooMany: 'You have created too many share links. Please try again in an hour.',
} as const;

/** 32 random bytes (256 bits), base64url: 43 characters no one can guess. */
const newToken = () => randomBytes(32).toString('base64url');

const toShareLink = (link: ShareLinkEntity): ShareLink => ({ token: link.token, creationId: link.creationId, createdAt: link.createdAt.toISOString() });

/**
 * Public links to single creations. Only the owner makes, reads and revokes a creation's link
 * (another member's creation is "not found"); one active link per creation, so making it again
 * answers the same link. Anyone holding an active token sees the creation; a revoked one is gone.
 */
@Injectable()
export class ShareLinksService {
  constructor(
    private readonly links: ShareLinkRepository,
    private readonly creations: CreationRepository,
    private readonly generations: GenerationRepository,
    private readonly bus: Bus,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
  ) {}

  /**
   * The active link, or a new one. One member's requests take turns (ShareLinkRepository.activeOrNew),
   * so concurrent requests get one link and the hourly limit counts exactly.
   */
  async create(creationId: string, userId: string): Promise<ShareLink> {
    await this.owned(creationId, userId);
    const link = await this.links.activeOrNew(creationId, userId, newToken(), this.config.SHARE_LINKS_PER_HOUR);
    if (!link) fail(ErrorCode.RateLimited, ShareMessages.tooMany);
    return toShareLink(link);
  }

  async get(creationId: string, userId: string): Promise<ShareLink> {
    await this.owned(creationId, userId);
    const active = await this.links.active(creationId, userId);
    if (!active) fail(ErrorCode.NotFound, ShareMessages.noLink);
    return toShareLink(active);
  }

  async revoke(creationId: string, userId: string): Promise<{ revoked: true }> {
    await this.owned(creationId, userId);
    await this.links.revoke(creationId, userId);
    return { revoked: true };
  }

  /** The creation behind an active token, with its trend's name (kept with the generation; else the trend's own). */
  async resolve(token: string): Promise<SharedCreation> {
    if (typeof token !== 'string' || !ShareTokenPattern.test(token)) fail(ErrorCode.NotFound, ShareMessages.notFound);
    const link = await this.links.activeByToken(token);
    const creation = link && await this.creations.byId(link.creationId);
    if (!link || !creation) fail(ErrorCode.NotFound, ShareMessages.notFound);
    const generation = await this.generations.byId(creation.id);
    const trendName = generation?.trendName
      ?? await this.bus.send('trends.bySlug', { slug: creation.trendSlug }).then((trend) => trend.name, () => creation.trendSlug);
    return { token, creation: toCreation(creation), trendName, previewKey: sharePreviewKey(creation.userId, creation.id) };
  }

  private async owned(creationId: string, userId: string): Promise<void> {
    if (!await this.creations.isOwned(creationId, userId)) fail(ErrorCode.NotFound, 'Image Not Found');
  }
}
