import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { ReferralCodeCheck, ReferralSummary } from '@trendforge/contracts';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Referrals } from './referrals.js';
import { ReferralCodeCheckView, ReferralSummaryView } from '../views.js';

/** Checks of ?ref= codes per client and minute, REST and GraphQL together: plenty for people, too few to walk the code space. */
export const ReferralCheckThrottle = { default: { limit: 30, ttl: 60_000 } };
export const ReferralCheckOperation = 'referral-code-check';

/** GET /api/referrals/mine (the member's link and friends) and GET /api/referrals/:code (is this code valid?). */
@Controller('api/referrals')
export class ReferralsController {
  constructor(private readonly referrals: Referrals) {}

  @ApiOkResponse({ type: ReferralSummaryView })
  @Get('mine')
  @UseGuards(MemberGuard)
  mine(@CurrentCaller() caller: Caller): Promise<ReferralSummary> {
    return this.referrals.of(caller.userId);
  }

  @ApiOkResponse({ type: ReferralCodeCheckView })
  @Get(':code')
  @Throttle(ReferralCheckThrottle)
  @ThrottledOperation(ReferralCheckOperation)
  async check(@Param('code') code: string): Promise<ReferralCodeCheck> {
    return { success: true, valid: await this.referrals.isKnown(code) };
  }
}
