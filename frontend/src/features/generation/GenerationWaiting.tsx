import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { TrendArt } from '@/features/forge/TrendArt';
import type { Generation } from './documents';
import { GenerationProgress } from './GenerationProgress';

/** Spec part 2 section 9: the generation estimate, said on every waiting screen. */
export const GENERATION_ESTIMATE = 'Generation usually takes 15-30 seconds.';

/** The picture as it forms (each new preview replaces the last), while the generation is being made. */
const formingPreview = (generation: Generation | null) => (generation?.status === 'active' ? generation.previewUrl : null);

function FormingImage({ src, trend, className }: { src: string; trend: Trend; className: string }) {
  // The element keeps showing the previous preview until the next one has loaded.
  return <img src={src} alt={`Your ${trend.name} image, still forming`} data-testid="generation-preview" className={className} />;
}

export interface GenerationWaitingProps {
  trend: Trend;
  /** The generation being followed; null until it is accepted. */
  generation: Generation | null;
  /** data-testid of the status line (and of the bar), as each screen's tests and e2e name them. */
  statusTestId: string;
  progressTestId?: string;
  testId?: string;
  /**
   * "Creating your {trend}" said as a status; left out where the screen's own heading says it
   * (the wizard's step title).
   */
  title?: ReactNode;
  /**
   * stage: a screen of its own (the trend's cover in a spinning ring, then the forming picture);
   * overlay: over the art of a preview card (the caller's relative box), as on the creator page.
   */
  variant?: 'stage' | 'overlay';
}

/**
 * A generation being waited for: queue position and ETA, progress, and the picture as it forms
 * (the partial previews), the same on the Forge, the wizard and the creator page.
 */
export function GenerationWaiting({ trend, generation, statusTestId, progressTestId, testId, title, variant = 'stage' }: GenerationWaitingProps) {
  const preview = formingPreview(generation);
  const heading = (Tag: 'h2' | 'p', className: string) =>
    title ? (
      <Tag className={className} role="status">
        {title}
      </Tag>
    ) : null;

  if (variant === 'overlay') {
    return (
      <>
        {preview ? <FormingImage src={preview} trend={trend} className="absolute inset-0 size-full bg-black object-contain" /> : null}
        {/* Over the forming picture a lighter scrim at its foot keeps the status readable. */}
        <div
          className={preview ? 'absolute inset-0 flex items-end justify-center bg-gradient-to-t from-black/85 via-black/20 to-transparent' : 'absolute inset-0 grid place-items-center bg-black/55 backdrop-blur-sm'}
          data-testid={testId}
        >
          <div className={preview ? 'w-full max-w-xs px-6 pb-4 text-center' : 'w-full max-w-xs px-6 text-center'}>
            {preview ? null : <Loader2 aria-hidden className="mx-auto mb-3 size-10 animate-spin text-violet-300" />}
            {heading('p', 'text-lg font-bold')}
            {preview ? null : <p className="mt-1 text-xs text-white/70">{GENERATION_ESTIMATE}</p>}
            <GenerationProgress generation={generation} statusTestId={statusTestId} progressTestId={progressTestId} tone="overlay" />
          </div>
        </div>
      </>
    );
  }

  return (
    // Tighter on phones, so the live status stays in view under the art.
    <div className="mx-auto flex max-w-lg flex-col items-center py-6 text-center sm:py-10" data-testid={testId}>
      {preview ? (
        <div className="relative mb-6 w-full max-w-[14rem] sm:mb-8 sm:max-w-xs">
          <div aria-hidden className="absolute -inset-5 rounded-[2rem] bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
          <div className="relative overflow-hidden rounded-3xl bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] p-[3px]">
            <FormingImage src={preview} trend={trend} className="block max-h-[45vh] w-full rounded-[calc(1.5rem-3px)] bg-background object-contain sm:max-h-[55vh]" />
          </div>
        </div>
      ) : (
        <div className="relative mb-6 size-36 sm:mb-8 sm:size-48">
          <div aria-hidden className="absolute -inset-6 rounded-full bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
          <div aria-hidden className="absolute inset-0 rounded-full bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] motion-safe:animate-spin [animation-duration:2.4s]" />
          <div className="absolute inset-[5px] overflow-hidden rounded-full bg-background">
            <TrendArt trend={trend} eager className="size-full opacity-80" />
          </div>
        </div>
      )}
      {heading('h2', 'mb-4 text-2xl font-bold tracking-tight sm:mb-6')}
      <div className="w-full max-w-sm">
        <GenerationProgress generation={generation} statusTestId={statusTestId} progressTestId={progressTestId} />
      </div>
      <p className="mt-4 text-sm text-muted">{GENERATION_ESTIMATE}</p>
    </div>
  );
}
