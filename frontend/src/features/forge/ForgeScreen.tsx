import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Flame } from 'lucide-react';
import { StyleIntensity } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { useRequireMember } from '@/features/auth/use-require-member';
import { describeGenerationError } from '@/features/generation/generation-state';
import { GenerationPage } from '@/features/generation/GenerationPage';
import { GenerationWaiting } from '@/features/generation/GenerationWaiting';
import { useGenerationRun } from '@/features/generation/use-generation-run';
import { EMPTY_PERSONALIZATION, usePersonalization } from '@/features/personalization';
import { forgeTrendCost, needsCredits, personalizationSupported, useStyleOptions, useTrends } from '@/features/trends/use-trends';
import { allowanceReached } from '@/features/usage/AllowanceNotice';
import { toast } from '@/ui/toast-store';
import { creditShortageText, showCreditBoosterToasts } from './credit-toasts';
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
  const [searchParams] = useSearchParams();
  const trends = useTrends();
  const personalization = usePersonalization();

  const [step, setStep] = useState<ForgeStep>('style_select');
  const [trend, setTrend] = useState<Trend | null>(null);
  const [subject, setSubject] = useState('');
  const [options, setOptions] = useState<PromptOptions>(DEFAULT_PROMPT_OPTIONS);
  const [result, setResult] = useState<ForgeResult | null>(null);
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

  const { generation, run, stop } = useGenerationRun({
    onCompleted: (done) => {
      setResult({
        id: done.id,
        generatedImage: done.imageUrl,
        caption: done.caption,
        engine: done.engine,
        prompt: subject.trim() || done.prompt,
        personalization: sentTraits.current,
      });
      setStep('result');
    },
    onFailed: fail,
  });

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
    setResult(null);
    setStep('generating');
    const { photoId, personalization: traits } = personalize ? personalization.value : EMPTY_PERSONALIZATION;
    sentTraits.current = traits;
    await run({
      trendSlug: trend.slug,
      userPrompt: subject.trim(),
      prompt: buildPrompt(trend, subject, options),
      styleIntensity: StyleIntensity.default, // spec part 2: the Forge sends 7
      ...(photoId ? { photoId } : {}),
      ...(traits ? { personalization: traits } : {}),
    });
  };

  const createAnother = () => {
    stop();
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
      body = trend ? (
        <GenerationWaiting
          trend={trend}
          generation={generation}
          title={`Creating your ${trend.name}`}
          testId="generating-view"
          statusTestId="generation-status"
          progressTestId="generation-progress"
        />
      ) : null;
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
    <GenerationPage
      eyebrow={
        <>
          <Flame aria-hidden />
          {stepLabel(step)}
        </>
      }
      title={
        <>
          Trend <span className="text-gradient">Forge</span>
        </>
      }
      lead="Pick a viral style, describe your idea and forge a share-ready image in seconds."
    >
      {body ?? (
        <p role="alert" className="text-muted">
          Something went wrong. Please try refreshing the page.
        </p>
      )}
    </GenerationPage>
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
