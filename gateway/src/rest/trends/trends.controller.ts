import { Controller, Get, Param } from '@nestjs/common';
import type { Trend } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';

/** The trend catalogue (spec part 2 section 7); public, so visitors can browse. */
@Controller('api/trends')
export class TrendsController {
  constructor(private readonly bus: Bus) {}

  @Get()
  list(): Promise<Trend[]> {
    return this.bus.send('trends.list', {});
  }

  @Get('slug/:slug')
  bySlug(@Param('slug') slug: string): Promise<Trend> {
    return this.bus.send('trends.bySlug', { slug });
  }
}
