import { useState } from 'react';
import { cn } from '@/lib/cn';
import type { Trend } from '@/lib/types';
import { initials } from '@/ui/avatar';
import { trendImage } from '@/features/trends/use-trends';

const PALETTES = [
  ['#7c3aed', '#db2777'],
  ['#4f46e5', '#06b6d4'],
  ['#c026d3', '#f59e0b'],
  ['#0ea5e9', '#8b5cf6'],
  ['#e11d48', '#7c3aed'],
  ['#059669', '#6366f1'],
  ['#f97316', '#d946ef'],
  ['#2563eb', '#ec4899'],
];

export function trendPalette(slug: string): [string, string] {
  let hash = 0;
  for (const ch of slug) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const [a, b] = PALETTES[hash % PALETTES.length];
  return [a, b];
}

/** The trend's preview image, or a generated gradient cover when it has none (or it fails). */
export function TrendArt({
  trend,
  className,
  eager = false,
}: {
  trend: Pick<Trend, 'slug' | 'name' | 'previewImage' | 'image' | 'preview'>;
  className?: string;
  eager?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = trendImage(trend);
  const [from, to] = trendPalette(trend.slug);
  const showImage = failedSrc !== src;
  return (
    <div
      className={cn('relative overflow-hidden', className)}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgb(255_255_255_/_0.35),transparent_45%)]" />
      <div aria-hidden className="absolute inset-0 bg-grid opacity-40 mix-blend-overlay" />
      <span
        aria-hidden
        className="absolute inset-0 flex items-center justify-center font-display text-6xl font-black tracking-tighter text-white/25"
      >
        {initials(trend.name)}
      </span>
      {showImage ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </div>
  );
}
