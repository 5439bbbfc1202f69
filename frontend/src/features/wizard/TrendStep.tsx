import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Trend } from '@/lib/types';
import { TrendArt } from '@/features/forge/TrendArt';
import { TrendBadges } from '@/features/forge/trend-badges';

export interface TrendStepProps {
  trends: Trend[];
  selected: Trend | null;
  onSelect: (trend: Trend) => void;
}

/** Step 0: the trend list; a Coming Soon trend cannot be chosen. */
export function TrendStep({ trends, selected, onSelect }: TrendStepProps) {
  if (!trends.length) {
    return <p className="rounded-2xl border border-border bg-surface/60 p-8 text-center text-sm text-muted">No trends available right now. Check back soon!</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" aria-label="Trends">
      {trends.map((trend) => {
        const active = selected?.slug === trend.slug;
        const soon = trend.available === false;
        return (
          <li key={trend.slug}>
            <button
              type="button"
              aria-pressed={active}
              disabled={soon}
              onClick={() => onSelect(trend)}
              data-testid={`wizard-trend-${trend.slug}`}
              className={cn(
                'group relative flex h-full w-full flex-col overflow-hidden rounded-2xl border bg-surface-2 text-left transition-[border-color,box-shadow,transform] duration-200',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-55',
                active
                  ? 'border-violet-400/80 shadow-[0_0_0_3px_rgb(139_92_246_/_0.35),0_20px_50px_-20px_rgb(168_85_247_/_0.6)]'
                  : 'border-border enabled:hover:-translate-y-0.5 enabled:hover:border-violet-400/40',
              )}
            >
              <TrendArt trend={trend} className="aspect-[4/3] w-full transition-transform duration-500 group-enabled:group-hover:scale-[1.03]" />
              {active ? (
                <span className="absolute right-2.5 top-2.5 grid size-7 place-items-center rounded-full bg-brand text-white shadow-lg">
                  <Check aria-hidden className="size-4" />
                </span>
              ) : null}
              <span className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
                <span className="text-sm font-semibold leading-tight sm:text-base">{trend.name}</span>
                <TrendBadges trend={trend} max={2} className="flex flex-wrap gap-1" />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
