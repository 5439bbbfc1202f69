import type { Role } from '@/lib/types';

export type MeterState = 'danger' | 'warning' | 'good' | 'unlimited';

/** Meter maxima as given by the spec (basic 30 and free 10 are kept on purpose). */
export const METER_MAX_CREDITS: Record<Exclude<Role, 'pro_unlimited'>, number> = {
  pro: 100,
  basic: 30,
  free: 10,
  admin: 100,
};
export const FAIR_USE_CAP = 1000;
export const FAIR_USE_WARNING = 750;

export const FADING_MESSAGE = 'Your viral potential is fading fast!';

export interface MeterInput {
  role: Role;
  credits: number;
  monthlyUsage: number;
}

export interface MeterReading {
  state: MeterState;
  /** 0–100, for the bar. */
  percent: number;
  message: string | null;
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(100, value));
}

/** Spec part1 s4 "Usage meter states". */
export function getUsageMeterState(user: MeterInput, trendCost?: number): MeterReading {
  if (user.role === 'pro_unlimited') {
    const percent = clampPercent((user.monthlyUsage / FAIR_USE_CAP) * 100);
    return user.monthlyUsage >= FAIR_USE_WARNING
      ? { state: 'warning', percent, message: null }
      : { state: 'unlimited', percent, message: null };
  }
  // An admin has unlimited generations: no "fading" for a balance only premium trends draw on.
  if (user.role === 'admin') {
    return trendCost !== undefined && user.credits < trendCost
      ? { state: 'danger', percent: 0, message: `Not enough credits (${user.credits}/${trendCost} needed)` }
      : { state: 'unlimited', percent: 100, message: null };
  }
  const max = METER_MAX_CREDITS[user.role] ?? METER_MAX_CREDITS.free;
  const rawPercent = (user.credits / max) * 100;
  const percent = clampPercent(rawPercent);
  if (trendCost !== undefined && user.credits < trendCost) {
    return { state: 'danger', percent, message: `Not enough credits (${user.credits}/${trendCost} needed)` };
  }
  if (rawPercent <= 20) return { state: 'danger', percent, message: FADING_MESSAGE };
  if (rawPercent <= 50) return { state: 'warning', percent, message: null };
  return { state: 'good', percent, message: null };
}
