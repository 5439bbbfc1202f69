import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { UserView } from '../views.js';

// Kept through the whitelist as sent; the rules and their messages live in the auth service.
export class SettingsBody {
  @ApiPropertyOptional({ type: String }) @Allow() firstName?: unknown;
  @ApiPropertyOptional({ type: String }) @Allow() lastName?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'An uploaded avatar URL (POST /api/upload), or null for none.' }) @Allow() avatar?: unknown;
  @ApiPropertyOptional({ type: Boolean }) @Allow() darkMode?: unknown;
  @ApiPropertyOptional({ type: Boolean }) @Allow() emailNotifications?: unknown;
  @ApiPropertyOptional({ type: Boolean }) @Allow() highQualityGeneration?: unknown;
}

export class OnboardingBody {
  @ApiProperty({ type: Boolean }) @Allow() hasOnboarded: unknown;
}

/** PUT /api/users/onboarding and /settings (spec part 1 section 7): the caller's own profile only. */
@Controller('api/users')
@UseGuards(MemberGuard)
export class UsersController {
  constructor(private readonly members: Members) {}

  @ApiOkResponse({ type: UserView })
  @Put('settings')
  settings(@CurrentCaller() caller: Caller, @Body() body: SettingsBody): Promise<User> {
    return this.members.updateSettings(caller.userId, body);
  }

  @ApiOkResponse({ type: UserView })
  @Put('onboarding')
  onboarding(@CurrentCaller() caller: Caller, @Body() body: OnboardingBody): Promise<User> {
    return this.members.completeOnboarding(caller.userId, body.hasOnboarded);
  }
}
