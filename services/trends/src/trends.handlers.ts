import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, isUuid, type CataloguePart, type GenerationCompletedEvent, type MessageRequest } from '@trendforge/contracts';
import { announceCatalogueChange, Bus, Handles, OnEvent } from '@trendforge/platform';
import { ElectionService } from './election.service.js';
import { FavoritesService } from './favorites.service.js';
import { PreviewsService } from './previews.service.js';
import { TrendsService } from './trends.service.js';
import { VotesService } from './votes.service.js';

@Controller()
export class TrendsHandlers {
  constructor(
    private readonly trends: TrendsService,
    private readonly favorites: FavoritesService,
    private readonly votes: VotesService,
    private readonly elections: ElectionService,
    private readonly previews: PreviewsService,
    private readonly bus: Bus,
  ) {}

  /** Runs a change and, once it is stored, tells the gateways which cached part it touched. */
  private async announcing<T>(change: Promise<T>, part: CataloguePart, userId?: string): Promise<T> {
    const result = await change;
    await announceCatalogueChange(this.bus, { part, ...(userId ? { userId } : {}) });
    return result;
  }

  @Handles('trends.list')
  list() {
    return this.trends.list();
  }

  @Handles('trends.bySlug')
  bySlug(@Payload() { slug }: MessageRequest<'trends.bySlug'>) {
    return this.trends.bySlug(slug);
  }

  @Handles('trends.styleOptions')
  styleOptions(@Payload() { slug }: MessageRequest<'trends.styleOptions'>) {
    return this.trends.styleOptions(slug);
  }

  @Handles('trends.favorites')
  favoriteSlugs(@Payload() { userId }: MessageRequest<'trends.favorites'>) {
    return this.favorites.slugs(userId);
  }

  @Handles('trends.favoriteTrends')
  favoriteTrends(@Payload() { userId }: MessageRequest<'trends.favoriteTrends'>) {
    return this.favorites.trendsOf(userId);
  }

  @Handles('trends.favorite.add')
  addFavorite(@Payload() { userId, slug }: MessageRequest<'trends.favorite.add'>) {
    return this.favorites.add(userId, slug);
  }

  @Handles('trends.favorite.remove')
  removeFavorite(@Payload() { userId, slug }: MessageRequest<'trends.favorite.remove'>) {
    return this.favorites.remove(userId, slug);
  }

  @Handles('trends.voting')
  voting(@Payload() { userId }: MessageRequest<'trends.voting'>) {
    return this.votes.board(userId);
  }

  @Handles('trends.vote')
  vote(@Payload() { userId, slug }: MessageRequest<'trends.vote'>) {
    return this.announcing(this.votes.vote(userId, slug), 'voting', userId);
  }

  @Handles('trends.unvote')
  unvote(@Payload() { userId, slug }: MessageRequest<'trends.unvote'>) {
    return this.announcing(this.votes.unvote(userId, slug), 'voting', userId);
  }

  @Handles('trends.preview')
  preview(@Payload() { slug, kind }: MessageRequest<'trends.preview'>) {
    return this.previews.ensure(slug, kind === 'example' ? 'example' : 'preview');
  }

  @Handles('trends.admin.create')
  create(@Payload() { actorId, trend }: MessageRequest<'trends.admin.create'>) {
    return this.announcing(this.trends.create(actorId, trend), 'trends');
  }

  @Handles('trends.admin.update')
  update(@Payload() { actorId, slug, changes }: MessageRequest<'trends.admin.update'>) {
    return this.announcing(this.trends.update(actorId, slug, changes), 'trends');
  }

  @Handles('trends.admin.setWeekly')
  setWeekly(@Payload() { actorId, slug }: MessageRequest<'trends.admin.setWeekly'>) {
    return this.announcing(this.trends.setWeekly(actorId, slug), 'trends');
  }

  @Handles('trends.admin.audit')
  async recordAudit(@Payload() { actorId, action, subject }: MessageRequest<'trends.admin.audit'>) {
    await this.trends.recordAdminAction(actorId, action, subject);
    return { recorded: true as const };
  }

  @Handles('trends.elections')
  electionHistory(@Payload() { limit }: MessageRequest<'trends.elections'>) {
    return this.elections.history(limit);
  }

  @Handles('trends.admin.electionResults')
  electionResults(@Payload() { limit }: MessageRequest<'trends.admin.electionResults'>) {
    return this.elections.results(limit);
  }

  /** Creations are the images service's; trends only keeps the per-trend count. */
  @OnEvent(Events.generationCompleted)
  async generationCompleted({ generationId, trendSlug }: GenerationCompletedEvent) {
    if (!isUuid(generationId)) return;
    await this.announcing(this.trends.countGeneration(generationId, trendSlug), 'trends');
  }
}
