import { Link } from 'react-router-dom';
import { ArrowRight, Check, Crown, Loader2, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { ROLE_LABELS, type User } from '@/lib/types';
import { BillingTexts, isPaidPlan, openPortal, PLAN_PRICES, usePaymentsStatus } from '@/features/billing/billing-api';
import { isUpgrade } from '@/features/onboarding/plan-ladder';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { toast } from '@/ui/toast-store';
import { PLAN_DESCRIPTIONS, PLAN_ORDER } from './plans';

/** The settings' Subscription Plan card: the plans, each one above the member's leading to its checkout. */
export function PlanCard({ user }: { user: User }) {
  const plan = user.role === 'admin' ? null : user.role;
  const { data: status } = usePaymentsStatus();
  const [opening, setOpening] = useState(false);
  const manage = async () => {
    setOpening(true);
    try {
      await openPortal();
    } catch (error) {
      setOpening(false);
      toast({ title: BillingTexts.portalFailed, description: errorMessage(error, 'Please try again later'), variant: 'destructive' });
    }
  };

  return (
    <Card className="relative mt-4 overflow-hidden p-6 sm:p-7" data-testid="plan-card">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 size-64 rounded-full bg-fuchsia-600/15 blur-3xl" />
      <div className="relative flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold tracking-tight">Subscription Plan</h2>
          <p className="mt-1 text-sm text-muted">
            Current plan: <span className="font-semibold text-foreground" data-testid="current-plan">{ROLE_LABELS[user.role]}</span>
            {plan ? <> · {PLAN_DESCRIPTIONS[plan]}</> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {status?.canManage ? (
            <Button size="sm" variant="secondary" onClick={() => void manage()} disabled={opening} data-testid="settings-manage-subscription">
              {opening ? <Loader2 className="animate-spin" aria-hidden /> : <Settings2 aria-hidden />}
              Manage subscription
            </Button>
          ) : null}
          <Button asChild size="sm">
            <Link to="/settings/subscription">
              <Crown aria-hidden />
              Upgrade Plan
            </Link>
          </Button>
        </div>
      </div>
      {status && !status.configured ? (
        <p className="relative mt-4 rounded-xl border border-border bg-surface-2/60 p-3 text-sm text-muted" data-testid="settings-payments-not-configured">
          <span className="font-semibold text-foreground">{BillingTexts.noPaymentsTitle}.</span> {BillingTexts.noPaymentsHint}{' '}
          <a href="#referrals" className="font-medium text-violet-200 underline underline-offset-2">{BillingTexts.earnCredits}</a>.
        </p>
      ) : null}
      <p className="relative mt-4 text-xs text-muted">{BillingTexts.creditsVsGenerations}</p>
      <ul className="relative mt-5 grid gap-2 sm:grid-cols-2">
        {PLAN_ORDER.map((role) => {
          const current = role === user.role;
          const content = (
            <>
              <span className={cn('mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full',
                current ? 'bg-violet-500 text-white' : 'border border-border-strong')}>
                {current ? <Check className="size-3" aria-hidden /> : null}
              </span>
              <span className="flex-1">
                <span className="flex items-center gap-2 text-sm font-semibold">
                  {ROLE_LABELS[role]}
                  {current ? <Badge variant="brand" className="text-[10px]">Current</Badge> : null}
                  {PLAN_PRICES[role] && role !== 'free' ? <span className="text-xs font-normal text-muted">{PLAN_PRICES[role]} per month</span> : null}
                </span>
                <span className="text-xs text-muted">{PLAN_DESCRIPTIONS[role]}</span>
              </span>
            </>
          );
          const tile = 'flex items-start gap-3 rounded-xl border p-3';
          // A plan above the member's, sold online here: the tile is the way to its checkout.
          if (isPaidPlan(role) && isUpgrade(user.role, role) && status?.configured) {
            return (
              <li key={role}>
                <Link
                  to={`/settings/subscription?plan=${role}`}
                  aria-label={`Upgrade to ${ROLE_LABELS[role]}`}
                  data-testid={`settings-plan-${role}`}
                  className={cn(tile, 'group border-border bg-surface-2/60 transition-colors hover:border-violet-400/50 hover:bg-violet-500/10 focus-visible:outline-2 focus-visible:outline-primary')}
                >
                  {content}
                  <ArrowRight className="mt-0.5 size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5 group-hover:text-foreground" aria-hidden />
                </Link>
              </li>
            );
          }
          return (
            <li key={role} className={cn(tile, current ? 'border-violet-400/50 bg-violet-500/10' : 'border-border bg-surface-2/60')}>
              {content}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
