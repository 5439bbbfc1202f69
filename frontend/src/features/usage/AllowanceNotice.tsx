import { Link } from 'react-router-dom';
import { CalendarClock } from 'lucide-react';
import type { User } from '@/lib/types';
import { monthlyGenerations } from './credits-explained';

/** The member has used every generation of the month: a Generate button would only be refused. */
export function allowanceReached(user: Pick<User, 'role' | 'monthlyUsage'> | null | undefined): boolean {
  return user ? monthlyGenerations(user).left === 0 : false;
}

/** The first day of next month, as the member reads dates ("December 1"). */
function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export const AllowanceNoticeId = 'allowance-reached';

/**
 * Shown beside a disabled Generate button once the month's generations are used: why it is
 * disabled, when they come back, and what the member can do now (the plans page, which says how
 * to move up on this installation; referral credits for premium trends). The prompt stays as typed.
 */
export function AllowanceNotice({ user }: { user: Pick<User, 'role' | 'monthlyUsage'> }) {
  const { allowance } = monthlyGenerations(user);
  return (
    <div id={AllowanceNoticeId} role="status" className="rounded-xl border border-amber-400/30 bg-amber-500/10 p-3 text-sm text-amber-100" data-testid="allowance-reached">
      <p className="flex items-start gap-2 font-semibold">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
        You have used all {allowance} of this month’s generations
      </p>
      <p className="mt-1 text-amber-100/80">
        They come back on {nextMonthStart()}. Your prompt stays here until then. To keep creating now, move to a bigger plan.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 font-medium">
        <Link to="/settings/subscription" className="text-violet-200 underline underline-offset-2" data-testid="allowance-see-plans">See plans</Link>
        <Link to="/settings#referrals" className="text-violet-200 underline underline-offset-2">Earn credits by inviting friends</Link>
      </p>
    </div>
  );
}
