import { Infinity as InfinityIcon, Zap } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { User } from '@/lib/types';
import { Progress, type ProgressTone } from '@/ui/progress';
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
  const unlimited = user.role === 'pro_unlimited';
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
      </div>
    );
  }

  return (
    <div
      data-testid={variant === 'compact' ? 'usage-meter-compact' : 'usage-meter'}
      data-state={reading.state}
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(reading.percent)}
      title={tooltipText(user, reading.message, reading.state)}
      aria-label={`${unlimited ? 'Monthly usage' : 'Credits'}: ${label}${reading.message ? `. ${reading.message}` : ''}`}
      className={cn(
        'flex items-center gap-2.5 rounded-full border border-border bg-surface-2/80 px-3 py-1.5 backdrop-blur',
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
    </div>
  );

}
