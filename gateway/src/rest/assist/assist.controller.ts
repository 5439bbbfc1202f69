import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Bus } from '@trendforge/platform';
import { MemberGuard } from '../../common/session.js';
import {
  CoachFeedbackBody, CoachQuestionBody, PromptVariationBody, toFeedbackRequest, toQuestionRequest, toVariationRequest,
} from './assist.body.js';
import { CoachAnswerView, CoachFeedbackView, PromptVariationView } from '../views.js';

/** Assist calls cost a model call each when keyed: limited like generation, per client. */
export const AssistThrottle = { default: { limit: 20, ttl: 60_000 } };

/** The prompt coach and prompt variations (spec part 2 section 7), members only. */
@Controller('api')
@UseGuards(MemberGuard)
@Throttle(AssistThrottle)
export class AssistController {
  constructor(private readonly bus: Bus) {}

  @ApiOkResponse({ type: CoachFeedbackView })
  @Post('coach/feedback')
  @ThrottledOperation('coach.feedback')
  @HttpCode(200)
  feedback(@Body() body: CoachFeedbackBody) {
    return this.bus.send('trends.coach.feedback', toFeedbackRequest(body));
  }

  @ApiOkResponse({ type: CoachAnswerView })
  @Post('coach/question')
  @ThrottledOperation('coach.question')
  @HttpCode(200)
  question(@Body() body: CoachQuestionBody) {
    return this.bus.send('trends.coach.question', toQuestionRequest(body));
  }

  @ApiOkResponse({ type: PromptVariationView })
  @Post('prompt-variation')
  @ThrottledOperation('prompt.variation')
  @HttpCode(200)
  variation(@Body() body: PromptVariationBody) {
    return this.bus.send('trends.prompt.variation', toVariationRequest(body));
  }
}
