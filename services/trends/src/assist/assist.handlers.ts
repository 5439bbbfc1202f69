import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { MessageRequest } from '@trendforge/contracts';
import { Handles } from '@trendforge/platform';
import { AssistService } from './assist.service.js';

@Controller()
export class AssistHandlers {
  constructor(private readonly assist: AssistService) {}

  @Handles('trends.coach.feedback')
  feedback(@Payload() req: MessageRequest<'trends.coach.feedback'>) {
    return this.assist.feedback(req);
  }

  @Handles('trends.coach.question')
  question(@Payload() req: MessageRequest<'trends.coach.question'>) {
    return this.assist.question(req);
  }

  @Handles('trends.prompt.variation')
  variation(@Payload() req: MessageRequest<'trends.prompt.variation'>) {
    return this.assist.variation(req);
  }
}
