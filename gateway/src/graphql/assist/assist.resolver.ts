import { UseGuards } from '@nestjs/common';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Throttle } from '@nestjs/throttler';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Bus } from '@trendforge/platform';
import { MemberGuard } from '../../common/session.js';
import {
  CoachFeedbackBody, CoachQuestionBody, PromptVariationBody, toFeedbackRequest, toQuestionRequest, toVariationRequest,
} from '../../rest/assist/assist.body.js';
import { AssistThrottle } from '../../rest/assist/assist.controller.js';
import { CoachAnswerType, CoachFeedbackType, PromptVariationType } from './assist.types.js';

/** The prompt coach and prompt variations, the same use cases as REST (members only, rate-limited). */
@Resolver()
@UseGuards(MemberGuard)
@Throttle(AssistThrottle)
export class AssistResolver {
  constructor(private readonly bus: Bus) {}

  @Mutation(() => CoachFeedbackType)
  @ThrottledOperation('coach.feedback')
  coachFeedback(@Args('input') input: CoachFeedbackBody) {
    return this.bus.send('trends.coach.feedback', toFeedbackRequest(input));
  }

  @Mutation(() => CoachAnswerType)
  @ThrottledOperation('coach.question')
  coachQuestion(@Args('input') input: CoachQuestionBody) {
    return this.bus.send('trends.coach.question', toQuestionRequest(input));
  }

  @Mutation(() => PromptVariationType)
  @ThrottledOperation('prompt.variation')
  promptVariation(@Args('input') input: PromptVariationBody) {
    return this.bus.send('trends.prompt.variation', toVariationRequest(input));
  }
}
