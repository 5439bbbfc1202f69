import { Field, ObjectType } from '@nestjs/graphql';
import type { ImagePageView } from '@trendforge/contracts';
import { ImageType } from '../types.js';

@ObjectType('ImagePage', { description: 'A page of the gallery, newest first; pass nextCursor as `after` for the next one.' })
export class ImagePageType implements ImagePageView {
  @Field(() => [ImageType]) items: ImageType[];
  @Field(() => String, { nullable: true, description: 'Null on the last page.' }) nextCursor: string | null;
}
