import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';

// Kept through the whitelist as sent; the rules and their messages live in the auth service.
export class SettingsBody {
  @Allow() firstName?: unknown;
  @Allow() lastName?: unknown;
  @Allow() avatar?: unknown;
  @Allow() darkMode?: unknown;
  @Allow() emailNotifications?: unknown;
  @Allow() highQualityGeneration?: unknown;
}

export class OnboardingBody {
  @Allow() hasOnboarded: unknown;
}

/** PUT /api/users/onboarding and /settings (spec part 1 section 7): the caller's own profile only. */
@Controller('api/users')
@UseGuards(MemberGuard)
export class UsersController {
  constructor(private readonly members: Members) {}

  @Put('settings')
  settings(@CurrentCaller() caller: Caller, @Body() body: SettingsBody): Promise<User> {
    return this.members.updateSettings(caller.userId, body);
  }

  @Put('onboarding')
  onboarding(@CurrentCaller() caller: Caller, @Body() body: OnboardingBody): Promise<User> {
    return this.members.completeOnboarding(caller.userId, body.hasOnboarded);
  }
}
