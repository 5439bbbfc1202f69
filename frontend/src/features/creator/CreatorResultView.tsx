import { CheckCircle2, PenLine, Share2, Sparkles } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { GenerationResult } from '@/features/generation/GenerationResult';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { AnalysisCard } from './AnalysisCard';
import { TipsCard } from './StyleTipsCard';
import { sharingTips, type CreatorContent } from './creator-content';
import type { CreatorResult } from './use-creator-generation';

export interface CreatorResultViewProps {
  trend: Trend;
  result: CreatorResult;
  content: CreatorContent;
  /** Labels of the style options that were on. */
  flagLabels: string[];
  onNewPrompt: () => void;
  onAnalyze: () => void;
}

/** The result: the image with the style's overlays, its features, sharing tips, New Prompt, Save, Download, Share. */
export function CreatorResultView({ trend, result, content, flagLabels, onNewPrompt, onAnalyze }: CreatorResultViewProps) {
  const { image } = result;
  const features = [...content.features, ...flagLabels, ...(result.vibe ? [`${result.vibe} vibe`] : [])];

  return (
    <GenerationResult
      testId="creator-result"
      creation={image}
      trendName={trend.name}
      image={{
        alt: result.userPrompt,
        testId: 'creator-result-image',
        engineCorner: 'right',
        caption: image.caption,
        children: (
          <>
            {/* The style's overlays: a soft vignette that frames it and its label (the engine badge sits on top). */}
            <div aria-hidden className="pointer-events-none absolute inset-0 shadow-[inset_0_0_80px_rgb(0_0_0_/_0.45)]" />
            <span
              className="absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-brand px-3 py-1 text-[11px] font-bold uppercase tracking-wider text-white shadow-lg"
              data-testid="creator-result-overlay"
            >
              <Sparkles aria-hidden className="size-3" />
              {content.overlay}
            </span>
          </>
        ),
      }}
      prompt={{ label: 'Prompt used', text: result.finalPrompt, testId: 'creator-result-prompt' }}
      actions={
        <Button variant="outline" onClick={onNewPrompt} data-testid="creator-new-prompt">
          <PenLine aria-hidden />
          New Prompt
        </Button>
      }
    >
      <AnalysisCard prompt={result.userPrompt} onAnalyze={onAnalyze} title="Viral potential of this prompt" />

      <Card className="p-5" data-testid="creator-result-features">
        <p className="mb-3 text-sm font-semibold">What makes it {trend.name}</p>
        <ul className="grid gap-2 text-sm text-muted">
          {features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
      </Card>

      <TipsCard
        testId="creator-sharing-tips"
        tips={sharingTips(trend.name)}
        title={
          <>
            <Share2 aria-hidden className="size-4 text-violet-300" />
            Sharing tips
          </>
        }
      />
    </GenerationResult>
  );
}
