import { ImageId } from '../../common/uuid-param.js';
import { UseGuards } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Bus } from '@trendforge/platform';
import type { ImagePageView, ImageView } from '@trendforge/contracts';
import { toImageView } from '../../clients/views.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ImageType } from '../types.js';
import { ImagePageType } from './images.types.js';

@Resolver(() => ImageType)
@UseGuards(MemberGuard)
export class ImagesResolver {
  constructor(private readonly bus: Bus) {}

  @Query(() => [ImageType])
  async images(@CurrentCaller() caller: Caller, @Args('limit', { type: () => Int, nullable: true }) limit?: number): Promise<ImageView[]> {
    return (await this.bus.send('images.list', { userId: caller.userId, limit })).map(toImageView);
  }

  /** The gallery a page at a time (the same use case as GET /api/images/page); the images service checks the arguments. */
  @Query(() => ImagePageType)
  async imagesPage(
    @CurrentCaller() caller: Caller,
    @Args('first', { type: () => Int, nullable: true }) first?: number,
    @Args('after', { type: () => String, nullable: true }) after?: string,
    @Args('trendId', { type: () => String, nullable: true }) trendId?: string,
    @Args('favoritesOnly', { type: () => Boolean, nullable: true }) favoritesOnly?: boolean,
    @Args('from', { type: () => String, nullable: true, description: 'YYYY-MM-DD (UTC), inclusive.' }) from?: string,
    @Args('to', { type: () => String, nullable: true, description: 'YYYY-MM-DD (UTC), inclusive.' }) to?: string,
  ): Promise<ImagePageView> {
    const page = await this.bus.send('images.page', {
      userId: caller.userId, limit: first ?? undefined, cursor: after ?? undefined, trendId: trendId ?? undefined,
      favoritesOnly: favoritesOnly ?? false, from: from ?? undefined, to: to ?? undefined,
    });
    return { items: page.items.map(toImageView), nextCursor: page.nextCursor };
  }

  @Query(() => ImageType)
  async image(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }, ImageId) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @Mutation(() => ImageType)
  async toggleImageFavorite(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }, ImageId) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.favorite', { id, userId: caller.userId }));
  }

  @Mutation(() => Boolean)
  async deleteImage(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }, ImageId) id: string): Promise<boolean> {
    await this.bus.send('images.delete', { id, userId: caller.userId });
    return true;
  }
}
