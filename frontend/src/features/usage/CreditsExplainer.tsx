import { Link } from 'react-router-dom';
import { CalendarDays, Gift, Sparkles } from 'lucide-react';
import type { User } from '@/lib/types';
import { Progress } from '@/ui/progress';
import { monthlyGenerations, REFERRAL_CREDITS } from './credits-explained';

/** Monthly generations vs credits, in the spec's words where it has them and plainly where it is silent. */
export function CreditsExplainer({ user }: { user: User }) {
  const generations = monthlyGenerations(user);
  return (
    <div className="grid gap-4 text-sm" data-testid="credits-explained">
      <section className="grid gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <CalendarDays className="size-4 text-violet-300" aria-hidden />
          Monthly generations
        </h3>
        {generations.allowance === null ? (
          <p className="text-muted">Unlimited generations, with fair use of 1,000 a month ({generations.used} used this month).</p>
        ) : (
          <>
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-muted">Every image uses one, on every trend.</span>
              <span className="whitespace-nowrap font-semibold tabular-nums" data-testid="generations-used">
                {generations.used} of {generations.allowance} used
              </span>
            </p>
            <Progress value={(generations.used / generations.allowance) * 100} aria-label="Monthly generations used" />
            <p className="text-xs text-muted">They start again on the 1st of each month.</p>
          </>
        )}
      </section>
      <section className="grid gap-1.5">
        <h3 className="flex items-center gap-2 font-semibold">
          <Sparkles className="size-4 text-fuchsia-300" aria-hidden />
          Credits: {user.credits}
        </h3>
        <p className="text-muted">
          Premium trends cost credits (Ghibli costs 3). Free trends and the Trend of the Week use no credits, only your monthly generations.
        </p>
      </section>
      <p className="flex items-start gap-2 rounded-xl border border-violet-400/20 bg-violet-500/10 p-3 text-violet-100">
        <Gift className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Get {REFERRAL_CREDITS} free credits per friend who joins through your referral link.{' '}
          <Link to="/settings#referrals" className="font-semibold underline underline-offset-2">
            Your link
          </Link>
        </span>
      </p>
    </div>
  );
}
