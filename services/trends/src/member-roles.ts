import { Injectable } from '@nestjs/common';
import { ErrorCode, type Role } from '@trendforge/contracts';
import { Bus, fail } from '@trendforge/platform';

/** Roles that may save favourite trends (spec part 2 section 6). */
export const FavoriteRoles: readonly Role[] = ['pro', 'pro_unlimited'];

/** A member's role, read from billing (the only owner of plans). */
@Injectable()
export class MemberRoles {
  constructor(private readonly bus: Bus) {}

  async roleOf(userId: string): Promise<Role> {
    return (await this.bus.send('billing.account', { userId })).role;
  }

  async requireFavorites(userId: string): Promise<void> {
    if (!FavoriteRoles.includes(await this.roleOf(userId))) fail(ErrorCode.Forbidden, 'Upgrade to Pro to save favorite trends');
  }

  async requireAdmin(userId: string): Promise<void> {
    if ((await this.roleOf(userId)) !== 'admin') fail(ErrorCode.Forbidden, 'Only admins can manage trends');
  }
}
