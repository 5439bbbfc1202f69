import { Controller, Get } from '@nestjs/common';
import { Bus } from '@trendforge/platform';

/** GET /api/waitlist/count → {success, count} (spec part 1 section 7). */
@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly bus: Bus) {}

  @Get('count')
  async count(): Promise<{ success: true; count: number }> {
    const { count } = await this.bus.send('waitlist.count', {});
    return { success: true, count };
  }
}
