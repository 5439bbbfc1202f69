import { UseGuards } from '@nestjs/common';
import { Args, Field, ID, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { AdminGuard, CurrentCaller, type Caller } from '../../common/session.js';
import { UserType } from '../types.js';

@InputType()
export class PlanChangeInput {
  @Field(() => ID) @Allow() userId: string;
  @Field(() => String, { nullable: true, description: 'free, basic, pro, pro_unlimited or admin' }) @Allow() role?: string;
  @Field(() => Int, { nullable: true, description: 'The new credit balance' }) @Allow() credits?: number;
  @Field(() => String, { nullable: true }) @Allow() reason?: string;
}

/** The same as /api/admin/members/*: admins only (403 for everyone else). */
@Resolver(() => UserType)
@UseGuards(AdminGuard)
export class AdminResolver {
  constructor(private readonly members: Members) {}

  @Query(() => UserType, { description: 'Admin only: a member as they see themselves.' })
  adminMember(@Args('userId', { type: () => ID }) userId: string): Promise<User> {
    return this.members.get(userId);
  }

  @Mutation(() => UserType, { description: 'Admin only: change a member\'s plan and/or set their credits (audited).' })
  adminSetPlan(@CurrentCaller() caller: Caller, @Args('input') { userId, ...change }: PlanChangeInput): Promise<User> {
    return this.members.setPlan(caller.userId, userId, change);
  }
}
