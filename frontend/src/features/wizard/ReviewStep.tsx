import type { ReactNode } from 'react';
import { Coins } from 'lucide-react';
import type { Trend } from '@/lib/types';
import type { PersonalizationValue } from '@/features/personalization';
import { TrendArt } from '@/features/forge/TrendArt';
import { Card } from '@/ui/card';
import { creditsNote, variationLabel, type Variation } from './wizard-state';

export interface ReviewStepProps {
  trend: Trend;
  /** The prompt that will be sent (the enhanced one when kept). */
  prompt: string;
  enhanced: boolean;
  personalization: PersonalizationValue;
  variation: Variation;
  /** Credits this generation uses; 0 for free trends. */
  cost: number;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-b-0 sm:grid-cols-[160px_minmax(0,1fr)] sm:gap-4">
      <dt className="text-xs font-semibold uppercase tracking-widest text-subtle sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 break-words text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Step 3: what will be generated, and what it costs. */
export function ReviewStep({ trend, prompt, enhanced, personalization, variation, cost }: ReviewStepProps) {
  const traits = personalization.personalization;
  return (
    <Card className="overflow-hidden">
      <div className="grid md:grid-cols-[240px_minmax(0,1fr)]">
        <TrendArt trend={trend} eager className="aspect-[16/9] w-full md:aspect-auto md:h-full" />
        <div className="p-5 sm:p-6">
          <dl>
            <Row label="Style" testId="wizard-review-style">
              <span className="font-semibold">{trend.name}</span>
            </Row>
            <Row label={enhanced ? 'Prompt (enhanced)' : 'Prompt'} testId="wizard-review-prompt">
              {prompt}
            </Row>
            <Row label="Personalization" testId="wizard-review-personalization">
              {traits || personalization.photoId ? (
                <>
                  {personalization.photoId ? <span className="block text-muted">Your photo guides this image.</span> : null}
                  {traits ? <span>{traits}</span> : null}
                </>
              ) : (
                <span className="text-muted">None</span>
              )}
            </Row>
            <Row label="Variation" testId="wizard-review-variation">
              {variationLabel(variation)}
            </Row>
          </dl>
          {cost > 0 ? (
            <p
              className="mt-4 flex items-center gap-2 rounded-xl border border-amber-400/25 bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
              data-testid="wizard-credits-note"
            >
              <Coins aria-hidden className="size-4 shrink-0" />
              {creditsNote(cost)}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
