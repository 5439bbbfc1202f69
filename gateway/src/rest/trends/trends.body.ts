import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
  @ApiPropertyOptional({ maxLength: 80 })
  @IsOptional() @TrendFieldRules.name() name?: string;
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional() @TrendFieldRules.description() description?: string;
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional() @TrendFieldRules.prompt() prompt?: string;
  @ApiPropertyOptional({ maxLength: 1000, description: 'Must contain {subject}.' })
  @IsOptional() @TrendFieldRules.promptTemplate() promptTemplate?: string;
  @ApiPropertyOptional({ maxLength: 40 })
  @IsOptional() @TrendFieldRules.category() category?: string;
  @ApiPropertyOptional({ description: 'Only paying plans may use it.' })
  @IsOptional() @TrendFieldRules.flag() premium?: boolean;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 100 })
  @IsOptional() @TrendFieldRules.creditsRequired() creditsRequired?: number;
  @ApiPropertyOptional({})
  @IsOptional() @TrendFieldRules.flag() verified?: boolean;
  @ApiPropertyOptional({ description: 'Shown in the catalogue.' })
  @IsOptional() @TrendFieldRules.flag() available?: boolean;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'object', properties: { label: { type: 'string' }, description: { type: 'string' } }, required: ['label', 'description'] },
    description: 'Style options by key.',
  })
  @IsOptional() @IsObject() styleOptions?: Record<string, StyleOption>;
  @ApiPropertyOptional({ type: [String], maxItems: 20 })
  @IsOptional() @TrendFieldRules.vibes() vibes?: string[];
  @ApiPropertyOptional({})
  @IsOptional() @TrendFieldRules.flag() personalizationSupported?: boolean;
}

/** A new trend (POST /api/trends). */
export class CreateTrendBody extends UpdateTrendBody implements TrendInput {
  // `required` is spelled out: the fields below were optional in UpdateTrendBody, whose documentation they inherit.
  @ApiProperty({ pattern: '^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$' })
  @TrendFieldRules.slug() slug: string;
  @ApiProperty({ required: true, maxLength: 80 })
  @TrendFieldRules.name() declare name: string;
  @ApiProperty({ required: true, maxLength: 500 })
  @TrendFieldRules.description() declare description: string;
  @ApiProperty({ required: true, maxLength: 1000 })
  @TrendFieldRules.prompt() declare prompt: string;
  @ApiProperty({ required: true, maxLength: 1000, description: 'Must contain {subject}.' })
  @TrendFieldRules.promptTemplate() declare promptTemplate: string;
  @ApiProperty({ required: true, maxLength: 40 })
  @TrendFieldRules.category() declare category: string;
}
