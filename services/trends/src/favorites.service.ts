import { Injectable } from '@nestjs/common';
import type { Trend } from '@trendforge/contracts';
import { MemberRoles } from './member-roles.js';
import { FavoriteRepository } from './repositories/index.js';
import { TrendsService } from './trends.service.js';

/** Favourite trends: saved by pro and pro_unlimited members only (spec part 2 section 6). */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly favorites: FavoriteRepository,
    private readonly trends: TrendsService,
    private readonly roles: MemberRoles,
  ) {}

  /** The slugs a member saved, in the order they were saved. */
  slugs(userId: string): Promise<string[]> {
    return this.favorites.slugsOf(userId);
  }

  async trendsOf(userId: string): Promise<Trend[]> {
    await this.roles.requireFavorites(userId);
    return this.trends.favoritesOf(userId);
  }

  async add(userId: string, slug: string) {
    const trend = await this.trends.entityBySlug(slug);
    await this.roles.requireFavorites(userId);
    await this.favorites.add(userId, trend.id);
    return { slug: trend.slug, favorite: true };
  }

  async remove(userId: string, slug: string) {
    const trend = await this.trends.entityBySlug(slug);
    await this.roles.requireFavorites(userId);
    await this.favorites.remove(userId, trend.id);
    return { slug: trend.slug, favorite: false };
  }
}
