import { X } from 'lucide-react';
import { useTrends } from '@/features/trends/use-trends';
import { Button } from '@/ui/button';
import { hasFilters, type GalleryFilters } from './gallery-query';

const control =
  'h-10 w-full min-w-0 rounded-xl border border-border-strong bg-surface-2/80 px-3 text-sm text-foreground outline-none [color-scheme:dark] focus-visible:border-primary focus-visible:ring-4 focus-visible:ring-primary/20';

export interface GalleryFilterBarProps {
  filters: GalleryFilters;
  onChange: (patch: Partial<GalleryFilters>) => void;
}

/** Filter by trend and by creation day (inclusive range). */
export function GalleryFilterBar({ filters, onChange }: GalleryFilterBarProps) {
  const trends = useTrends();
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filters">
      <label className="col-span-2 grid gap-1 text-xs font-medium text-muted sm:w-56">
        Trend
        <select
          className={control}
          value={filters.trendId}
          onChange={(event) => onChange({ trendId: event.target.value })}
          data-testid="gallery-filter-trend"
        >
          <option value="">All trends</option>
          {(trends.data ?? []).map((trend) => (
            <option key={trend.slug} value={trend.slug}>
              {trend.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-xs font-medium text-muted sm:w-44">
        From
        <input
          type="date"
          className={control}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          data-testid="gallery-filter-from"
        />
      </label>
      <label className="grid gap-1 text-xs font-medium text-muted sm:w-44">
        To
        <input
          type="date"
          className={control}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          data-testid="gallery-filter-to"
        />
      </label>
      {hasFilters(filters) ? (
        <Button variant="ghost" className="col-span-2 w-fit" onClick={() => onChange({ trendId: '', from: '', to: '' })}>
          <X aria-hidden />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
