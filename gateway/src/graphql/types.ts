import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { GenerationView, ImageView, PhotoView, Role, Trend, User } from '@trendforge/contracts';

/** GraphQL shapes of what REST returns; `implements` keeps each in step with its contracts type. */

@ObjectType('User')
export class UserType implements User {
  @Field(() => ID) id: string;
  @Field() username: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) avatar: string | null;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => String) role: Role;
  @Field(() => Int) credits: number;
  @Field(() => Int) monthlyUsage: number;
  @Field() emailNotifications: boolean;
  @Field() highQualityGeneration: boolean;
  @Field() hasOnboarded: boolean;
  @Field(() => [String]) favoriteTrends: string[];
}

@ObjectType('Trend')
export class TrendType implements Trend {
  @Field(() => ID) id: string;
  @Field() slug: string;
  @Field() name: string;
  @Field() description: string;
  @Field() prompt: string;
  @Field() promptTemplate: string;
  @Field() category: string;
  @Field() isWeeklyTrend: boolean;
  @Field() premium: boolean;
  @Field(() => Int) creditsRequired: number;
  @Field() verified: boolean;
  @Field() available: boolean;
  @Field() preview: string;
  @Field() previewImage: string;
  @Field() image: string;
  @Field(() => Int) generations: number;
}

@ObjectType('Image')
export class ImageType implements ImageView {
  @Field(() => ID) id: string;
  @Field() prompt: string;
  @Field() trendId: string;
  @Field() generatedImage: string;
  @Field() thumbnail: string;
  @Field(() => String, { nullable: true }) originalImage: string | null;
  @Field() caption: string;
  @Field() engine: string;
  @Field() isFavorite: boolean;
  @Field() createdAt: string;
}

@ObjectType('Generation')
export class GenerationType implements GenerationView {
  @Field(() => ID) id: string;
  @Field(() => String) status: GenerationView['status'];
  @Field(() => Int) progress: number;
  @Field(() => Int, { nullable: true }) position: number | null;
  @Field(() => Int, { nullable: true, description: 'While queued: about how many seconds until the image is ready.' }) etaSeconds: number | null;
  @Field(() => String, { nullable: true }) failureReason: string | null;
  @Field() trendSlug: string;
  @Field() prompt: string;
  @Field(() => String, { nullable: true }) caption: string | null;
  @Field(() => String, { nullable: true }) engine: string | null;
  @Field(() => String, { nullable: true }) imageUrl: string | null;
  @Field(() => String, { nullable: true }) thumbnailUrl: string | null;
  @Field(() => String, { nullable: true, description: 'While it renders: the picture forming (owner only); a new URL with each new one.' }) previewUrl: string | null;
  @Field() createdAt: string;
}

@ObjectType('Photo', { description: "A member's creation photo and the traits traits-worker read from it." })
export class PhotoType implements PhotoView {
  @Field(() => ID) id: string;
  @Field({ description: 'Owner-only URL of the stored photo.' }) url: string;
  @Field(() => String, { description: 'analyzing, done or failed' }) status: PhotoView['status'];
  @Field(() => [String]) traits: string[];
  @Field(() => Int, { nullable: true }) faces: number | null;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field(() => String, { nullable: true }) failureReason: string | null;
  @Field() createdAt: string;
}
