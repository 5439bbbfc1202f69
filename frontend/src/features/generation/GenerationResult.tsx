import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Image } from '@/lib/types';
import { CreationActions } from '@/features/sharing';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';
import { ResultImage, type ResultImageProps } from './ResultImage';

/** One labelled line of the result card (its caption, the prompt used). */
export interface ResultLine {
  label: string;
  text: ReactNode;
  testId: string;
}

export interface GenerationResultProps {
  /** The creation the generation made (its image, engine and what Save, Download and Share send). */
  creation: Image;
  trendName: string;
  /** data-testid of the whole view. */
  testId: string;
  /** The image's alt text, test id, and the screen's overlays (watermark, style label) or figure caption. */
  image: Omit<ResultImageProps, 'src' | 'engine'>;
  /** Badges after "Ready to share" and the trend's name. */
  badges?: ReactNode;
  /** Shown large: the caption, when the image does not carry it. */
  caption?: ResultLine;
  /** The prompt used, with its person traits. */
  prompt: ResultLine;
  /** The screen's own actions, under Save, Download and Share. */
  actions?: ReactNode;
  /** Further cards in the side column. */
  children?: ReactNode;
}

function Line({ line, className }: { line: ResultLine; className: string }) {
  return (
    <div>
      <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">{line.label}</p>
      <p className={cn('mt-1', className)} data-testid={line.testId}>
        {line.text}
      </p>
    </div>
  );
}

/**
 * A finished generation: the image beside a card with its caption, the prompt used and Save,
 * Download and Share, then the screen's own actions and cards (one column on phones).
 */
export function GenerationResult({ creation, trendName, testId, image, badges, caption, prompt, actions, children }: GenerationResultProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start" data-testid={testId}>
      <ResultImage src={creation.generatedImage} engine={creation.engine} {...image} />

      <div className="grid gap-4">
        <Card className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="success">Ready to share</Badge>
            <Badge variant="outline">{trendName}</Badge>
            {badges}
          </div>
          {caption ? <Line line={caption} className="text-base font-medium" /> : null}
          <Line line={prompt} className="break-words text-sm text-muted" />
          <CreationActions image={creation} trendName={trendName} />
          {actions}
        </Card>
        {children}
      </div>
    </div>
  );
}
