import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, type MessageRequest, type UserReferredEvent } from '@trendforge/contracts';
import { Handles, OnEvent } from '@trendforge/platform';
import { ReferralService } from './referral.service.js';

@Controller()
export class ReferralHandlers {
  constructor(private readonly referrals: ReferralService) {}

  @Handles('billing.referrals')
  summary(@Payload() { userId }: MessageRequest<'billing.referrals'>) {
    return this.referrals.summary(userId);
  }

  @OnEvent(Events.userReferred)
  async userReferred(event: UserReferredEvent) {
    await this.referrals.grant(event);
  }
}
