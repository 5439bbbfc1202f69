import { Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Put, UseGuards } from '@nestjs/common';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { AdminGuard, CurrentCaller, type Caller } from '../../common/session.js';

export class PlanChangeBody {
  /** free, basic, pro, pro_unlimited or admin; billing checks it. */
  @Allow() role?: unknown;
  /** The new balance (not a delta); billing checks it. */
  @Allow() credits?: unknown;
  @Allow() reason?: unknown;
}

const memberId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('User not found') });

/** Admin only: read a member and change their plan and credits; every change is a ledger row naming the admin. */
@Controller('api/admin/members')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(private readonly members: Members) {}

  @Get(':userId')
  async member(@Param('userId', memberId) userId: string): Promise<User> {
    return this.members.get(userId);
  }

  @Put(':userId/plan')
  setPlan(@CurrentCaller() caller: Caller, @Param('userId', memberId) userId: string, @Body() body: PlanChangeBody): Promise<User> {
    return this.members.setPlan(caller.userId, userId, body);
  }
}
