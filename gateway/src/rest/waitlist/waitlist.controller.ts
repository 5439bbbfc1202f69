import { Body, Controller, Get, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { WaitlistCount, WaitlistJoined, WaitlistReferralRecorded } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { withEtag } from '../../catalogue/cached-response.js';
import { CatalogueReads } from '../../catalogue/catalogue-reads.js';
import { WaitlistErrorsFilter } from './waitlist-errors.filter.js';
import { WaitlistCountView, WaitlistJoinedView, WaitlistReferralRecordedView } from '../views.js';

const invalidEmail = { message: 'Please enter a valid email address.' };
const invalidCode = { message: 'Referral codes are 6 characters: letters and digits without I, O, 0 and 1.' };

// Shape checks only; the rules and their messages (spec part 1 section 5) live in the waitlist service.
export class JoinWaitlistBody {
  @ApiProperty() @IsString({ message: 'Name must be at least 2 characters.' }) @MaxLength(200, { message: 'Name must be at most 80 characters.' }) name: string;
  @ApiProperty({ format: 'email' }) @IsString(invalidEmail) @MaxLength(320, invalidEmail) email: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(32) interest?: string;
}

export class WaitlistReferralBody {
  @ApiProperty({ format: 'email' }) @IsString(invalidEmail) @MaxLength(320, invalidEmail) email: string;
  @ApiProperty() @IsString(invalidCode) @MaxLength(32, invalidCode) referralCode: string;
}

/** POST /api/waitlist, POST /api/waitlist/referral, GET /api/waitlist/count (spec part 1 section 7); public. */
@Controller('api/waitlist')
@UseFilters(WaitlistErrorsFilter)
export class WaitlistController {
  constructor(private readonly bus: Bus, private readonly reads: CatalogueReads) {}

  @ApiCreatedResponse({ type: WaitlistJoinedView })
  @Post()
  join(@Body() body: JoinWaitlistBody, @Req() req: Request): Promise<WaitlistJoined> {
    return this.reads.joined(this.bus.send('waitlist.join', { name: body.name, email: body.email, interest: body.interest, ip: req.ip }));
  }

  @ApiOkResponse({ type: WaitlistReferralRecordedView })
  @Post('referral')
  @HttpCode(200)
  referral(@Body() body: WaitlistReferralBody): Promise<WaitlistReferralRecorded> {
    return this.bus.send('waitlist.referral', { email: body.email, referralCode: body.referralCode });
  }

  @ApiOkResponse({ type: WaitlistCountView })
  @Get('count')
  async count(@Res({ passthrough: true }) res: Response): Promise<WaitlistCount> {
    return withEtag(res, await this.reads.waitlistCount());
  }
}
