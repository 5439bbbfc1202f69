import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { StyleOptionsView, TrendView, VotingTrendView } from '../views.js';
import type { StyleOptionsAnswer, Trend, VotingTrend, WeeklyElection } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { withEtag } from '../../catalogue/cached-response.js';
import { CatalogueReads } from '../../catalogue/catalogue-reads.js';
import { CurrentCaller, MemberGuard, Sessions, type Caller } from '../../common/session.js';
import { CreateTrendBody, UpdateTrendBody } from './trends.body.js';

/**
 * The trend catalogue, favourites and the Board (spec part 2 section 7). Reads of the catalogue are
 * public so visitors can browse; favourites and votes need a member; admin writes are checked
 * against the caller's billing role by the trends service. The public reads come from the
 * gateway's catalogue cache (catalogue/) with strong ETags; the fast lane answers most of them first.
 */
@Controller('api/trends')
export class TrendsController {
  constructor(private readonly bus: Bus, private readonly sessions: Sessions, private readonly reads: CatalogueReads) {}

  @ApiOkResponse({ type: [TrendView] })
  @Get()
  async list(@Res({ passthrough: true }) res: Response): Promise<Trend[]> {
    return withEtag(res, await this.reads.trends());
  }

  @ApiOkResponse({ type: TrendView })
  @Get('slug/:slug')
  async bySlug(@Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<Trend> {
    return withEtag(res, await this.reads.trend(slug));
  }

  @ApiOkResponse({ type: [TrendView] })
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
  @ApiOkResponse({ type: [VotingTrendView] })
  @Get('voting')
  async voting(@Req() req: Request): Promise<VotingTrend[]> {
    const caller = await this.sessions.resolve(req);
    return this.reads.boardFor(caller?.userId);
  }

  @ApiCreatedResponse({ type: VotingTrendView })
  @Post(':slug/vote')
  @UseGuards(MemberGuard)
  vote(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<VotingTrend> {
    return this.reads.voted(caller.userId, this.bus.send('trends.vote', { userId: caller.userId, slug }));
  }

  @ApiOkResponse({ type: VotingTrendView })
  @Delete(':slug/vote')
  @UseGuards(MemberGuard)
  unvote(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<VotingTrend> {
    return this.reads.voted(caller.userId, this.bus.send('trends.unvote', { userId: caller.userId, slug }));
  }

  @ApiOkResponse({ type: StyleOptionsView })
  @Get(':slug/style-options')
  async styleOptions(@Param('slug') slug: string, @Res({ passthrough: true }) res: Response): Promise<StyleOptionsAnswer> {
    return withEtag(res, await this.reads.styleOptions(slug));
  }

  @Get('elections')
  async elections(@Res({ passthrough: true }) res: Response): Promise<WeeklyElection[]> {
    return withEtag(res, await this.reads.elections());
  }

  // ---- admin (role admin, audited by the trends service)

  @ApiCreatedResponse({ type: TrendView })
  @Post()
  @UseGuards(MemberGuard)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateTrendBody): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.create', { actorId: caller.userId, trend: { ...body } }));
  }

  @ApiOkResponse({ type: TrendView })
  @Patch(':slug')
  @UseGuards(MemberGuard)
  update(@CurrentCaller() caller: Caller, @Param('slug') slug: string, @Body() body: UpdateTrendBody): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.update', { actorId: caller.userId, slug, changes: { ...body } }));
  }

  @ApiOkResponse({ type: TrendView })
  @Post(':slug/weekly')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  setWeekly(@CurrentCaller() caller: Caller, @Param('slug') slug: string): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.setWeekly', { actorId: caller.userId, slug }));
  }
}
