import type { Role } from '@/lib/types';

/** Spec part 1 section 4: free < basic < pro < pro_unlimited (admin is not on the ladder). */
const LADDER: Partial<Record<Role, number>> = { free: 0, basic: 1, pro: 2, pro_unlimited: 3 };

export function isUpgrade(from: Role | null, to: Role): boolean {
  const before = from ? LADDER[from] : undefined;
  const after = LADDER[to];
  return before !== undefined && after !== undefined && after > before;
}

const key = (userId: string) => `tf:last-role:${userId}`;

/** The role this browser last saw for the member (so a move up shows once). */
export function lastSeenRole(userId: string): Role | null {
  try {
    return (localStorage.getItem(key(userId)) as Role | null) ?? null;
  } catch {
    return null;
  }
}

export function rememberRole(userId: string, role: Role): void {
  try {
    localStorage.setItem(key(userId), role);
  } catch {
    // Private mode: the celebration may show again, nothing breaks.
  }
}

/** What each plan brings (spec part 2 section 6), for the celebration. */
export const PLAN_PERKS: Partial<Record<Role, string[]>> = {
  basic: ['20 generations per month', 'All standard trends', 'HD download'],
  pro: ['100 generations per month', 'Premium trends', 'Save favorite trends', 'Priority processing', 'Early access to drops'],
  pro_unlimited: ['Unlimited generations', 'Exclusive styles', 'Priority support', 'Beta access', 'Advanced customization', 'No watermarks'],
};
