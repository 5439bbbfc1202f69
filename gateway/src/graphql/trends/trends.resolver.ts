import { UseGuards } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Request } from 'express';
import type { Trend, TrendInput, VotingTrend, WeeklyElection } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { CatalogueReads } from '../../catalogue/catalogue-reads.js';
import { CurrentCaller, MemberGuard, Sessions, type Caller } from '../../common/session.js';
import { TrendType } from '../types.js';
import {
  NewTrendInput, TrendChangesInput, TrendFavoriteType, TrendStyleOptionsType, VotingTrendType, WeeklyElectionType,
} from './trends.types.js';
import { toTrendInput } from './trend-input.js';

/** The same use cases as REST /api/trends (spec part 2 section 7), over GraphQL. */
@Resolver(() => TrendType)
export class TrendsResolver {
  constructor(private readonly bus: Bus, private readonly sessions: Sessions, private readonly reads: CatalogueReads) {}

  @Query(() => [TrendType])
  async trends(): Promise<Trend[]> {
    return (await this.reads.trends()).value;
  }

  @Query(() => TrendType)
  async trend(@Args('slug') slug: string): Promise<Trend> {
    return (await this.reads.trend(slug)).value;
  }

  @Query(() => TrendStyleOptionsType)
  async trendStyleOptions(@Args('slug') slug: string): Promise<TrendStyleOptionsType> {
    const answer = (await this.reads.styleOptions(slug)).value;
    return { ...answer, styleOptions: Object.entries(answer.styleOptions).map(([key, option]) => ({ key, ...option })) };
  }

  @Query(() => [TrendType])
  @UseGuards(MemberGuard)
  favoriteTrends(@CurrentCaller() caller: Caller): Promise<Trend[]> {
    return this.bus.send('trends.favoriteTrends', { userId: caller.userId });
  }

  @Query(() => [VotingTrendType])
  async votingTrends(@Context('req') req: Request): Promise<VotingTrend[]> {
    const caller = await this.sessions.resolve(req);
    return this.reads.boardFor(caller?.userId);
  }

  @Query(() => [WeeklyElectionType])
  async trendElections(): Promise<WeeklyElection[]> {
    return (await this.reads.elections()).value;
  }

  @Mutation(() => TrendFavoriteType)
  @UseGuards(MemberGuard)
  addFavoriteTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string) {
    return this.bus.send('trends.favorite.add', { userId: caller.userId, slug });
  }

  @Mutation(() => TrendFavoriteType)
  @UseGuards(MemberGuard)
  removeFavoriteTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string) {
    return this.bus.send('trends.favorite.remove', { userId: caller.userId, slug });
  }

  @Mutation(() => VotingTrendType)
  @UseGuards(MemberGuard)
  voteTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string): Promise<VotingTrend> {
    return this.reads.voted(caller.userId, this.bus.send('trends.vote', { userId: caller.userId, slug }));
  }

  @Mutation(() => VotingTrendType)
  @UseGuards(MemberGuard)
  unvoteTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string): Promise<VotingTrend> {
    return this.reads.voted(caller.userId, this.bus.send('trends.unvote', { userId: caller.userId, slug }));
  }

  @Mutation(() => TrendType)
  @UseGuards(MemberGuard)
  createTrend(@CurrentCaller() caller: Caller, @Args('input') input: NewTrendInput): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.create', { actorId: caller.userId, trend: toTrendInput(input) as TrendInput }));
  }

  @Mutation(() => TrendType)
  @UseGuards(MemberGuard)
  updateTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string, @Args('changes') changes: TrendChangesInput): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.update', { actorId: caller.userId, slug, changes: toTrendInput(changes) }));
  }

  @Mutation(() => TrendType)
  @UseGuards(MemberGuard)
  setWeeklyTrend(@CurrentCaller() caller: Caller, @Args('slug') slug: string): Promise<Trend> {
    return this.reads.edited(this.bus.send('trends.admin.setWeekly', { actorId: caller.userId, slug }));
  }
}
