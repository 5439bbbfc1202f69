import { PlanMonthlyCredits, type PaidPlan, type Role } from '@trendforge/contracts';
import type { AccountEntity, LedgerKind } from './entities.js';
import type { BillingRepositories } from './repositories/index.js';

export interface PlanChange {
  userId: string;
  role: Role;
  /**
   * Grants the plan's monthly credits (Basic 25, Pro 100) once per key: an admin's change names the
   * plan and month, a paid invoice its id. Null grants nothing.
   */
  grantKey: string | null;
  kind: Extract<LedgerKind, 'admin' | 'subscription'>;
  actorId?: string;
  /** Why, for the ledger: after "role a → b: " when the role changes, alone otherwise. */
  reason: string;
}

/** The monthly credits a plan brings (none for Free, Pro Unlimited and admins). */
export const planCredits = (role: Role): number => PlanMonthlyCredits[role as PaidPlan] ?? 0;

/** The plans' order (spec part 1: free < basic < pro < pro_unlimited); admins are off the ladder. */
const Ladder: Partial<Record<Role, number>> = { free: 0, basic: 1, pro: 2, pro_unlimited: 3 };
const movesUp = (from: Role, to: Role) => (Ladder[to] ?? -1) > (Ladder[from] ?? Infinity);

/**
 * The one rule of a plan change, for admins' changes and payment webhooks alike: the role (the
 * month's allowance follows it: MonthlyAllowance) and the plan's monthly credits once per grant
 * key, on one ledger row. The credits come with a move up the ladder or a renewal of the same plan
 * (a paid invoice); a move down brings none (the month's credits were given already). Holds the account's row lock; the caller's transaction opened the account.
 * Answers the account after the change (unchanged when there was nothing to apply).
 */
export async function applyPlanChange(
  { accounts, planGrants, ledger }: Pick<BillingRepositories, 'accounts' | 'planGrants' | 'ledger'>, change: PlanChange,
): Promise<AccountEntity> {
  const account = (await accounts.lock(change.userId))!;
  const credits = planCredits(change.role);
  const grants = change.grantKey !== null && credits > 0 && (change.role === account.role || movesUp(account.role, change.role));
  const granted = grants ? await planGrants.grantOnce(change.userId, change.grantKey!, credits) : false;
  const delta = granted ? credits : 0;
  if (change.role === account.role && delta === 0) return account;

  const updated = await accounts.changePlan(change.userId, change.role, delta);
  const reason = change.role === account.role
    ? change.reason
    : `role ${account.role} → ${change.role}${change.reason ? `: ${change.reason}` : ''}`;
  await ledger.record({ userId: change.userId, delta, balanceAfter: updated.credits, kind: change.kind, actorId: change.actorId, reason });
  return updated;
}
