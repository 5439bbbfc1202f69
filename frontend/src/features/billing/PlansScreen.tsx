import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AlertTriangle, Check, CheckCircle2, Crown, Loader2, Settings2, ShieldCheck, UserCog, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { ROLE_LABELS, type User } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { isUpgrade, PLAN_PERKS } from '@/features/onboarding/plan-ladder';
import { PLAN_DESCRIPTIONS, PLAN_ORDER } from '@/features/settings/plans';
import { BackLink } from '@/ui/back-link';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { toast } from '@/ui/toast-store';
import {
  BillingTexts, isPaidPlan, openPortal, PLAN_PRICES, startCheckout, usePaymentsStatus, type PaidPlan, type PaymentsStatus,
} from './billing-api';
import { useCheckoutReturn } from './use-checkout-return';

/**
 * Each tile's "Credits:" line: what the plan adds to the balance premium trends draw on. The
 * settings' plan descriptions (spec) are kept, but Pro Unlimited's speaks of generations, and it
 * brings no credits (its generations are unlimited; premium trends still take credits).
 */
const PLAN_CREDITS: Record<(typeof PLAN_ORDER)[number], string> = {
  ...PLAN_DESCRIPTIONS,
  pro_unlimited: 'none added monthly; premium trends use your balance',
};

/** /settings/subscription: the plans, checkout for Basic and Pro, the customer portal, and the way back from checkout. */
export function PlansScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <PlansForUser user={user} />;
}

function PlansForUser({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const returning = params.get('checkout');
  const { data: status, isError } = usePaymentsStatus();
  const [busy, setBusy] = useState<PaidPlan | 'portal' | null>(null);
  const confirmation = useCheckoutReturn(returning === 'success', user, status);

  const checkout = async (plan: PaidPlan) => {
    setBusy(plan);
    try {
      await startCheckout(plan);
    } catch (error) {
      setBusy(null);
      toast({ title: BillingTexts.checkoutFailed, description: errorMessage(error, 'Please try again later'), variant: 'destructive' });
    }
  };
  const manage = async () => {
    setBusy('portal');
    try {
      await openPortal();
    } catch (error) {
      setBusy(null);
      toast({ title: BillingTexts.portalFailed, description: errorMessage(error, 'Please try again later'), variant: 'destructive' });
    }
  };

  // An "Upgrade to Pro" button elsewhere sends the member here with ?plan=pro: straight on to checkout.
  const wanted = params.get('plan');
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !status || !isPaidPlan(wanted)) return;
    started.current = true;
    setParams((p) => {
      p.delete('plan');
      return p;
    }, { replace: true });
    if (status.configured && isUpgrade(user.role, wanted)) void checkout(wanted);
    // Once, when the status first arrives (`started` guards re-runs).
  }, [status, wanted]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12" data-testid="plans">
      <BackLink to="/settings">Back to Settings</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Subscription Plan</h1>
          <p className="mt-1 text-muted">
            Current plan: <span className="font-semibold text-foreground" data-testid="plans-current">{ROLE_LABELS[user.role]}</span>
          </p>
        </div>
        {status?.canManage ? (
          <Button variant="secondary" onClick={() => void manage()} disabled={busy !== null} data-testid="manage-subscription">
            {busy === 'portal' ? <Loader2 className="animate-spin" aria-hidden /> : <Settings2 aria-hidden />}
            Manage subscription
          </Button>
        ) : null}
      </div>

      <div className="mt-6 grid gap-3" aria-live="polite">
        {returning === 'success' ? <ReturnNotice state={confirmation} user={user} /> : null}
        {returning === 'cancelled' ? (
          <Notice tone="muted" icon={<XCircle aria-hidden />} testId="checkout-cancelled">{BillingTexts.cancelled}</Notice>
        ) : null}
        {status && !status.configured ? (
          <Notice tone="muted" icon={<ShieldCheck aria-hidden />} testId="payments-not-configured">
            <span className="font-semibold">{BillingTexts.noPaymentsTitle}.</span> {BillingTexts.noPaymentsHint}{' '}
            <Link to="/settings#referrals" className="font-medium text-violet-200 underline underline-offset-2" data-testid="plans-earn-credits">
              {BillingTexts.earnCredits}
            </Link>
            .
          </Notice>
        ) : null}
        {isError ? (
          <Notice tone="warning" icon={<AlertTriangle aria-hidden />} testId="payments-unavailable">
            Plans could not be loaded. Please try again later.
          </Notice>
        ) : null}
      </div>

      <p className="mt-6 text-sm text-muted" data-testid="credits-vs-generations">{BillingTexts.creditsVsGenerations}</p>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="plan-tiles">
        {PLAN_ORDER.map((plan) => (
          <PlanTile key={plan} plan={plan} user={user} status={status} busy={busy} onCheckout={checkout} />
        ))}
      </ul>
      {status ? (
        <p className="mt-6 text-center text-xs text-muted" data-testid="plans-footnote">
          {status.configured
            ? `${BillingTexts.pricesFootnote} ${status.canManage ? BillingTexts.manageFootnote : BillingTexts.subscribeFootnote}`
            : BillingTexts.noPaymentsFootnote}
        </p>
      ) : null}
    </div>
  );
}

