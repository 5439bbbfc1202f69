import { Injectable } from '@nestjs/common';
import type { User } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';

/** Composes the member from the services that own each part (DESIGN.md: data ownership). */
@Injectable()
export class Members {
  constructor(private readonly bus: Bus) {}

  async get(userId: string): Promise<User> {
    const [profile, account] = await Promise.all([
      this.bus.send('auth.user', { userId }),
      this.bus.send('billing.account', { userId }),
    ]);
    return {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      avatar: profile.avatar,
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: account.role,
      credits: account.credits,
      monthlyUsage: account.monthlyUsage,
      emailNotifications: profile.emailNotifications,
      highQualityGeneration: profile.highQualityGeneration,
      hasOnboarded: profile.hasOnboarded,
      // Favourite trends arrive with the trends favourites feature.
      favoriteTrends: [],
    };
  }
}
