import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, isUuid, type GenerationCompletedEvent, type MessageRequest } from '@trendforge/contracts';
import { Handles, OnEvent } from '@trendforge/platform';
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
  ) {}

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
    return this.votes.vote(userId, slug);
  }

  @Handles('trends.unvote')
  unvote(@Payload() { userId, slug }: MessageRequest<'trends.unvote'>) {
    return this.votes.unvote(userId, slug);
  }

  @Handles('trends.preview')
  preview(@Payload() { slug, kind }: MessageRequest<'trends.preview'>) {
    return this.previews.ensure(slug, kind === 'example' ? 'example' : 'preview');
  }

  @Handles('trends.admin.create')
  create(@Payload() { actorId, trend }: MessageRequest<'trends.admin.create'>) {
    return this.trends.create(actorId, trend);
  }

  @Handles('trends.admin.update')
  update(@Payload() { actorId, slug, changes }: MessageRequest<'trends.admin.update'>) {
    return this.trends.update(actorId, slug, changes);
  }

  @Handles('trends.admin.setWeekly')
  setWeekly(@Payload() { actorId, slug }: MessageRequest<'trends.admin.setWeekly'>) {
    return this.trends.setWeekly(actorId, slug);
  }

  @Handles('trends.elections')
  electionHistory(@Payload() { limit }: MessageRequest<'trends.elections'>) {
    return this.elections.history(limit);
  }

  /** Creations are the images service's; trends only keeps the per-trend count. */
  @OnEvent(Events.generationCompleted)
  async generationCompleted({ generationId, trendSlug }: GenerationCompletedEvent) {
    if (!isUuid(generationId)) return;
    await this.trends.countGeneration(generationId, trendSlug);
  }
}
