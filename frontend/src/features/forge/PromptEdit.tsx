import { useId, useState } from 'react';
import { ArrowLeft, RotateCcw, Wand2 } from 'lucide-react';
import { withPersonTraits } from '@trendforge/contracts';
import { cn } from '@/lib/cn';
import type { Trend, User } from '@/lib/types';
import { PersonalizationPanel, type PersonalizationController } from '@/features/personalization';
import { forgeTrendCost, needsCredits } from '@/features/trends/use-trends';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { RenderCostNote } from '@/features/usage/RenderCostNote';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Textarea } from '@/ui/input';
import { Label } from '@/ui/label';
import { BACKGROUND_STYLES, buildPrompt, PROMPT_TEMPLATES, STYLE_EXTRAS, type PromptOptions } from './prompt-builder';
import { TrendArt } from './TrendArt';
import { TrendBadges } from './trend-badges';
import { AllowanceNotice, AllowanceNoticeId, allowanceReached } from '@/features/usage/AllowanceNotice';

const EXTRAS_COLLAPSED = 12;

export interface PromptEditProps {
  trend: Trend;
  user: User | null;
  subject: string;
  onSubjectChange: (value: string) => void;
  options: PromptOptions;
  onOptionsChange: (options: PromptOptions) => void;
  onReset: () => void;
  onBack: () => void;
  onGenerate: () => void;
  busy?: boolean;
  /** The personalization chooser's state; null or absent when the trend does not support it. */
  personalization?: PersonalizationController | null;
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1.5 text-xs font-medium transition-colors',
        active
          ? 'border-violet-400/60 bg-violet-500/20 text-violet-100'
          : 'border-border bg-surface-2 text-muted hover:border-border-strong hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

export function PromptEdit({
  trend,
  user,
  subject,
  onSubjectChange,
  options,
  onOptionsChange,
  onReset,
  onBack,
  onGenerate,
  busy,
  personalization,
}: PromptEditProps) {
  const id = useId();
  const [allExtras, setAllExtras] = useState(false);
  const extras = allExtras ? STYLE_EXTRAS : STYLE_EXTRAS.slice(0, EXTRAS_COLLAPSED);
  const paid = needsCredits(trend);
  const cost = forgeTrendCost(trend);
  const traits = personalization?.value.personalization ?? '';
  const preview = subject.trim() ? withPersonTraits(buildPrompt(trend, subject, options), traits) : null;

  const toggleExtra = (extra: string) =>
    onOptionsChange({
      ...options,
      extras: options.extras.includes(extra) ? options.extras.filter((e) => e !== extra) : [...options.extras, extra],
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
      <div className="lg:col-start-1">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2" data-testid="back-to-styles">
          <ArrowLeft aria-hidden />
          Back to styles
        </Button>
      </div>

      <Card className="p-5 sm:p-6 lg:col-start-1">
        <div className="mb-2 flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-prompt`} className="text-base font-semibold">
            Describe your image
          </Label>
          <Button variant="ghost" size="sm" onClick={onReset} data-testid="reset-prompt">
            <RotateCcw aria-hidden />
            Reset to Original
          </Button>
        </div>
        <Textarea
          id={`${id}-prompt`}
          data-testid="prompt-input"
          value={subject}
          onChange={(e) => onSubjectChange(e.target.value)}
          placeholder={`e.g. my golden retriever surfing a giant wave, in ${trend.name} style`}
          rows={4}
          maxLength={1000}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !allowanceReached(user)) onGenerate();
          }}
        />
        <p className="mt-2 text-xs text-subtle">Tip: name a subject, an action and a mood. Ctrl + Enter generates.</p>
      </Card>

      {personalization ? (
        <Card className="p-5 sm:p-6 lg:col-start-1" data-testid="personalize-card">
          <PersonalizationPanel controller={personalization} />
        </Card>
      ) : null}

