import { Args, Query, Resolver } from '@nestjs/graphql';
import type { Trend } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { TrendType } from '../types.js';

@Resolver(() => TrendType)
export class TrendsResolver {
  constructor(private readonly bus: Bus) {}

  @Query(() => [TrendType])
  trends(): Promise<Trend[]> {
    return this.bus.send('trends.list', {});
  }

  @Query(() => TrendType)
  trend(@Args('slug') slug: string): Promise<Trend> {
    return this.bus.send('trends.bySlug', { slug });
  }
}
