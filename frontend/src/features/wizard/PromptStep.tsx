import { useId } from 'react';
import { Loader2, Sparkles, Undo2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { TrendArt } from '@/features/forge/TrendArt';
import { TrendBadges } from '@/features/forge/trend-badges';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Textarea } from '@/ui/input';
import { Label } from '@/ui/label';

export interface PromptStepProps {
  trend: Trend;
  prompt: string;
  enhancedPrompt: string | null;
  onPromptChange: (prompt: string) => void;
  onEnhance: () => void;
  enhancing: boolean;
  /** The coach's words about the prompt, shown with the enhanced prompt. */
  feedback: string | null;
  onDropEnhanced: () => void;
}

/** Step 1: the prompt, the enhance option and the selected style. */
export function PromptStep({ trend, prompt, enhancedPrompt, onPromptChange, onEnhance, enhancing, feedback, onDropEnhanced }: PromptStepProps) {
  const id = useId();
  const blank = !prompt.trim();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_320px] lg:items-start">
      <Card className="grid gap-4 p-5 sm:p-6">
        <div>
          <Label htmlFor={`${id}-prompt`} className="mb-2 block text-base font-semibold">
            Your idea
          </Label>
          <Textarea
            id={`${id}-prompt`}
            data-testid="wizard-prompt"
            value={prompt}
            onChange={(e) => onPromptChange(e.target.value)}
            placeholder={`Describe what you want to create in ${trend.name} style...`}
            rows={5}
            maxLength={1000}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => onEnhance()}
            disabled={blank || enhancing}
            data-testid="wizard-enhance"
          >
            {enhancing ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden className="text-violet-300" />}
            {enhancing ? 'Enhancing...' : enhancedPrompt ? 'Enhance again' : 'Enhance prompt'}
          </Button>
          <p className="text-xs text-subtle">Our prompt coach rewrites your idea with richer, on-style detail.</p>
        </div>

        {enhancedPrompt ? (
          <div className="rounded-xl border border-violet-400/30 bg-violet-500/10 p-4 animate-fade-in" data-testid="wizard-enhanced">
            <p className="flex items-center gap-1.5 text-[11px] font-semibold uppercase tracking-widest text-violet-200">
              <Sparkles aria-hidden className="size-3.5" />
              Enhanced prompt · this is what we'll create
            </p>
            <p className="mt-2 text-sm leading-relaxed" data-testid="wizard-enhanced-prompt">
              {enhancedPrompt}
            </p>
            {feedback ? <p className="mt-2 text-xs text-muted">{feedback}</p> : null}
            <Button variant="ghost" size="sm" className="-ml-2 mt-2" onClick={onDropEnhanced} data-testid="wizard-drop-enhanced">
              <Undo2 aria-hidden />
              Use my original prompt
            </Button>
          </div>
        ) : null}
      </Card>

      <Card className="overflow-hidden" data-testid="wizard-style-card">
        <TrendArt trend={trend} eager className="aspect-[16/9] w-full lg:aspect-[4/3]" />
        <div className="grid gap-2 p-5">
          <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Selected style</p>
          <h3 className="text-lg font-bold tracking-tight">{trend.name}</h3>
          <TrendBadges trend={trend} className="flex flex-wrap gap-1.5" />
          {trend.description ? <p className="text-sm text-muted">{trend.description}</p> : null}
        </div>
      </Card>
    </div>
  );
}
