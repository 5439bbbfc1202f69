import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { StyleIntensity } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { useRequireMember } from '@/features/auth/use-require-member';
import { describeGenerationError, graphqlErrorMessage } from '@/features/generation/generation-state';
import { refreshAfterGeneration } from '@/features/generation/refresh-after-generation';
import { useGeneration } from '@/features/generation/use-generation';
import { EMPTY_PERSONALIZATION, usePersonalization } from '@/features/personalization';
import { forgeTrendCost, needsCredits, personalizationSupported, useStyleOptions, useTrends } from '@/features/trends/use-trends';
import { allowanceReached } from '@/features/usage/AllowanceNotice';
import { toast } from '@/ui/toast-store';
import { creditShortageText, showCreditBoosterToasts } from './credit-toasts';
import { GeneratingView } from './GeneratingView';
import { DEFAULT_PROMPT_OPTIONS, buildPrompt, type PromptOptions } from './prompt-builder';
import { PromptEdit } from './PromptEdit';
import { ResultView, type ForgeResult } from './ResultView';
import { StyleSelect } from './StyleSelect';

export type ForgeStep = 'style_select' | 'prompt_input' | 'prompt_edit' | 'generating' | 'result';

export function ForgeScreen() {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const requireMember = useRequireMember();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const trends = useTrends();
  const { generation, start, reset } = useGeneration();
  const personalization = usePersonalization();

  const [step, setStep] = useState<ForgeStep>('style_select');
  const [trend, setTrend] = useState<Trend | null>(null);
  const [subject, setSubject] = useState('');
  const [options, setOptions] = useState<PromptOptions>(DEFAULT_PROMPT_OPTIONS);
  const [result, setResult] = useState<ForgeResult | null>(null);
  const handled = useRef<string | null>(null);
  /** The person traits sent with the generation being followed (shown with the prompt used). */
  const sentTraits = useRef('');
  const styleOptions = useStyleOptions(trend?.slug);
  const personalize = personalizationSupported(trend, styleOptions.data);
  const cancelUpsell = useRef<(() => void) | null>(null);

  useEffect(() => () => cancelUpsell.current?.(), []);

  // Each new screen of the flow starts at the top (choosing a card keeps the scroll position).
  const screen = step === 'prompt_input' ? 'style_select' : step;
  useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [screen]);

  // /forge?trend=<slug> preselects a style (used by the trend page and links).
  const wanted = searchParams.get('trend');
  useEffect(() => {
    if (!wanted || trend || !trends.data) return;
    const match = trends.data.find((t) => t.slug === wanted);
    if (match) {
      setTrend(match);
      setStep('prompt_input');
    }
  }, [wanted, trend, trends.data]);

  const goToSettings = useCallback(() => navigate('/settings/subscription'), [navigate]);

  const fail = useCallback(
    (message: string) => {
      const info = describeGenerationError(message);
      if (info.kind === 'credits') {
        cancelUpsell.current?.();
        cancelUpsell.current = showCreditBoosterToasts(info.description, goToSettings);
      } else {
        toast({ title: info.title, description: info.description, variant: 'destructive' });
      }
      // Spec: a failed generation returns to style selection.
      setStep('style_select');
    },
    [goToSettings],
  );

  // Follow the live generation to its end.
  useEffect(() => {
    if (!generation || handled.current === generation.id) return;
    if (generation.status === 'completed') {
      handled.current = generation.id;
      if (!generation.imageUrl) {
        fail('');
        return;
      }
      setResult({
        id: generation.id,
        generatedImage: generation.imageUrl,
        caption: generation.caption,
        engine: generation.engine,
        prompt: subject.trim() || generation.prompt,
        personalization: sentTraits.current,
      });
      setStep('result');
      refreshAfterGeneration(queryClient, 'completed');
    } else if (generation.status === 'failed') {
      handled.current = generation.id;
      fail(generation.failureReason ?? '');
      refreshAfterGeneration(queryClient, 'failed');
    }
  }, [generation, fail, queryClient, subject]);

  const selectTrend = (next: Trend) => {
    setTrend(next);
    setStep('prompt_input');
  };

  const continueWithStyle = () => requireMember(() => setStep('prompt_edit'), { reason: 'Create a free account to forge this style.' });

  const generate = async () => {
    if (!user) {
      toast({ title: 'Authentication Required', description: 'Please sign in to generate images' });
      openAuthDialog({ tab: 'register' });
      return;
    }
    if (!trend || !subject.trim()) {
      toast({
        title: 'No prompt provided',
        description: 'Please enter a text prompt to generate an image',
        variant: 'destructive',
      });
      return;
    }
    // PromptEdit disables Generate and says why (AllowanceNotice); the prompt stays as typed.
    if (allowanceReached(user)) return;
    if (needsCredits(trend)) {
      const cost = forgeTrendCost(trend);
      if (user.credits < cost) {
        cancelUpsell.current?.();
        cancelUpsell.current = showCreditBoosterToasts(creditShortageText(cost, user.credits), goToSettings);
        return;
      }
    }
    if (personalize && personalization.state.mode === 'upload' && personalization.state.photo.phase === 'uploading') {
      toast({ title: 'Photo still uploading', description: 'Please wait a moment for your photo to finish uploading.' });
      return;
    }
    handled.current = null;
    setResult(null);
    setStep('generating');
    const { photoId, personalization: traits } = personalize ? personalization.value : EMPTY_PERSONALIZATION;
    sentTraits.current = traits;
    try {
      await start({
        trendSlug: trend.slug,
        userPrompt: subject.trim(),
        prompt: buildPrompt(trend, subject, options),
        styleIntensity: StyleIntensity.default, // spec part 2: the Forge sends 7
        ...(photoId ? { photoId } : {}),
        ...(traits ? { personalization: traits } : {}),
      });
    } catch (error) {
      fail(graphqlErrorMessage(error));
    }
  };

  const createAnother = () => {
    reset();
    personalization.reset();
    setTrend(null);
    setResult(null);
    setStep('style_select');
  };

  let body;
  switch (step) {
    case 'style_select':
    case 'prompt_input':
      body = (
        <StyleSelect
          trends={trends.data}
          isLoading={trends.isLoading}
          isError={trends.isError}
          onRetry={() => void trends.refetch()}
          selected={trend}
          onSelect={selectTrend}
          onContinue={continueWithStyle}
          user={user}
        />
      );
      break;
    case 'prompt_edit':
      body = trend ? (
        <PromptEdit
          trend={trend}
          user={user}
          subject={subject}
          onSubjectChange={setSubject}
          options={options}
          onOptionsChange={setOptions}
          onReset={() => {
            setSubject('');
            setOptions(DEFAULT_PROMPT_OPTIONS);
          }}
          onBack={() => setStep('prompt_input')}
          onGenerate={() => void generate()}
          personalization={personalize ? personalization : null}
        />
      ) : null;
      break;
    case 'generating':
      body = trend ? <GeneratingView trend={trend} generation={generation} /> : null;
      break;
    case 'result':
      body =
        trend && result ? (
          <ResultView
            trend={trend}
            result={result}
            onCreateAnother={createAnother}
            onRetry={() => void generate()}
            onAdjust={() => setStep('prompt_edit')}
            onDifferentStyle={() => setStep('style_select')}
          />
        ) : null;
      break;
  }

  return (
    <div className="relative">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(124_58_237_/_0.18),transparent)]" />
      <div className="relative mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        <header className="mb-8 max-w-2xl">
          <p className="mb-3 inline-flex items-center gap-2 rounded-full border border-violet-400/25 bg-violet-500/10 px-3 py-1 text-xs font-semibold text-violet-200">
            <Flame className="size-3.5" aria-hidden />
            {stepLabel(step)}
          </p>
          <h1 className="font-display text-4xl font-black tracking-tight sm:text-5xl">
            Trend <span className="text-gradient">Forge</span>
          </h1>
          <p className="mt-3 text-muted">
            Pick a viral style, describe your idea and forge a share-ready image in seconds.
          </p>
        </header>
        {body ?? (
          <p role="alert" className="text-muted">
            Something went wrong. Please try refreshing the page.
          </p>
        )}
      </div>
    </div>
  );
}

function stepLabel(step: ForgeStep): string {
  switch (step) {
    case 'style_select':
    case 'prompt_input':
      return 'Step 1 · Choose a style';
    case 'prompt_edit':
      return 'Step 2 · Describe your image';
    case 'generating':
      return 'Step 3 · Forging';
    case 'result':
      return 'Done · Your creation';
  }
}