      <Card className="overflow-hidden lg:sticky lg:top-32 lg:col-start-2 lg:row-start-1 lg:row-span-4">
        <TrendArt trend={trend} eager className="aspect-[16/9] w-full" />
        <div className="grid gap-4 p-5 sm:p-6">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-subtle">Selected style</p>
            <h2 className="mt-1 text-xl font-bold tracking-tight">{trend.name}</h2>
            <TrendBadges trend={trend} className="mt-2 flex flex-wrap gap-1.5" />
          </div>
          {paid && user ? <UsageMeter user={user} trendCost={cost} variant="inline" /> : null}
          {user ? <RenderCostNote user={user} creditCost={paid ? cost : null} /> : null}
          {preview ? (
            <div className="rounded-xl border border-border bg-surface-2/70 p-3">
              <p className="mb-1 text-[11px] font-semibold uppercase tracking-widest text-subtle">Final prompt</p>
              <p className="line-clamp-6 text-xs leading-relaxed text-muted" data-testid="final-prompt">
                {preview}
              </p>
            </div>
          ) : null}
          {personalization?.value.photoId ? (
            <div className="flex items-center gap-3 rounded-xl border border-border bg-surface-2/70 p-2.5" data-testid="photo-attached">
              {personalization.state.photo.previewUrl ?? personalization.state.photo.url ? (
                <img
                  src={(personalization.state.photo.previewUrl ?? personalization.state.photo.url) as string}
                  alt=""
                  className="size-10 shrink-0 rounded-lg object-cover"
                />
              ) : null}
              <p className="text-xs text-muted">Your photo guides this image.</p>
            </div>
          ) : null}
          {allowanceReached(user) && user ? <AllowanceNotice user={user} /> : null}
          <Button
            size="lg"
            className="w-full"
            onClick={onGenerate}
            disabled={busy || allowanceReached(user)}
            aria-describedby={allowanceReached(user) ? AllowanceNoticeId : undefined}
            data-testid="generate-button"
          >
            <Wand2 aria-hidden />
            Generate My {trend.name}
          </Button>
          <p className="text-center text-xs text-subtle">
            {paid ? `Uses ${cost} ${cost === 1 ? 'credit' : 'credits'} · ` : ''}Usually ready in 15-30 seconds
          </p>
        </div>
      </Card>

      <Card className="grid gap-6 p-5 sm:p-6 lg:col-start-1">
        <fieldset>
          <legend className="mb-3 text-sm font-semibold">Smart prompt templates</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PROMPT_TEMPLATES.map((t) => (
              <button
                key={t.id}
                type="button"
                aria-pressed={options.template === t.id}
                onClick={() => onOptionsChange({ ...options, template: t.id })}
                className={cn(
                  'rounded-xl border p-3 text-left transition-colors',
                  options.template === t.id
                    ? 'border-violet-400/60 bg-violet-500/15'
                    : 'border-border bg-surface-2 hover:border-border-strong',
                )}
              >
                <span className="block text-sm font-semibold">{t.label}</span>
                <span className="block text-xs text-muted">{t.hint}</span>
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-sm font-semibold">Style Extras</legend>
          <div className="flex flex-wrap gap-2">
            {extras.map((extra) => (
              <Chip key={extra} active={options.extras.includes(extra)} onClick={() => toggleExtra(extra)}>
                {extra}
              </Chip>
            ))}
            <button
              type="button"
              onClick={() => setAllExtras((v) => !v)}
              className="rounded-full px-3 py-1.5 text-xs font-semibold text-violet-300 hover:text-violet-200"
            >
              {allExtras ? 'Show fewer' : `Show all (${STYLE_EXTRAS.length})`}
            </button>
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-sm font-semibold">Background Style</legend>
          <div className="flex flex-wrap gap-2">
            {BACKGROUND_STYLES.map((bg) => (
              <Chip
                key={bg}
                active={options.background === bg}
                onClick={() => onOptionsChange({ ...options, background: options.background === bg ? null : bg })}
              >
                {bg}
              </Chip>
            ))}
          </div>
        </fieldset>
      </Card>
    </div>
  );
}
