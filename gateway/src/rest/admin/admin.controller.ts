import { BadRequestException, Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Put, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiPropertyOptional, ApiQuery, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { ElectionResult, FailedGeneration, LedgerEntry, User } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { Members } from '../../clients/members.js';
import { AdminGuard, CurrentCaller, type Caller } from '../../common/session.js';
import { ElectionResultView, FailedGenerationView, LedgerEntryView, MemberMatchView, UserView } from '../views.js';

export class PlanChangeBody {
  /** free, basic, pro, pro_unlimited or admin; billing checks it. */
  @ApiPropertyOptional({ enum: ['free', 'basic', 'pro', 'pro_unlimited', 'admin'], description: 'The new plan.' })
  @Allow() role?: unknown;
  /** The new balance (not a delta); billing checks it. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'The new credit balance (not a delta).' })
  @Allow() credits?: unknown;
  @ApiPropertyOptional({ type: 'string', description: 'Why the change was made; kept in the ledger row.' })
  @Allow() reason?: unknown;
}

const memberId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('User not found') });

/**
 * Admin only: find members, read one with their ledger and change their plan and credits (every
 * change is a ledger row naming the admin); list the failed generations and the elections' results.
 */
@ApiTags('admin')
@ApiCookieAuth('session')
@ApiUnauthorizedResponse({ description: 'Not signed in.' })
@ApiForbiddenResponse({ description: 'Signed in, but not an admin.' })
@ApiNotFoundResponse({ description: 'User not found' })
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(private readonly members: Members, private readonly bus: Bus) {}

  @ApiQuery({ name: 'q', type: String, description: 'Part of a username or email (1 to 100 characters, case-insensitive).' })
  @ApiOkResponse({ type: [MemberMatchView], description: 'Up to 20 members: id, username, email, role, credits.' })
  @Get('members')
  async search(@Query('q') query: unknown): Promise<MemberMatchView[]> {
    if (typeof query !== 'string') throw new BadRequestException('Search for 1 to 100 characters of a username or email');
    const profiles = await this.bus.send('auth.admin.search', { query });
    return Promise.all(profiles.map(async ({ id, username, email }) => {
      const { role, credits } = await this.bus.send('billing.account', { userId: id });
      return { id, username, email, role, credits };
    }));
  }

  @ApiOkResponse({ type: [LedgerEntryView], description: 'The member\'s last 20 ledger rows, newest first.' })
  @Get('members/:userId/ledger')
  async ledger(@Param('userId', memberId) userId: string): Promise<LedgerEntry[]> {
    await this.bus.send('auth.user', { userId }); // NOT_FOUND for someone who is not a member
    return this.bus.send('billing.ledger', { userId });
  }

  @ApiOkResponse({ type: [FailedGenerationView], description: 'The last 20 failed generations, newest first, with their reasons and refund times (null: not refunded).' })
  @Get('generations/failed')
  failedGenerations(): Promise<FailedGeneration[]> {
    return this.bus.send('images.admin.failed', {});
  }

  @ApiOkResponse({ type: [ElectionResultView], description: 'The last 20 decided weeks, newest first, each with every candidate\'s votes (most first).' })
  @Get('elections')
  electionResults(): Promise<ElectionResult[]> {
    return this.bus.send('trends.admin.electionResults', {});
  }

  @ApiOkResponse({ type: UserView, description: 'The member.' })
  @Get('members/:userId')
  async member(@Param('userId', memberId) userId: string): Promise<User> {
    return this.members.get(userId);
  }

  @ApiOkResponse({ type: UserView, description: 'The member after the change; a ledger row names the admin and the reason.' })
  @Put('members/:userId/plan')
  setPlan(@CurrentCaller() caller: Caller, @Param('userId', memberId) userId: string, @Body() body: PlanChangeBody): Promise<User> {
    return this.members.setPlan(caller.userId, userId, body);
  }
}