function PlanTile({ plan, user, status, busy, onCheckout }: {
  plan: (typeof PLAN_ORDER)[number]; user: User; status: PaymentsStatus | undefined; busy: PaidPlan | 'portal' | null;
  onCheckout: (plan: PaidPlan) => Promise<void>;
}) {
  const current = plan === user.role;
  const price = PLAN_PRICES[plan];
  const upgrade = isUpgrade(user.role, plan);
  const featured = plan === 'pro';
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border p-5',
        current ? 'border-violet-400/60 bg-violet-500/10' : featured ? 'border-fuchsia-400/40 bg-surface/80' : 'border-border bg-surface/80',
      )}
      data-testid={`plan-tile-${plan}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold tracking-tight">{ROLE_LABELS[plan]}</h2>
        {current ? <Badge variant="brand" className="text-[10px]">Current</Badge> : featured ? <Badge className="text-[10px]">Popular</Badge> : null}
      </div>
      <p className="mt-2">
        {price ? (
          <>
            <span className="font-display text-3xl font-black">{price}</span>
            {plan !== 'free' ? <span className="text-sm text-muted"> per month</span> : null}
          </>
        ) : (
          <span className="font-display text-2xl font-black">On request</span>
        )}
      </p>
      <p className="mt-1 text-sm text-muted">
        <span className="font-medium text-foreground">Credits:</span> {PLAN_CREDITS[plan]}
      </p>
      <p className="mt-3 text-xs font-semibold uppercase tracking-wider text-subtle">Generations and perks</p>
      <ul className="mt-2 grid flex-1 content-start gap-1.5 text-sm">
        {(PLAN_PERKS[plan] ?? ['5 generations per month', 'Basic trends and styles', 'Save and share creations']).map((perk) => (
          <li key={perk} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden />
            {perk}
          </li>
        ))}
      </ul>
      <div className="mt-5">
        {current ? (
          <Button variant="outline" className="w-full" disabled>Your plan</Button>
        ) : upgrade && isPaidPlan(plan) && status?.configured ? (
          <Button
            className="w-full"
            variant={featured ? 'primary' : 'secondary'}
            disabled={busy !== null}
            onClick={() => void onCheckout(plan)}
            data-testid={`upgrade-${plan}`}
          >
            {busy === plan ? <Loader2 className="animate-spin" aria-hidden /> : <Crown aria-hidden />}
            Upgrade to {ROLE_LABELS[plan]}
          </Button>
        ) : upgrade && status ? (
          // Not sold online (Pro Unlimited), or nothing is sold on this installation: an admin moves the member.
          <p className="flex items-start gap-2 rounded-xl border border-border bg-surface-2/60 p-3 text-sm text-muted" data-testid={`ask-admin-${plan}`}>
            <UserCog className="mt-0.5 size-4 shrink-0 text-violet-300" aria-hidden />
            {BillingTexts.askAdmin(ROLE_LABELS[plan])}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ReturnNotice({ state, user }: { state: ReturnType<typeof useCheckoutReturn>; user: User }) {
  if (state === 'confirmed') {
    return (
      <Notice tone="success" icon={<CheckCircle2 aria-hidden />} testId="checkout-confirmed">
        Payment received. You're now on <span className="font-semibold">{ROLE_LABELS[user.role]}</span>.
      </Notice>
    );
  }
  return (
    <Notice tone="muted" icon={<Loader2 className="animate-spin" aria-hidden />} testId="checkout-confirming">
      {state === 'slow' ? BillingTexts.confirmingSlow : BillingTexts.confirming}
    </Notice>
  );
}

const tones = {
  success: 'border-emerald-400/30 bg-emerald-500/10 text-emerald-100',
  warning: 'border-amber-400/30 bg-amber-500/10 text-amber-100',
  muted: 'border-border bg-surface-2/60 text-foreground',
} as const;

function Notice({ tone, icon, testId, children }: { tone: keyof typeof tones; icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card className={cn('flex items-start gap-3 p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0', tones[tone])} data-testid={testId} role="status">
      {icon}
      <p>{children}</p>
    </Card>
  );
}
