import { Field, InputType, Int } from '@nestjs/graphql';
import { IsIn, IsInt, isObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { PhotoUrls, StyleIntensity, type AspectPreset, type GenerationRequest } from '@trendforge/contracts';

const Aspects: AspectPreset[] = ['1:1', '4:5', '9:16', '16:9'];
const IntensityMessage = `styleIntensity must be a whole number from ${StyleIntensity.min} to ${StyleIntensity.max}`;

/** GraphQL sends the keys switched on; REST the spec's `{flag: true}` map (the text "true" counts too). */
const isStyleOptions = (value: unknown) =>
  Array.isArray(value) ? value.length <= 32 && value.every((key) => typeof key === 'string' && key.length <= 64) : isObject(value);

/**
 * One input for every screen's generation call (spec part 2 section 7), REST body and GraphQL
 * input alike. The prompt rules and their messages live in the images service.
 */
@InputType('GenerateInput')
export class GenerateBody {
  @Field() @IsString() @Matches(/^[a-z0-9-]{1,64}$/, { message: 'Unknown trend' }) trendSlug: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(1000) userPrompt?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(2000) prompt?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) vibe?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(1000) userTraits?: string;
  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(1000) personalization?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(['standard', 'detailed', 'minimalist', 'artistic']) variation?: string;
  @Field({ nullable: true }) @IsOptional() @IsIn(Aspects) aspect?: AspectPreset;
  @Field(() => Int, { nullable: true, description: `How strongly the trend's look is applied, ${StyleIntensity.min} to ${StyleIntensity.max} (the Forge sends ${StyleIntensity.default}).` })
  @IsOptional() @IsInt({ message: IntensityMessage }) @Min(StyleIntensity.min, { message: IntensityMessage }) @Max(StyleIntensity.max, { message: IntensityMessage })
  styleIntensity?: number;
  @Field({ nullable: true, description: 'A photo this member uploaded (POST /api/photos) to put them into the image.' })
  @IsOptional() @IsUUID('all', { message: 'photoId must be the id of a photo you uploaded' }) photoId?: string;
  /** REST clients may name the photo by its URL instead (PhotoUrls.file). */
  @IsOptional() @IsString() @Matches(PhotoUrls.pattern, { message: 'photoUrl must be the URL of a photo you uploaded' }) photoUrl?: string;
  @Field(() => [String], { nullable: true, description: 'The style-option keys switched on (the creator page); REST also takes a map of flags.' })
  @IsOptional() @ValidateBy({ name: 'isStyleOptions', validator: { validate: isStyleOptions, defaultMessage: () => 'styleOptions must be a list of style option keys or a map of flags' } })
  styleOptions?: string[] | Record<string, unknown>;
}

/**
 * The wizard sends only `prompt`; other screens send `userPrompt` and a composed `prompt`.
 * The idempotency key (header or GraphQL argument) is checked by the images service.
 */
export function toGenerationRequest(userId: string, body: GenerateBody, idempotencyKey?: string): GenerationRequest {
  const userPrompt = (body.userPrompt ?? body.prompt ?? '').trim();
  const flags = Array.isArray(body.styleOptions) ? body.styleOptions.map((key) => [key, true] as const) : Object.entries(body.styleOptions ?? {});
  const styleOptions = body.styleOptions
    ? Object.fromEntries(flags.filter(([, v]) => v === true || v === 'true').map(([k]) => [k, true]).slice(0, 32))
    : undefined;
  return {
    userId,
    trendSlug: body.trendSlug,
    userPrompt,
    prompt: body.userPrompt ? body.prompt : undefined,
    vibe: body.vibe,
    styleOptions,
    userTraits: body.userTraits ?? body.personalization,
    aspect: body.aspect,
    photoId: (body.photoId ?? (body.photoUrl ? PhotoUrls.pattern.exec(body.photoUrl)?.[1] : undefined))?.toLowerCase(),
    variation: body.variation,
    styleIntensity: body.styleIntensity,
    idempotencyKey,
  };
}
