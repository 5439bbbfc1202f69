import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { MessageRequest } from '@trendforge/contracts';
import { Handles } from '@trendforge/platform';
import { PaymentsService } from './payments.service.js';

@Controller()
export class PaymentsHandlers {
  constructor(private readonly payments: PaymentsService) {}

  @Handles('billing.payments')
  status(@Payload() { userId }: MessageRequest<'billing.payments'>) {
    return this.payments.status(userId);
  }

  @Handles('billing.checkout')
  checkout(@Payload() request: MessageRequest<'billing.checkout'>) {
    return this.payments.checkout(request);
  }

  @Handles('billing.portal')
  portal(@Payload() request: MessageRequest<'billing.portal'>) {
    return this.payments.portal(request);
  }

  @Handles('billing.webhook')
  webhook(@Payload() request: MessageRequest<'billing.webhook'>) {
    return this.payments.webhook(request);
  }
}
