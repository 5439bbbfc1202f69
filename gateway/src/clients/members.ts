import { Injectable } from '@nestjs/common';
import type { Role } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';

/** The User every screen reads (spec part 1 section 3). */
export interface Member {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  credits: number;
  monthlyUsage: number;
  emailNotifications: boolean;
  highQualityGeneration: boolean;
  hasOnboarded: boolean;
  favoriteTrends: string[];
}

/** Composes the member from the services that own each part (DESIGN.md: data ownership). */
@Injectable()
export class Members {
  constructor(private readonly bus: Bus) {}

  async get(userId: string): Promise<Member> {
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
