import { Field, InputType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AssistLimits, VariationTypes, type ChatMessage, type MessageRequest, type VariationType } from '@trendforge/contracts';

/**
 * The prompt coach's and prompt variation's inputs (spec part 2 section 7), REST body and GraphQL
 * input alike. Shapes and lengths are checked here; the trend (404 "Trend not found") and empty
 * texts in the trends service. `trendName` is in the spec's payload, so it is still accepted and
 * passed on, but nothing reads it: the trends service names the trend from `trendSlug`.
 */
const Slug = () => MaxLength(64);

@InputType('CoachFeedbackInput')
export class CoachFeedbackBody implements MessageRequest<'trends.coach.feedback'> {
  @ApiProperty() @Field() @IsString() @MaxLength(AssistLimits.text) prompt: string;
  @ApiProperty() @Field() @IsString() @Slug() trendSlug: string;
  @ApiPropertyOptional() @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) trendName?: string;
}

@InputType('ChatMessageInput')
export class ChatMessageBody implements ChatMessage {
  @ApiProperty({ enum: ['user', 'assistant'] }) @Field(() => String) @IsIn(['user', 'assistant'], { message: 'role must be user or assistant' }) role: 'user' | 'assistant';
  @ApiProperty() @Field() @IsString() @MaxLength(AssistLimits.chatMessage) content: string;
}

@InputType('CoachQuestionInput')
export class CoachQuestionBody implements MessageRequest<'trends.coach.question'> {
  @ApiProperty() @Field() @IsString() @MaxLength(AssistLimits.text) question: string;
  @ApiProperty() @Field() @IsString() @Slug() trendSlug: string;
  @ApiPropertyOptional() @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) trendName?: string;
  @ApiPropertyOptional({ description: 'The prompt the member is writing.' })
  @Field({ nullable: true, description: 'The prompt the member is writing, so the answer is about it.' })
  @IsOptional() @IsString() @MaxLength(AssistLimits.text) prompt?: string;
  @ApiProperty({ type: [ChatMessageBody] }) @Field(() => [ChatMessageBody])
  @IsArray() @ArrayMaxSize(AssistLimits.chatMessages) @ValidateNested({ each: true }) @Type(() => ChatMessageBody) chatHistory: ChatMessageBody[];
}

@InputType('PromptVariationInput')
export class PromptVariationBody implements MessageRequest<'trends.prompt.variation'> {
  @ApiProperty() @Field() @IsString() @Slug() trendSlug: string;
  @ApiProperty() @Field() @IsString() @MaxLength(AssistLimits.text) baseSubject: string;
  @ApiProperty({ enum: VariationTypes }) @Field(() => String) @IsIn(VariationTypes, { message: `variationType must be one of ${VariationTypes.join(', ')}` }) variationType: VariationType;
}

/** What the trends service is sent: the fields it reads, nothing a client added. */
export const toFeedbackRequest = ({ prompt, trendSlug, trendName }: CoachFeedbackBody): MessageRequest<'trends.coach.feedback'> => ({ prompt, trendSlug, trendName });
export const toQuestionRequest = ({ question, trendSlug, trendName, prompt, chatHistory }: CoachQuestionBody): MessageRequest<'trends.coach.question'> =>
  ({ question, trendSlug, trendName, prompt, chatHistory: chatHistory.map(({ role, content }) => ({ role, content })) });
export const toVariationRequest = ({ trendSlug, baseSubject, variationType }: PromptVariationBody): MessageRequest<'trends.prompt.variation'> =>
  ({ trendSlug, baseSubject, variationType });
