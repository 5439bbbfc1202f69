import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength,
} from 'class-validator';
import type { StyleOption, TrendInput } from '@trendforge/contracts';

const text = (max: number) => applyDecorators(IsString(), MinLength(1), MaxLength(max));

/**
 * The gateway's checks on an admin's trend fields, one definition for the REST bodies below and
 * the GraphQL inputs (graphql/trends/trends.types.ts); the trends service validates the rest.
 */
export const TrendFieldRules = {
  slug: () => applyDecorators(IsString(), Matches(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { message: 'A slug is 1-64 lowercase letters, digits or dashes' })),
  name: () => text(80),
  description: () => text(500),
  prompt: () => text(1000),
  promptTemplate: () => applyDecorators(IsString(), Matches(/\{subject\}/, { message: 'promptTemplate must contain {subject}' }), MaxLength(1000)),
  category: () => text(40),
  flag: () => IsBoolean(),
  creditsRequired: () => applyDecorators(Type(() => Number), IsInt(), Min(0), Max(100)),
  vibes: () => applyDecorators(IsArray(), ArrayMaxSize(20), IsString({ each: true })),
  /** How many style options a trend may have (a map over REST, a list over GraphQL). */
  styleOptionsMax: 20,
};

/** An admin's changes to a trend (PATCH /api/trends/{slug}). */
export class UpdateTrendBody implements Partial<TrendInput> {
  @IsOptional() @TrendFieldRules.name() name?: string;
  @IsOptional() @TrendFieldRules.description() description?: string;
  @IsOptional() @TrendFieldRules.prompt() prompt?: string;
  @IsOptional() @TrendFieldRules.promptTemplate() promptTemplate?: string;
  @IsOptional() @TrendFieldRules.category() category?: string;
  @IsOptional() @TrendFieldRules.flag() premium?: boolean;
  @IsOptional() @TrendFieldRules.creditsRequired() creditsRequired?: number;
  @IsOptional() @TrendFieldRules.flag() verified?: boolean;
  @IsOptional() @TrendFieldRules.flag() available?: boolean;
  @IsOptional() @IsObject() styleOptions?: Record<string, StyleOption>;
  @IsOptional() @TrendFieldRules.vibes() vibes?: string[];
  @IsOptional() @TrendFieldRules.flag() personalizationSupported?: boolean;
}

/** A new trend (POST /api/trends). */
export class CreateTrendBody extends UpdateTrendBody implements TrendInput {
  @TrendFieldRules.slug() slug: string;
  @TrendFieldRules.name() declare name: string;
  @TrendFieldRules.description() declare description: string;
  @TrendFieldRules.prompt() declare prompt: string;
  @TrendFieldRules.promptTemplate() declare promptTemplate: string;
  @TrendFieldRules.category() declare category: string;
}
