import { Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength,
} from 'class-validator';
import type { StyleOption, TrendInput } from '@trendforge/contracts';

/** An admin's changes to a trend (PATCH /api/trends/{slug}); the trends service validates the rest. */
export class UpdateTrendBody implements Partial<TrendInput> {
  @IsOptional() @IsString() @MinLength(1) @MaxLength(80) name?: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(500) description?: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(1000) prompt?: string;
  @IsOptional() @IsString() @Matches(/\{subject\}/, { message: 'promptTemplate must contain {subject}' }) @MaxLength(1000) promptTemplate?: string;
  @IsOptional() @IsString() @MinLength(1) @MaxLength(40) category?: string;
  @IsOptional() @IsBoolean() premium?: boolean;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100) creditsRequired?: number;
  @IsOptional() @IsBoolean() verified?: boolean;
  @IsOptional() @IsBoolean() available?: boolean;
  @IsOptional() @IsObject() styleOptions?: Record<string, StyleOption>;
  @IsOptional() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) vibes?: string[];
  @IsOptional() @IsBoolean() personalizationSupported?: boolean;
}

/** A new trend (POST /api/trends). */
export class CreateTrendBody extends UpdateTrendBody implements TrendInput {
  @IsString() @Matches(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { message: 'A slug is 1-64 lowercase letters, digits or dashes' }) slug: string;
  @IsString() @MinLength(1) @MaxLength(80) declare name: string;
  @IsString() @MinLength(1) @MaxLength(500) declare description: string;
  @IsString() @MinLength(1) @MaxLength(1000) declare prompt: string;
  @IsString() @Matches(/\{subject\}/, { message: 'promptTemplate must contain {subject}' }) @MaxLength(1000) declare promptTemplate: string;
  @IsString() @MinLength(1) @MaxLength(40) declare category: string;
}
