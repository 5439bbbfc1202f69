import { Infinity as InfinityIcon, Zap } from 'lucide-react';
import * as Popover from '@radix-ui/react-popover';
import { cn } from '@/lib/cn';
import type { User } from '@/lib/types';
import { Progress, type ProgressTone } from '@/ui/progress';
import { generationsLeftText } from './credits-explained';
import { CreditsExplainer } from './CreditsExplainer';
import { FAIR_USE_CAP, getUsageMeterState, type MeterState } from './usage-meter-state';

const TONE: Record<MeterState, ProgressTone> = {
  danger: 'danger',
  warning: 'warning',
  good: 'good',
  unlimited: 'unlimited',
};

const TEXT: Record<MeterState, string> = {
  danger: 'text-rose-300',
  warning: 'text-amber-300',
  good: 'text-emerald-300',
  unlimited: 'text-fuchsia-200',
};

function meterLabel(user: User) {
  if (user.role === 'pro_unlimited') return `${user.monthlyUsage}/${FAIR_USE_CAP} this month`;
  return `${user.credits} ${user.credits === 1 ? 'credit' : 'credits'}`;
}

function tooltipText(user: User, message: string | null, state: MeterState) {
  if (message) return message;
  if (state === 'unlimited' && user.role === 'admin') return `Unlimited generations · ${user.credits} credits for premium trends`;
  if (state === 'unlimited') return 'Unlimited generations (fair use up to 1,000 a month)';
  if (state === 'warning' && user.role === 'pro_unlimited') return 'You are close to the fair-use limit this month';
  if (state === 'warning') return 'Credits running low';
  return 'Plenty of credits to keep forging';
}

export interface UsageMeterProps {
  user: User;
  /** A trend cost to check the balance against. */
  trendCost?: number;
  variant?: 'header' | 'compact' | 'inline';
  className?: string;
}

export function UsageMeter({ user, trendCost, variant = 'header', className }: UsageMeterProps) {
  const reading = getUsageMeterState(user, trendCost);
  const unlimited = user.role === 'pro_unlimited' || user.role === 'admin';
  const Icon = unlimited ? InfinityIcon : Zap;
  const label = meterLabel(user);

  if (variant === 'inline') {
    return (
      <div className={cn('grid gap-2', className)} data-testid="usage-meter-inline" data-state={reading.state}>
        <div className="flex items-center justify-between text-xs">
          <span className={cn('inline-flex items-center gap-1.5 font-semibold', TEXT[reading.state])}>
            <Icon className="size-3.5" aria-hidden />
            {unlimited && reading.state === 'unlimited' ? 'Unlimited' : label}
          </span>
          {reading.message ? <span className="text-rose-300">{reading.message}</span> : null}
        </div>
        <Progress value={reading.percent} tone={TONE[reading.state]} aria-label="Credits" />
        <p className="text-xs text-muted" data-testid="generations-left">
          {generationsLeftText(user)} · credits are only for premium trends
        </p>
      </div>
    );
  }

  // The meter opens what it counts: monthly generations for every trend, credits for premium ones.
  return (
    <Popover.Root>
      <Popover.Trigger
        data-testid={variant === 'compact' ? 'usage-meter-compact' : 'usage-meter'}
        data-meter-state={reading.state}
        title={tooltipText(user, reading.message, reading.state)}
        aria-label={`${unlimited ? 'Monthly usage' : 'Credits'}: ${label}${reading.message ? `. ${reading.message}` : ''}. How credits and monthly generations work`}
        className={cn(
          'flex items-center gap-2.5 rounded-full border border-border bg-surface-2/80 px-3 py-1.5 backdrop-blur transition hover:border-border-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
          variant === 'compact' && 'shadow-lg shadow-black/40',
          className,
        )}
      >
        <Icon className={cn('size-3.5 shrink-0', TEXT[reading.state])} aria-hidden />
        <span className={cn('whitespace-nowrap text-xs font-semibold tabular-nums', TEXT[reading.state])}>
          {unlimited && reading.state === 'unlimited' ? 'Unlimited' : label}
        </span>
        <Progress
          value={reading.percent}
          tone={TONE[reading.state]}
          className={cn('h-1.5', variant === 'compact' ? 'w-16' : 'hidden w-16 lg:block xl:w-20')}
          aria-hidden
        />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={variant === 'compact' ? 'top' : 'bottom'}
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-border-strong bg-surface-3 p-4 shadow-2xl shadow-black/50 animate-fade-in"
        >
          <p className={cn('mb-3 text-sm font-semibold', TEXT[reading.state])} data-testid="usage-meter-message">
            {tooltipText(user, reading.message, reading.state)}
          </p>
          <CreditsExplainer user={user} />
          <Popover.Arrow className="fill-surface-3" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
