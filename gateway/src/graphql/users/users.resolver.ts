import { UseGuards } from '@nestjs/common';
import { Args, Field, InputType, Mutation, Resolver } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { UserType } from '../types.js';

@InputType()
export class SettingsInput {
  @Field(() => String, { nullable: true }) @Allow() firstName?: string;
  @Field(() => String, { nullable: true }) @Allow() lastName?: string;
  /** A URL answered by POST /api/upload, or null to remove the avatar. */
  @Field(() => String, { nullable: true }) @Allow() avatar?: string | null;
  @Field(() => Boolean, { nullable: true }) @Allow() darkMode?: boolean;
  @Field(() => Boolean, { nullable: true }) @Allow() emailNotifications?: boolean;
  @Field(() => Boolean, { nullable: true }) @Allow() highQualityGeneration?: boolean;
}

/** The same use cases as PUT /api/users/settings and /onboarding. Avatars are uploaded over REST (multipart). */
@Resolver(() => UserType)
@UseGuards(MemberGuard)
export class UsersResolver {
  constructor(private readonly members: Members) {}

  @Mutation(() => UserType, { description: 'Saves the settings form; answers the updated member.' })
  updateSettings(@CurrentCaller() caller: Caller, @Args('input') input: SettingsInput): Promise<User> {
    // Absent fields keep their values; a null avatar removes it.
    return this.members.updateSettings(caller.userId, { ...input });
  }

  @Mutation(() => UserType, { description: 'Records that the member finished (or skipped) onboarding.' })
  updateOnboarding(@CurrentCaller() caller: Caller, @Args('hasOnboarded') hasOnboarded: boolean): Promise<User> {
    return this.members.completeOnboarding(caller.userId, hasOnboarded);
  }
}
