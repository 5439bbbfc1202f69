import { MonthlyAllowance } from '@trendforge/contracts';
import type { User } from '@/lib/types';

/** Free credits per friend who joins through a referral link (spec part 1, waitlist membership text). */
export const REFERRAL_CREDITS = 3;

export interface MonthlyGenerations {
  used: number;
  /** Null for pro_unlimited and admins: unlimited (fair use). */
  allowance: number | null;
  left: number | null;
}

/** Monthly generations (spec part 2 constants: free 5, basic 20, pro 100, pro_unlimited unlimited). */
export function monthlyGenerations(user: Pick<User, 'role' | 'monthlyUsage'>): MonthlyGenerations {
  if (user.role === 'pro_unlimited' || user.role === 'admin') return { used: user.monthlyUsage, allowance: null, left: null };
  const allowance = MonthlyAllowance[user.role];
  return { used: user.monthlyUsage, allowance, left: Math.max(0, allowance - user.monthlyUsage) };
}

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** "3 of 5 monthly generations left" / "Unlimited generations (fair use)". */
export function generationsLeftText(user: Pick<User, 'role' | 'monthlyUsage'>): string {
  const { allowance, left } = monthlyGenerations(user);
  if (allowance === null) return 'Unlimited generations (fair use of 1,000 a month)';
  return `${left} of ${allowance} monthly generations left`;
}

/** What one render of this trend takes: always a monthly generation, credits only for premium trends. */
export function renderCostText(user: Pick<User, 'role' | 'monthlyUsage'>, creditCost: number | null): string {
  const { allowance, left } = monthlyGenerations(user);
  const month = allowance === null ? 'unlimited, fair use of 1,000 a month' : `${left} of ${allowance} left this month`;
  if (creditCost === null) return `No credits needed: one render uses one of your monthly generations (${month}).`;
  return `Premium style: one render uses ${credits(creditCost)} and one of your monthly generations (${month}).`;
}
