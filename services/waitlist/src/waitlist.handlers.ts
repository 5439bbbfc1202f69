import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { MessageRequest } from '@trendforge/contracts';
import { Handles } from '@trendforge/platform';
import { WaitlistService } from './waitlist.service.js';

@Controller()
export class WaitlistHandlers {
  constructor(private readonly waitlist: WaitlistService) {}

  @Handles('waitlist.count')
  async count() {
    return { count: await this.waitlist.count() };
  }

  @Handles('waitlist.join')
  join(@Payload() request: MessageRequest<'waitlist.join'>) {
    return this.waitlist.join(request);
  }

  @Handles('waitlist.referral')
  referral(@Payload() request: MessageRequest<'waitlist.referral'>) {
    return this.waitlist.recordReferral(request);
  }
}
