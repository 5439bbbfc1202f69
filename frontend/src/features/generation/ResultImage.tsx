import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { engineLabel } from '@/lib/types';
import { Card } from '@/ui/card';

export interface ResultImageProps {
  src: string;
  alt: string;
  /** The engine that made it (e.g. "studio"); shown as a badge when known. */
  engine: string | null | undefined;
  /** The image's data-testid. */
  testId: string;
  /** The corner of the engine badge; "right" when an overlay takes the top left. */
  engineCorner?: 'left' | 'right';
  /** Shown over the image's foot; the frame is then a figure with this as its figcaption. */
  caption?: ReactNode;
  /** Overlays on the image (watermark, style label, vignette), under the engine badge. */
  children?: ReactNode;
}

/** A finished generation's image in its card, with the engine badge and any overlays. */
export function ResultImage({ src, alt, engine, testId, engineCorner = 'left', caption, children }: ResultImageProps) {
  const label = engineLabel(engine);
  const Frame = caption === undefined ? 'div' : 'figure';
  return (
    <Card className="overflow-hidden p-2 sm:p-3">
      <Frame className="relative overflow-hidden rounded-xl bg-surface-3">
        <img src={src} alt={alt} data-testid={testId} className="mx-auto max-h-[75vh] w-full object-contain animate-fade-in" />
        {children}
        {label ? (
          <span
            data-testid="engine-label"
            className={cn(
              'absolute top-3 rounded-full bg-black/60 px-2.5 py-1 text-[11px] font-semibold uppercase tracking-wider text-white/90 backdrop-blur',
              engineCorner === 'left' ? 'left-3' : 'right-3',
            )}
          >
            {label}
          </span>
        ) : null}
        {caption === undefined ? null : (
          <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pb-3 pt-10 text-sm font-medium text-white">
            {caption}
          </figcaption>
        )}
      </Frame>
    </Card>
  );
}
