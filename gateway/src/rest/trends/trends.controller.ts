import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { StyleOptionsAnswer, Trend, VotingTrend, WeeklyElection } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { CurrentCaller, MemberGuard, Sessions, type Caller } from '../../common/session.js';
import { CreateTrendBody, UpdateTrendBody } from './trends.body.js';

/**
 * The trend catalogue, favourites and the Board (spec part 2 section 7). Reads of the catalogue are
 * public so visitors can browse; favourites and votes need a member; admin writes are checked
 * against the caller's billing role by the trends service.
 */
@Controller('api/trends')
export class TrendsController {
  constructor(private readonly bus: Bus, private readonly sessions: Sessions) {}

  @Get()
  list(): Promise<Trend[]> {
    return this.bus.send('trends.list', {});
  }

  @Get('slug/:slug')
  bySlug(@Param('slug') slug: string): Promise<Trend> {
    return this.bus.send('trends.bySlug', { slug });
  }

  @Get('favorites')
  @UseGuards(MemberGuard)
  favorites(@CurrentCaller() caller: Caller): Promise<Trend[]> {
    return this.bus.send('trends.favoriteTrends', { userId: caller.userId });
  }

  @Post(':slug/favorite')
  @UseGuards(MemberGuard)
  addFavorite(@CurrentCaller() caller: Caller, @Param('slug') slug: string) {
    return this.bus.send('trends.favorite.add', { userId: caller.userId, slug });
  }

  @Delete(':slug/favorite')
  @UseGuards(MemberGuard)
  removeFavorite(@CurrentCaller() caller: Caller, @Param('slug') slug: string) {
    return this.bus.send('trends.favorite.remove', { userId: caller.userId, slug });
  }

  /** This week's Board; `voted` is the caller's (false for a visitor). */
  @Get('voting')
  async voting(@Req() req: Request): Promise<VotingTrend[]> {
    const caller = await this.sessions.resolve(req);
    return this.bus.send('trends.voting', { userId: caller?.userId });
  }

  @Post(':slug/vote')
  @UseGuards(MemberGuard)
  vote(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<VotingTrend> {
    return this.bus.send('trends.vote', { userId: caller.userId, slug });
  }

  @Delete(':slug/vote')
  @UseGuards(MemberGuard)
  unvote(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<VotingTrend> {
    return this.bus.send('trends.unvote', { userId: caller.userId, slug });
  }

  @Get(':slug/style-options')
  styleOptions(@Param('slug') slug: string): Promise<StyleOptionsAnswer> {
    return this.bus.send('trends.styleOptions', { slug });
  }

  @Get('elections')
  elections(): Promise<WeeklyElection[]> {
    return this.bus.send('trends.elections', {});
  }

  // ---- admin (role admin, audited by the trends service)

  @Post()
  @UseGuards(MemberGuard)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateTrendBody): Promise<Trend> {
    return this.bus.send('trends.admin.create', { actorId: caller.userId, trend: { ...body } });
  }

  @Patch(':slug')
  @UseGuards(MemberGuard)
  update(@CurrentCaller() caller: Caller, @Param('slug') slug: string, @Body() body: UpdateTrendBody): Promise<Trend> {
    return this.bus.send('trends.admin.update', { actorId: caller.userId, slug, changes: { ...body } });
  }

  @Post(':slug/weekly')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  setWeekly(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<Trend> {
    return this.bus.send('trends.admin.setWeekly', { actorId: caller.userId, slug });
  }
}
