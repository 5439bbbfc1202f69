import { UseGuards } from '@nestjs/common';
import { Args, ID, Query, Resolver, Subscription } from '@nestjs/graphql';
import { toPhotoView, type Photo, type PhotoView } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { PhotoUpdates } from '../../realtime/photo-updates.js';
import { PhotoType } from '../types.js';

/** Photos are uploaded over REST (POST /api/photos, multipart); their analysis is read and followed here. */
@Resolver(() => PhotoType)
@UseGuards(MemberGuard)
export class PhotosResolver {
  constructor(private readonly bus: Bus, private readonly updates: PhotoUpdates) {}

  @Query(() => PhotoType)
  async photo(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string): Promise<PhotoView> {
    return toPhotoView(await this.bus.send('images.photo.get', { id, userId: caller.userId }));
  }

  /** The current state first, then each change until the traits are in (done) or the analysis failed. Owner only. */
  @Subscription(() => PhotoType, { resolve: (update: Photo) => toPhotoView(update) })
  photoUpdated(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string) {
    return this.updates.follow(id, caller.userId);
  }
}
