import { cn } from '@/lib/cn';
import type { Trend } from '@/lib/types';
import { PersonalizationPanel, type PersonalizationController } from '@/features/personalization';
import { Card } from '@/ui/card';
import { VARIATIONS, type Variation } from './wizard-state';

export interface PersonalizeStepProps {
  trend: Trend;
  /** The screen's personalization chooser; null when the trend does not take personal touches. */
  personalization: PersonalizationController | null;
  variation: Variation;
  onVariationChange: (variation: Variation) => void;
}

/** Step 2: the personalization chooser (photo or Describe Me) and the style variation. */
export function PersonalizeStep({ trend, personalization, variation, onVariationChange }: PersonalizeStepProps) {
  return (
    <div className="grid gap-5">
      <Card className="p-5 sm:p-6">
        {personalization ? (
          <PersonalizationPanel controller={personalization} title="Your look" />
        ) : (
          <p className="text-sm text-muted" data-testid="wizard-no-personalization">
            The {trend.name} style does not take personal touches. Pick a variation below.
          </p>
        )}
      </Card>

      <Card className="p-5 sm:p-6">
        <fieldset>
          <legend className="mb-3 text-base font-semibold">Choose Style Variation</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
            {VARIATIONS.map((v) => (
              <button
                key={v.id}
                type="button"
                aria-pressed={variation === v.id}
                onClick={() => onVariationChange(v.id)}
                data-testid={`wizard-variation-${v.id}`}
                className={cn(
                  'rounded-xl border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:p-4',
                  variation === v.id
                    ? 'border-violet-400/60 bg-violet-500/15'
                    : 'border-border bg-surface-2 hover:border-border-strong',
                )}
              >
                <span className="block text-sm font-semibold">{v.label}</span>
                <span className="mt-0.5 block text-xs text-muted">{v.hint}</span>
              </button>
            ))}
          </div>
        </fieldset>
      </Card>
    </div>
  );
}
