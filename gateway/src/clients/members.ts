import { Injectable } from '@nestjs/common';
import type { MessageRequest, ProfileSettings, Role, User } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';

/** Composes the member from the services that own each part (DESIGN.md: data ownership). */
@Injectable()
export class Members {
  constructor(private readonly bus: Bus) {}

  async get(userId: string): Promise<User> {
    const [profile, account, favoriteTrends] = await Promise.all([
      this.bus.send('auth.user', { userId }),
      this.bus.send('billing.account', { userId }),
      this.favoriteTrendsOf(userId),
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
      favoriteTrends,
    };
  }

  /** The member's favourite trend slugs, owned by the trends service. */
  private favoriteTrendsOf(userId: string): Promise<string[]> {
    return this.bus.send('trends.favorites', { userId });
  }

  /** The caller's plan role, straight from billing (the only writer of roles). */
  async roleOf(userId: string): Promise<Role> {
    return (await this.bus.send('billing.account', { userId })).role;
  }

  /**
   * Saves the settings form (REST and GraphQL alike); auth validates every field. darkMode is
   * accepted and dropped: the interface is dark only.
   */
  async updateSettings(userId: string, form: Partial<Record<keyof ProfileSettings | 'darkMode', unknown>>): Promise<User> {
    const { darkMode: _darkMode, ...settings } = form;
    await this.bus.send('auth.updateProfile', { userId, ...settings } as MessageRequest<'auth.updateProfile'>);
    return this.get(userId);
  }

  async completeOnboarding(userId: string, hasOnboarded: unknown): Promise<User> {
    await this.bus.send('auth.completeOnboarding', { userId, hasOnboarded: hasOnboarded as boolean });
    return this.get(userId);
  }

  /** An admin's plan change: billing applies it and writes a ledger row naming the admin. */
  async setPlan(actorId: string, userId: string, change: { role?: unknown; credits?: unknown; reason?: unknown }): Promise<User> {
    await this.bus.send('auth.user', { userId }); // NOT_FOUND for someone who is not a member
    await this.bus.send('billing.setPlan', { userId, actorId, ...change } as MessageRequest<'billing.setPlan'>);
    return this.get(userId);
  }
}
