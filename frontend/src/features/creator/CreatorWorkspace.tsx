import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Wand2, Zap } from 'lucide-react';
import { creatorPrompt, withPersonTraits, type VariationType } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { TrendBadges } from '@/features/forge/trend-badges';
import { GenerationPage } from '@/features/generation/GenerationPage';
import { PersonalizationPanel } from '@/features/personalization';
import { needsCredits, personalizationSupported, useStyleOptions } from '@/features/trends/use-trends';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Textarea } from '@/ui/input';
import { toast } from '@/ui/toast-store';
import { AnalysisCard } from './AnalysisCard';
import { creatorContent } from './creator-content';
import { CreatorMessages } from './creator-messages';
import { CreatorPreview } from './CreatorPreview';
import { CreatorResultView } from './CreatorResultView';
import { IdeaButtons } from './IdeaButtons';
import { LowCreditsDialog } from './LowCreditsDialog';
import { PromptCoach } from './PromptCoach';
import { StepCard } from './StepCard';
import { AUTO_GENERATE_PARAM, flagsFromSearch, knownFlags, withFlag, withoutFlags } from './style-flags';
import { StyleOptionsStep } from './StyleOptionsStep';
import { StyleTipsCard } from './StyleTipsCard';
import { AUTO_START_DELAY_MS, useDelayedAction } from './use-delayed-action';
import { useCreatorGeneration } from './use-creator-generation';
import { useCreatorPersonalization } from './use-creator-personalization';
import { VariationPicker } from './VariationPicker';
import { canAnalyze } from './virality';
import { ViralityDialog } from './ViralityDialog';
import { AllowanceNotice, AllowanceNoticeId, allowanceReached } from '@/features/usage/AllowanceNotice';

const PROMPT_MAX = 1000;

const scrollToTop = () => {
  if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
};

