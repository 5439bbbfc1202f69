import { BadgeCheck, Crown, Flame, Sparkles, Star, Timer } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { creditBadge } from '@/features/trends/use-trends';

const CATEGORY_BADGES = new Set([
  'DEMO',
  'Pro Only',
  'Limited',
  'Premium',
  'Bestseller',
  'New',
  'Featured',
  'Experimental',
]);

export interface TrendBadgeInfo {
  label: string;
  variant: BadgeVariant;
  icon?: typeof Star;
}

export function trendBadges(trend: Trend): TrendBadgeInfo[] {
  const badges: TrendBadgeInfo[] = [];
  if (trend.isWeeklyTrend) badges.push({ label: 'Trend of the Week', variant: 'brand', icon: Flame });
  if (trend.available === false) badges.push({ label: 'Coming Soon', variant: 'muted', icon: Timer });
  if (trend.category && CATEGORY_BADGES.has(trend.category)) {
    const premiumish = trend.category === 'Premium' || trend.category === 'Pro Only';
    badges.push({
      label: trend.category,
      variant: premiumish ? 'warning' : 'default',
      icon: premiumish ? Crown : trend.category === 'New' ? Sparkles : undefined,
    });
  }
  const credits = creditBadge(trend);
  if (credits) badges.push({ label: credits, variant: 'outline' });
  if (trend.verified) badges.push({ label: 'Verified', variant: 'success', icon: BadgeCheck });
  return badges;
}

export function TrendBadges({ trend, max, className }: { trend: Trend; max?: number; className?: string }) {
  const list = trendBadges(trend).slice(0, max);
  return (
    <div className={className ?? 'flex flex-wrap gap-1.5'}>
      {list.map(({ label, variant, icon: Icon }) => (
        <Badge key={label} variant={variant} data-testid="trend-badge">
          {Icon ? <Icon aria-hidden /> : null}
          {label}
        </Badge>
      ))}
    </div>
  );
}
