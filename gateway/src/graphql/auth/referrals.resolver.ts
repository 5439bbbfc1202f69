import { Args, Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { ReferralSummary } from '@trendforge/contracts';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { ReferralCheckOperation, ReferralCheckThrottle } from '../../rest/auth/referrals.controller.js';
import { Referrals } from '../../rest/auth/referrals.js';

@ObjectType('ReferralSummary')
export class ReferralSummaryType implements ReferralSummary {
  @Field({ description: "The member's own code; their link is the origin plus /?ref=CODE." }) referralCode: string;
  @Field(() => Int, { description: 'New accounts registered through the link.' }) friendsJoined: number;
  @Field(() => Int) creditsEarned: number;
}

/** The same use cases as /api/referrals/*. */
@Resolver()
export class ReferralsResolver {
  constructor(private readonly referrals: Referrals) {}

  @Query(() => ReferralSummaryType, { description: "The signed-in member's referral link and the friends who joined through it." })
  @UseGuards(MemberGuard)
  myReferrals(@CurrentCaller() caller: Caller): Promise<ReferralSummary> {
    return this.referrals.of(caller.userId);
  }

  @Query(() => Boolean, { description: 'Whether a referral code (?ref=) belongs to a member or a waitlist entry.' })
  @Throttle(ReferralCheckThrottle)
  @ThrottledOperation(ReferralCheckOperation)
  referralCodeValid(@Args('code') code: string): Promise<boolean> {
    return this.referrals.isKnown(code);
  }
}
