import type { Role } from '@/lib/types';

/** Spec part 1 section 6: the plan descriptions on settings (free 3 and basic 25 kept as given). */
export const PLAN_DESCRIPTIONS: Record<Exclude<Role, 'admin'>, string> = {
  free: '3 free credits',
  basic: '25 credits per month',
  pro: '100 credits per month',
  pro_unlimited: 'Unlimited generations with fair use of 1,000 per month',
};

/** The plans in ladder order, as the plan card lists them. */
export const PLAN_ORDER = ['free', 'basic', 'pro', 'pro_unlimited'] as const;
