import { Args, Context, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import type { Request } from 'express';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { WaitlistJoined, WaitlistReferralRecorded } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { CatalogueReads } from '../../catalogue/catalogue-reads.js';

@InputType()
export class JoinWaitlistInput {
  @Field() @IsString() @MaxLength(200) name: string;
  @Field() @IsString() @MaxLength(320) email: string;
  @Field(() => String, { nullable: true, description: 'pixar (default), ghibli, barbie, collectible, simpsons, disney or other.' })
  @IsOptional() @IsString() @MaxLength(32) interest?: string;
  @Field(() => String, { nullable: true, description: 'The referral code of the invitation (?ref=), recorded with the join.' })
  @IsOptional() @IsString() @MaxLength(32) ref?: string;
}

@InputType()
export class WaitlistReferralInput {
  @Field() @IsString() @MaxLength(320) email: string;
  @Field() @IsString() @MaxLength(32) referralCode: string;
}

@ObjectType('WaitlistJoined')
export class WaitlistJoinedType implements WaitlistJoined {
  @Field(() => Boolean) success: true;
  @Field(() => String, { nullable: true, description: "The new entry's referral code; null when the email was already on the list (not told to whoever typed it)." })
  referralCode: string | null;
  @Field(() => Int) count: number;
  @Field(() => Int, { description: 'How many friends joined through this referral code (0 when the email was already on the list).' }) referrals: number;
  @Field(() => Boolean, { nullable: true, description: 'True when the email was already on the list.' }) alreadyJoined?: boolean;
}

/** The referral is recorded; the referrer's count is not told to whoever sent the email and code. */
@ObjectType('WaitlistReferral')
export class WaitlistReferralType implements WaitlistReferralRecorded {
  @Field(() => Boolean) success: true;
  @Field() referralCode: string;
}

/** The same use cases as /api/waitlist/*; public. */
@Resolver()
export class WaitlistResolver {
  constructor(private readonly bus: Bus, private readonly reads: CatalogueReads) {}

  @Query(() => Int, { description: 'How many people are on the waitlist.' })
  async waitlistCount(): Promise<number> {
    return (await this.reads.waitlistCount()).value.count;
  }

  @Mutation(() => WaitlistJoinedType)
  joinWaitlist(@Args('input') input: JoinWaitlistInput, @Context() { req }: { req: Request }): Promise<WaitlistJoined> {
    return this.reads.joined(this.bus.send('waitlist.join', { ...input, ip: req.ip }));
  }

  @Mutation(() => WaitlistReferralType)
  recordWaitlistReferral(@Args('input') input: WaitlistReferralInput): Promise<WaitlistReferralRecorded> {
    return this.bus.send('waitlist.referral', { email: input.email, referralCode: input.referralCode });
  }
}
