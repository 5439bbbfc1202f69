import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { StyleOption, VotingTrend, WeeklyElection } from '@trendforge/contracts';

@ObjectType('VotingTrend')
export class VotingTrendType implements VotingTrend {
  @Field() slug: string;
  @Field() name: string;
  @Field() description: string;
  @Field() category: string;
  @Field(() => Int) votes: number;
  @Field() voted: boolean;
  @Field() createdAt: string;
}

/** One style option; REST answers a map of key to option, GraphQL a list with the key inside. */
@ObjectType('StyleOption')
export class StyleOptionType implements StyleOption {
  @Field() key: string;
  @Field() label: string;
  @Field() description: string;
}

@ObjectType('TrendStyleOptions')
export class TrendStyleOptionsType {
  @Field(() => [StyleOptionType]) styleOptions: StyleOptionType[];
  @Field(() => [String]) vibes: string[];
  @Field() personalizationSupported: boolean;
}

@ObjectType('TrendFavorite')
export class TrendFavoriteType {
  @Field() slug: string;
  @Field() favorite: boolean;
}

@ObjectType('WeeklyElection')
export class WeeklyElectionType implements WeeklyElection {
  @Field() week: string;
  @Field(() => String, { nullable: true }) winner: string | null;
  @Field(() => Int) votes: number;
  @Field() decidedAt: string;
}

@InputType('StyleOptionInput')
export class StyleOptionInput {
  @Field() key: string;
  @Field() label: string;
  @Field() description: string;
}

/** An admin's trend fields; the trends service validates them. */
@InputType('TrendChangesInput')
export class TrendChangesInput {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) description?: string;
  @Field({ nullable: true }) prompt?: string;
  @Field({ nullable: true }) promptTemplate?: string;
  @Field({ nullable: true }) category?: string;
  @Field({ nullable: true }) premium?: boolean;
  @Field(() => Int, { nullable: true }) creditsRequired?: number;
  @Field({ nullable: true }) verified?: boolean;
  @Field({ nullable: true }) available?: boolean;
  @Field(() => [StyleOptionInput], { nullable: true }) styleOptions?: StyleOptionInput[];
  @Field(() => [String], { nullable: true }) vibes?: string[];
  @Field({ nullable: true }) personalizationSupported?: boolean;
}

@InputType('NewTrendInput')
export class NewTrendInput extends TrendChangesInput {
  @Field() slug: string;
  @Field() declare name: string;
  @Field() declare description: string;
  @Field() declare prompt: string;
  @Field() declare promptTemplate: string;
  @Field() declare category: string;
}
