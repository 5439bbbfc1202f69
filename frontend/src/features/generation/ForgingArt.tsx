import { cn } from '@/lib/cn';
import type { Trend } from '@/lib/types';
import { TrendArt } from '@/features/forge/TrendArt';
import type { Generation } from './documents';

/**
 * The art of a waiting screen: the trend's cover in a spinning ring while the generation waits,
 * then the picture itself as it forms (each new preview replaces the last; the image element
 * keeps showing the previous one until the next has loaded).
 */
export function ForgingArt({ trend, generation, ringClassName }: { trend: Trend; generation: Generation | null; ringClassName: string }) {
  const preview = generation?.status === 'active' ? generation.previewUrl : null;
  if (preview) {
    return (
      // Smaller on phones, so the status and bar stay in view under it.
      <div className="relative mb-6 w-full max-w-[14rem] sm:mb-8 sm:max-w-xs">
        <div aria-hidden className="absolute -inset-5 rounded-[2rem] bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
        <div className="relative overflow-hidden rounded-3xl bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] p-[3px]">
          <img
            src={preview}
            alt={`Your ${trend.name} image, still forming`}
            data-testid="generation-preview"
            className="block max-h-[45vh] w-full rounded-[calc(1.5rem-3px)] bg-background object-contain sm:max-h-[55vh]"
          />
        </div>
      </div>
    );
  }
  return (
    <div className={cn('relative mb-8', ringClassName)}>
      <div aria-hidden className="absolute -inset-6 rounded-full bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
      <div aria-hidden className="absolute inset-0 rounded-full bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] motion-safe:animate-spin [animation-duration:2.4s]" />
      <div className="absolute inset-[5px] overflow-hidden rounded-full bg-background">
        <TrendArt trend={trend} eager className="size-full opacity-80" />
      </div>
    </div>
  );
}
