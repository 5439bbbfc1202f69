import { STATS_STRIP } from './figures';

/** Section 2. */
export function StatsStrip() {
  return (
    <section aria-label="TrendForge in numbers" className="relative border-y border-border bg-surface/60">
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-y-6 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8" data-testid="stats-strip">
        {STATS_STRIP.map(({ value, label }) => (
          <li key={label} className="text-center md:border-l md:border-border md:first:border-l-0">
            <span className="block bg-gradient-to-b from-white to-violet-200 bg-clip-text font-display text-3xl font-black tracking-tight text-transparent sm:text-4xl">
              {value}
            </span>
            <span className="mt-1 block text-sm text-muted">{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