/** The trend creator page for one loaded trend (spec part 2 section 2.2). */
export function CreatorWorkspace({ trend }: { trend: Trend }) {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const [params, setParams] = useSearchParams();
  const styleOptions = useStyleOptions(trend.slug);
  const personalization = useCreatorPersonalization();
  const content = useMemo(() => creatorContent(trend), [trend]);

  const [prompt, setPrompt] = useState('');
  /** What the member wrote in Step 1 (variations are written from it and revert to it). */
  const [baseSubject, setBaseSubject] = useState('');
  const [variation, setVariation] = useState<VariationType | null>(null);
  const [vibe, setVibe] = useState<string | null>(null);
  const [lowCredits, setLowCredits] = useState(false);
  const [analysisOpen, setAnalysisOpen] = useState(false);
  const openLowCredits = useCallback(() => setLowCredits(true), []);
  const creator = useCreatorGeneration(trend, openLowCredits);
  const autoStart = useDelayedAction(AUTO_START_DELAY_MS);
  const previewRef = useRef<HTMLDivElement>(null);

  const known = knownFlags(trend.slug, styleOptions.data ? Object.keys(styleOptions.data.styleOptions) : null);
  const flags = flagsFromSearch(params, known);
  const personalize = personalizationSupported(trend, styleOptions.data);
  const traits = personalize ? personalization.value.personalization : '';
  const generating = creator.mode === 'generating';
  const comingSoon = trend.available === false;
  const paid = needsCredits(trend);
  const cost = trend.creditsRequired || 1;
  const photo = personalize && Boolean(personalization.value.photoId);
  const finalPromptOf = (text: string) => withPersonTraits(creatorPrompt(trend, text, flags, { photo }), traits);

  const setOwnPrompt = (text: string) => {
    setPrompt(text);
    setBaseSubject(text);
    setVariation(null);
  };

  const generate = (text: string) => {
    if (!user) {
      toast({ title: CreatorMessages.authTitle, description: CreatorMessages.auth });
      openAuthDialog({ tab: 'register' });
      return;
    }
    const userPrompt = text.trim();
    if (!userPrompt) {
      toast({ title: CreatorMessages.noPromptTitle, description: CreatorMessages.noPrompt, variant: 'destructive' });
      return;
    }
    if (generating) return;
    // The notice beside the disabled button says why; an idea or shortcut must not go around it.
    if (allowanceReached(user)) return;
    if (paid && user.credits < cost) {
      setLowCredits(true);
      return;
    }
    if (personalize && personalization.state.mode === 'upload' && personalization.state.photo.phase === 'uploading') {
      toast({ title: 'Photo still uploading', description: 'Please wait a moment for your photo to finish uploading.' });
      return;
    }
    const photoId = personalize ? personalization.value.photoId : null;
    void creator.generate(
      {
        trendSlug: trend.slug,
        userPrompt,
        // Always sent, even empty: it marks a creator-page request, which the server rewrites with creatorPrompt.
        styleOptions: flags,
        ...(vibe ? { vibe } : {}),
        ...(traits ? { userTraits: traits } : {}),
        ...(photoId ? { photoId } : {}),
      },
      { userPrompt, finalPrompt: finalPromptOf(userPrompt), vibe, flags, traits },
    );
  };

  // The delayed start runs the latest generate (with the state of its own render).
  const latestGenerate = useRef(generate);
  useEffect(() => {
    latestGenerate.current = generate;
  });

  /** Ideas and 1-click: fill the prompt, then generate 100 ms later. */
  const fillAndStart = useCallback(
    (text: string) => {
      setPrompt(text);
      setBaseSubject(text);
      setVariation(null);
      autoStart.schedule(() => latestGenerate.current(text));
    },
    [autoStart],
  );

  // /forge/{slug}?autoGenerate=true (the onboarding target): 1-click at once, and only once.
  const autoRequested = params.get(AUTO_GENERATE_PARAM) === 'true';
  useEffect(() => {
    if (!autoRequested) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(AUTO_GENERATE_PARAM);
        return next;
      },
      { replace: true },
    );
    fillAndStart(content.oneClickPrompt);
  }, [autoRequested, setParams, fillAndStart, content.oneClickPrompt]);

  // The live progress is in the preview, below the form on one column and pushed up by it on two: bring it into view.
  useEffect(() => {
    if (generating) previewRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [generating]);

  useEffect(() => {
    if (creator.mode === 'result') scrollToTop();
  }, [creator.mode]);

  const toggleFlag = (key: string, on: boolean) => setParams((current) => withFlag(current, key, on), { replace: true });

  const newPrompt = () => {
    autoStart.cancel();
    creator.clear();
    setOwnPrompt('');
    setVibe(null);
    personalization.reset();
    setParams((current) => withoutFlags(current, known), { replace: true });
    scrollToTop();
  };

  const analysisPrompt = creator.result ? creator.result.userPrompt : prompt;
  const analyze = () => {
    if (!canAnalyze(analysisPrompt)) {
      toast({ title: CreatorMessages.promptNeededTitle, description: CreatorMessages.promptNeeded, variant: 'destructive' });
      return;
    }
    setAnalysisOpen(true);
  };

  const flagLabel = (key: string) => styleOptions.data?.styleOptions[key]?.label ?? key;

  return (
    <GenerationPage
      data-testid="creator-page"
      data-mode={creator.mode}
      above={
        <>
          <BackLink to="/forge" className="mb-4" testId="creator-change-style-top">Change Style</BackLink>
          <TrendBadges trend={trend} />
        </>
      }
      title={
        <>
          {trend.name} <span className="text-gradient">Creator</span>
        </>
      }
      lead={trend.description}
    >
      {creator.mode === 'result' && creator.result ? (
        <CreatorResultView
          trend={trend}
          result={creator.result}
          content={content}
          flagLabels={creator.result.flags.map(flagLabel)}
          onNewPrompt={newPrompt}
          onAnalyze={analyze}
        />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start">
          <div className="grid gap-5">
            <Card className="relative overflow-hidden border-violet-400/30 p-5 sm:p-6">
              <div aria-hidden className="absolute inset-0 bg-[linear-gradient(120deg,rgb(139_92_246_/_0.18),rgb(217_70_239_/_0.08)_60%,transparent)]" />
              <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="text-base font-semibold">No idea yet?</p>
                  <p className="text-sm text-muted">We pick a proven {trend.name} idea and forge it right away.</p>
                </div>
                <Button
                  size="lg"
                  onClick={() => fillAndStart(content.oneClickPrompt)}
                  disabled={generating || comingSoon}
                  data-testid="creator-one-click"
                >
                  <Zap aria-hidden />
                  1-Click Create
                </Button>
              </div>
            </Card>

            <StepCard
              step={1}
              title="Describe your image"
              hint="Who or what is in it, what happens, and the mood."
              aside={<span className="shrink-0 pt-1 text-xs tabular-nums text-subtle">{prompt.length}/{PROMPT_MAX}</span>}
            >
              {(headingId) => (
                <div className="grid gap-3">
                  <Textarea
                    aria-labelledby={headingId}
                    data-testid="creator-prompt"
                    value={prompt}
                    onChange={(e) => setOwnPrompt(e.target.value)}
                    placeholder={`e.g. ${content.ideas[0].prompt}`}
                    rows={4}
                    maxLength={PROMPT_MAX}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) generate(prompt);
                    }}
                  />
                  <div className="flex flex-wrap items-start gap-2">
                    <PromptCoach trend={trend} prompt={prompt} onApply={setOwnPrompt} disabled={generating} />
                  </div>
                </div>
              )}
            </StepCard>

            {personalize ? (
              <StepCard step={2}>
                <PersonalizationPanel controller={personalization} />
              </StepCard>
            ) : (
              <StepCard step={2} title="Personalize" hint="This style is made without personal traits: go on to Step 3." />
            )}

            <StepCard step={3} title="Style options" hint="Fine-tune the look and pick a vibe.">
              <StyleOptionsStep
                answer={styleOptions.data}
                isLoading={styleOptions.isLoading}
                isError={styleOptions.isError}
                onRetry={() => void styleOptions.refetch()}
                flags={flags}
                onToggleFlag={toggleFlag}
                vibe={vibe}
                onVibe={setVibe}
                disabled={generating}
              />
            </StepCard>

            <StepCard step={4} title="Prompt variation" hint="Rewrite your Step 1 idea in another voice.">
              <VariationPicker
                trend={trend}
                baseSubject={baseSubject}
                selected={variation}
                disabled={generating}
                onResult={(type, varied) => {
                  setPrompt(varied ?? baseSubject);
                  setVariation(varied ? type : null);
                }}
              />
            </StepCard>

            <Card className="p-5 sm:p-6">
              <IdeaButtons ideas={content.ideas} disabled={generating || comingSoon} onPick={(idea) => fillAndStart(idea.prompt)} />
            </Card>

            <Card className="grid gap-3 p-5 sm:p-6">
              {paid && user ? <UsageMeter user={user} trendCost={cost} variant="inline" /> : null}
              {comingSoon ? <p className="text-sm text-amber-200">{trend.name} is coming soon: it cannot be generated yet.</p> : null}
              {user && allowanceReached(user) ? <AllowanceNotice user={user} /> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button asChild variant="secondary" size="lg" className="sm:w-auto">
                  <Link to="/forge" data-testid="creator-change-style">
                    <ArrowLeft aria-hidden />
                    Change Style
                  </Link>
                </Button>
                <Button
                  size="lg"
                  className="sm:flex-1"
                  onClick={() => generate(prompt)}
                  disabled={generating || !prompt.trim() || comingSoon || allowanceReached(user)}
                  aria-describedby={allowanceReached(user) ? AllowanceNoticeId : undefined}
                  data-testid="creator-generate"
                >
                  <Wand2 aria-hidden />
                  {generating ? 'Generating...' : `Generate ${trend.name}`}
                </Button>
              </div>
              <p className="text-center text-xs text-subtle">
                {paid ? `Uses ${cost} ${cost === 1 ? 'credit' : 'credits'} · ` : ''}Usually ready in 15-30 seconds
              </p>
            </Card>
          </div>

          <aside className="grid gap-5 lg:sticky lg:top-32" aria-label="Preview">
            <CreatorPreview
              ref={previewRef}
              trend={trend}
              generating={generating}
              generation={creator.generation}
              finalPrompt={prompt.trim() ? finalPromptOf(prompt) : null}
              vibe={vibe}
            />
            <AnalysisCard prompt={prompt} onAnalyze={analyze} />
            <StyleTipsCard trendName={trend.name} tips={content.tips} />
          </aside>
        </div>
      )}

      <ViralityDialog
        open={analysisOpen}
        onOpenChange={setAnalysisOpen}
        prompt={analysisPrompt}
        canGenerate={!generating && !comingSoon && !allowanceReached(user)}
        onGenerate={() => {
          setAnalysisOpen(false);
          generate(analysisPrompt);
        }}
      />
      <LowCreditsDialog open={lowCredits} onOpenChange={setLowCredits} trendName={trend.name} required={cost} balance={user?.credits ?? 0} />
    </GenerationPage>
  );
}
