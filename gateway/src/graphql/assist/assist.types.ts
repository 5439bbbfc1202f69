import { Field, ObjectType } from '@nestjs/graphql';
import type { MessageResponse } from '@trendforge/contracts';

@ObjectType('CoachFeedback')
export class CoachFeedbackType implements MessageResponse<'trends.coach.feedback'> {
  @Field() feedback: string;
  @Field({ description: 'A full improved prompt the member can apply.' }) suggestion: string;
}

@ObjectType('CoachAnswer')
export class CoachAnswerType implements MessageResponse<'trends.coach.question'> {
  @Field() response: string;
}

@ObjectType('PromptVariationResult')
export class PromptVariationType implements MessageResponse<'trends.prompt.variation'> {
  @Field() prompt: string;
}
