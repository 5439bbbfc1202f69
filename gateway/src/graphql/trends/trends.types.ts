import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { StyleOption, VotingTrend, WeeklyElection } from '@trendforge/contracts';
import { TrendFieldRules } from '../../rest/trends/trends.body.js';

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
  @Field() @IsString() @MaxLength(40) key: string;
  @Field() @IsString() @MaxLength(200) label: string;
  @Field() @IsString() @MaxLength(1000) description: string;
}

/** An admin's trend fields, checked like the REST bodies (TrendFieldRules); the trends service validates the rest. */
@InputType('TrendChangesInput')
export class TrendChangesInput {
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.name() name?: string;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.description() description?: string;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.prompt() prompt?: string;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.promptTemplate() promptTemplate?: string;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.category() category?: string;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.flag() premium?: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @TrendFieldRules.creditsRequired() creditsRequired?: number;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.flag() verified?: boolean;
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.flag() available?: boolean;
  @Field(() => [StyleOptionInput], { nullable: true })
  @IsOptional() @IsArray() @ArrayMaxSize(TrendFieldRules.styleOptionsMax) @ValidateNested({ each: true }) @Type(() => StyleOptionInput)
  styleOptions?: StyleOptionInput[];
  @Field(() => [String], { nullable: true }) @IsOptional() @TrendFieldRules.vibes() vibes?: string[];
  @Field({ nullable: true }) @IsOptional() @TrendFieldRules.flag() personalizationSupported?: boolean;
}

@InputType('NewTrendInput')
export class NewTrendInput extends TrendChangesInput {
  @Field() @TrendFieldRules.slug() slug: string;
  @Field() @TrendFieldRules.name() declare name: string;
  @Field() @TrendFieldRules.description() declare description: string;
  @Field() @TrendFieldRules.prompt() declare prompt: string;
  @Field() @TrendFieldRules.promptTemplate() declare promptTemplate: string;
  @Field() @TrendFieldRules.category() declare category: string;
}
