import { useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { VariationTypes, type VariationType } from '@trendforge/contracts';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api';
import { toast } from '@/ui/toast-store';
import { fetchPromptVariation, type TrendRef } from './assist-api';
import { CreatorMessages } from './creator-messages';

const LABELS: Record<VariationType, { label: string; hint: string }> = {
  standard: { label: 'Standard', hint: 'True to the trend' },
  detailed: { label: 'Detailed', hint: 'Rich textures and light' },
  artistic: { label: 'Artistic', hint: 'Expressive and bold' },
  minimalist: { label: 'Minimalist', hint: 'Clean and simple' },
};

export interface VariationPickerProps {
  trend: TrendRef;
  /** The Step 1 text the variation is written from. */
  baseSubject: string;
  selected: VariationType | null;
  disabled?: boolean;
  /** The variation's prompt; null when it failed (the page reverts to the base subject). */
  onResult: (type: VariationType, prompt: string | null) => void;
}

/**
 * Step 4 (spec part 2 sections 5 and 8): rewrites the Step 1 text as one of four variations.
 * It needs that text ("Step 1 first"); a failure says "Generation failed".
 */
export function VariationPicker({ trend, baseSubject, selected, disabled, onResult }: VariationPickerProps) {
  const [busy, setBusy] = useState<VariationType | null>(null);
  // Only the latest choice's answer counts.
  const latest = useRef(0);

  const choose = async (type: VariationType) => {
    const subject = baseSubject.trim();
    if (!subject) {
      toast({ title: CreatorMessages.variationNeedsSubjectTitle, description: CreatorMessages.variationNeedsSubject });
      return;
    }
    const ticket = ++latest.current;
    setBusy(type);
    try {
      const prompt = await fetchPromptVariation(trend, subject, type);
      if (ticket === latest.current) onResult(type, prompt);
    } catch (error) {
      if (ticket !== latest.current) return;
      toast({ title: CreatorMessages.variationFailedTitle, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      onResult(type, null);
    } finally {
      if (ticket === latest.current) setBusy(null);
    }
  };

  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label="Prompt variation">
      {VariationTypes.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={selected === type}
          aria-busy={busy === type}
          disabled={disabled || busy !== null}
          data-testid={`creator-variation-${type}`}
          onClick={() => void choose(type)}
          className={cn(
            'relative rounded-xl border p-3 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-60',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
            selected === type ? 'border-violet-400/60 bg-violet-500/15' : 'border-border bg-surface-2 hover:border-border-strong',
          )}
        >
          <span className="flex items-center gap-1.5 text-sm font-semibold">
            {LABELS[type].label}
            {busy === type ? <Loader2 aria-hidden className="size-3.5 animate-spin text-violet-300" /> : null}
          </span>
          <span className="block text-xs text-muted">{LABELS[type].hint}</span>
        </button>
      ))}
    </div>
  );
}
