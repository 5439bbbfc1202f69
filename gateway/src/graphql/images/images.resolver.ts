import { UseGuards } from '@nestjs/common';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Bus } from '@trendforge/platform';
import type { ImageView } from '@trendforge/contracts';
import { toImageView } from '../../clients/views.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ImageType } from '../types.js';

@Resolver(() => ImageType)
@UseGuards(MemberGuard)
export class ImagesResolver {
  constructor(private readonly bus: Bus) {}

  @Query(() => [ImageType])
  async images(@CurrentCaller() caller: Caller, @Args('limit', { type: () => Int, nullable: true }) limit?: number): Promise<ImageView[]> {
    return (await this.bus.send('images.list', { userId: caller.userId, limit })).map(toImageView);
  }

  @Query(() => ImageType)
  async image(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @Mutation(() => ImageType)
  async toggleImageFavorite(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.favorite', { id, userId: caller.userId }));
  }

  @Mutation(() => Boolean)
  async deleteImage(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string): Promise<boolean> {
    await this.bus.send('images.delete', { id, userId: caller.userId });
    return true;
  }
}
