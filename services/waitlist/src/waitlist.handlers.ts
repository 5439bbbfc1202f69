import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { MessageRequest } from '@trendforge/contracts';
import { announceCatalogueChange, Bus, Handles } from '@trendforge/platform';
import { WaitlistService } from './waitlist.service.js';

@Controller()
export class WaitlistHandlers {
  constructor(private readonly waitlist: WaitlistService, private readonly bus: Bus) {}

  @Handles('waitlist.count')
  async count() {
    return { count: await this.waitlist.count() };
  }

  @Handles('waitlist.join')
  async join(@Payload() request: MessageRequest<'waitlist.join'>) {
    const joined = await this.waitlist.join(request);
    // The gateways' cached count moves with it.
    await announceCatalogueChange(this.bus, { part: 'waitlist' });
    return joined;
  }

  @Handles('waitlist.referrer')
  referrer(@Payload() { code }: MessageRequest<'waitlist.referrer'>) {
    return this.waitlist.referrer(code);
  }

  @Handles('waitlist.referredBy')
  referredBy(@Payload() { email }: MessageRequest<'waitlist.referredBy'>) {
    return this.waitlist.referredBy(email);
  }

  @Handles('waitlist.referral')
  referral(@Payload() request: MessageRequest<'waitlist.referral'>) {
    return this.waitlist.recordReferral(request);
  }
}
