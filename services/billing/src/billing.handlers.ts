import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, type MessageRequest, type UserRegisteredEvent } from '@trendforge/contracts';
import { Handles, OnEvent } from '@trendforge/platform';
import { BillingService } from './billing.service.js';

@Controller()
export class BillingHandlers {
  constructor(private readonly billing: BillingService) {}

  @Handles('billing.account')
  account(@Payload() { userId }: MessageRequest<'billing.account'>) {
    return this.billing.account(userId);
  }

  @Handles('billing.charge')
  charge(@Payload() request: MessageRequest<'billing.charge'>) {
    return this.billing.charge(request);
  }

  @Handles('billing.refund')
  refund(@Payload() request: MessageRequest<'billing.refund'>) {
    return this.billing.refund(request);
  }

  @Handles('billing.ledger')
  ledger(@Payload() request: MessageRequest<'billing.ledger'>) {
    return this.billing.ledger(request);
  }

  @Handles('billing.setPlan')
  setPlan(@Payload() request: MessageRequest<'billing.setPlan'>) {
    return this.billing.setPlan(request);
  }

  @OnEvent(Events.userRegistered)
  async userRegistered({ userId }: UserRegisteredEvent) {
    await this.billing.opened(userId);
  }
}
