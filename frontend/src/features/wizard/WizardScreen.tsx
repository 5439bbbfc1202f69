import { useCallback, useEffect, useReducer, useRef } from 'react';
import { Loader2, RefreshCw, Wand2 } from 'lucide-react';
import { useAuth } from '@/features/auth/auth-context';
import { describeGenerationError } from '@/features/generation/generation-state';
import { GenerationPage } from '@/features/generation/GenerationPage';
import { GenerationWaiting } from '@/features/generation/GenerationWaiting';
import { useGenerationRun } from '@/features/generation/use-generation-run';
import { AllowanceNotice, AllowanceNoticeId, allowanceReached } from '@/features/usage/AllowanceNotice';
import { EMPTY_PERSONALIZATION, usePersonalization } from '@/features/personalization';
import { personalizationSupported, useStyleOptions, useTrends } from '@/features/trends/use-trends';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast-store';
import { PersonalizeStep } from './PersonalizeStep';
import { PromptStep } from './PromptStep';
import { ResultStep } from './ResultStep';
import { ReviewStep } from './ReviewStep';
import { StepFrame, WizardNav, type WizardNavProps } from './StepFrame';
import { StepIndicator } from './StepIndicator';
import { TrendStep } from './TrendStep';
import { useEnhancePrompt } from './use-enhance-prompt';
import {
  CREATING_STEP,
  canContinue,
  creditsUsedText,
  initialWizardState,
  insufficientCreditsText,
  promptUsed,
  wizardCost,
  wizardGenerateInput,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

/** What was sent with the generation being waited for. */
interface Sent {
  prompt: string;
  personalization: string;
  cost: number;
}

/** The guided wizard, /forge/mojo (spec part 2 section 2.3): six steps from a trend to a shareable image. */
export function WizardScreen() {
  const { user } = useAuth();
  const trends = useTrends();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const { step, trend } = state;
  const personalization = usePersonalization();
  const styleOptions = useStyleOptions(trend?.slug);
  const personalize = personalizationSupported(trend, styleOptions.data);
  const personal = personalize ? personalization.value : EMPTY_PERSONALIZATION;
  const { enhance, enhancing, feedback } = useEnhancePrompt(trend, (forPrompt, suggestion) =>
    dispatch({ type: 'enhanced', forPrompt, suggestion }),
  );

  const sent = useRef<Sent>({ prompt: '', personalization: '', cost: 0 });
  const shownStep = useRef(step);
  const stepArea = useRef<HTMLDivElement>(null);

  // A new step starts at the top, with focus on its title (keyboard and screen-reader users land
  // on it, not on a button that vanished); the page's first render leaves focus alone.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
    stepArea.current?.querySelector<HTMLElement>('h2[tabindex="-1"]')?.focus({ preventScroll: true });
  }, [step]);

  const fail = useCallback((message: string) => {
    const info = describeGenerationError(message);
    const needed = info.kind === 'credits' ? /you need (\d+)/i.exec(message)?.[1] : undefined;
    if (needed) {
      // The server counted the credits: same words as the check before sending.
      toast({ title: 'Insufficient credits', description: insufficientCreditsText(Number(needed)), variant: 'destructive' });
    } else {
      toast({ title: 'Generation failed', description: 'There was an error generating your image. Please try again.', variant: 'destructive' });
    }
    dispatch({ type: 'generationFailed' });
  }, []);

  // Follow the generation to its end: step 5 on success, back to step 3 on failure.
  const { generation, run, stop } = useGenerationRun({
    onCompleted: (done) => {
      dispatch({
        type: 'generationSucceeded',
        result: {
          id: done.id,
          imageUrl: done.imageUrl,
          thumbnailUrl: done.thumbnailUrl,
          caption: done.caption,
          engine: done.engine,
          createdAt: done.createdAt,
          prompt: sent.current.prompt,
          personalization: sent.current.personalization,
        },
      });
      const { cost } = sent.current;
      if (cost > 0) toast({ title: 'Credits used', description: creditsUsedText(cost) });
    },
    onFailed: fail,
  });

  /** Checks credits and the photo, then moves to step 4 with `action` and sends the generation of the state it leads to. */
  const launch = async (action: Extract<WizardAction, { type: 'generationStarted' | 'remixWithVibe' }>) => {
    const next: WizardState = wizardReducer(state, action);
    const input = wizardGenerateInput(next, personal);
    if (next.step !== CREATING_STEP || !next.trend || !input) return;
    // The notice beside the disabled button says why; a remix must not go around it.
    if (allowanceReached(user)) return;
    const cost = wizardCost(next.trend);
    if (cost > 0 && (user?.credits ?? 0) < cost) {
      toast({ title: 'Insufficient credits', description: insufficientCreditsText(cost), variant: 'destructive' });
      return;
    }
    if (personalize && personalization.state.mode === 'upload' && personalization.state.photo.phase === 'uploading') {
      toast({ title: 'Photo still uploading', description: 'Please wait a moment for your photo to finish uploading.' });
      return;
    }
    sent.current = { prompt: input.prompt, personalization: input.personalization, cost };
    dispatch(action);
    await run(input);
  };

  const back = () => {
    // Stop waiting: the creation still lands in the gallery.
    if (step === CREATING_STEP) stop();
    dispatch({ type: 'back' });
  };

  const newImage = () => {
    stop();
    personalization.reset();
    dispatch({ type: 'newImage' });
  };

  const remix = () => {
    stop();
    dispatch({ type: 'remix' });
  };

  if (trends.isLoading) {
    return (
      <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3" data-testid="wizard-loading">
        <Loader2 aria-hidden className="size-8 animate-spin text-violet-400" />
        <p className="text-sm text-muted">Loading trends...</p>
      </div>
    );
  }

  if (trends.isError && !trends.data) {
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center" role="alert" data-testid="wizard-load-error">
        <h1 className="text-2xl font-bold tracking-tight">Failed to load trends</h1>
        <p className="text-muted">We couldn't connect to the servers. Please check your connection and try again.</p>
        <Button variant="secondary" className="mt-3" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Try Again
        </Button>
      </div>
    );
  }

  const nav = (forward?: WizardNavProps['forward']) => (
    <WizardNav onBack={step > 0 && step < 5 ? back : undefined} forward={forward} />
  );
  const continueButton = (disabled = false) => ({
    label: 'Continue',
    onClick: () => dispatch({ type: 'continue' }),
    disabled: disabled || !canContinue(state),
  });

  let body = null;
  if (step === 0) {
    body = (
      <StepFrame step={0} title="Choose a trend" subtitle="Pick the style your image will be created in.">
        <TrendStep trends={trends.data ?? []} selected={trend} onSelect={(t) => dispatch({ type: 'selectTrend', trend: t })} />
        {nav(continueButton())}
      </StepFrame>
    );
  } else if (trend && step === 1) {
    body = (
      <StepFrame step={1} title="Describe your idea" subtitle={`What should your ${trend.name} image show?`}>
        <PromptStep
          trend={trend}
          prompt={state.prompt}
          enhancedPrompt={state.enhancedPrompt}
          onPromptChange={(prompt) => dispatch({ type: 'setPrompt', prompt })}
          onEnhance={() => enhance(state.prompt)}
          enhancing={enhancing}
          feedback={feedback}
          onDropEnhanced={() => dispatch({ type: 'dropEnhanced' })}
        />
        {nav(continueButton(enhancing))}
      </StepFrame>
    );
  } else if (trend && step === 2) {
    body = (
      <StepFrame step={2} title="Personalize" subtitle="Add personal touches to make it uniquely yours">
        <PersonalizeStep
          trend={trend}
          personalization={personalize ? personalization : null}
          variation={state.variation}
          onVariationChange={(variation) => dispatch({ type: 'setVariation', variation })}
        />
        {nav(continueButton())}
      </StepFrame>
    );
  } else if (trend && step === 3) {
    body = (
      <StepFrame step={3} title="Ready to Generate" subtitle="Check everything, then create your image.">
        <ReviewStep
          trend={trend}
          prompt={promptUsed(state)}
          enhanced={Boolean(state.enhancedPrompt)}
          personalization={personal}
          variation={state.variation}
          cost={wizardCost(trend)}
        />
        {user && allowanceReached(user) ? (
          <div className="mt-6">
            <AllowanceNotice user={user} />
          </div>
        ) : null}
        {nav({
          label: 'Generate Image',
          onClick: () => void launch({ type: 'generationStarted' }),
          disabled: !canContinue(state) || allowanceReached(user),
          testId: 'wizard-generate',
          icon: <Wand2 aria-hidden />,
          describedBy: allowanceReached(user) ? AllowanceNoticeId : undefined,
        })}
      </StepFrame>
    );
  } else if (trend && step === 4) {
    body = (
      <StepFrame step={4} title={`Creating Your ${trend.name}`} subtitle="Our AI is working its magic to bring your vision to life...">
        <GenerationWaiting trend={trend} generation={generation} statusTestId="wizard-generation-status" progressTestId="wizard-progress" />
        {nav()}
      </StepFrame>
    );
  } else if (trend && step === 5 && state.result) {
    body = (
      <StepFrame step={5} title={`Your ${trend.name} is ready`}>
        <ResultStep
          trend={trend}
          result={state.result}
          watermark={user?.role !== 'pro_unlimited'}
          generationCount={state.generationCount}
          vibes={styleOptions.data?.vibes}
          vibesFailed={styleOptions.isError}
          onNewImage={newImage}
          onRemix={remix}
          onRemixWithVibe={(vibe) => void launch({ type: 'remixWithVibe', vibe })}
        />
      </StepFrame>
    );
  }

  return (
    <GenerationPage
      width="narrow"
      eyebrow={
        <>
          <Wand2 aria-hidden />
          Mojo-Style
        </>
      }
      title={
        <>
          Mojo <span className="text-gradient">Wizard</span>
        </>
      }
      lead="Guided generation, one step at a time."
    >
      <div className="mb-8">
        <StepIndicator step={step} />
      </div>
      <div ref={stepArea}>
        {body ?? (
          <p role="alert" className="text-muted">
            Something went wrong. Please try refreshing the page.
          </p>
        )}
      </div>
    </GenerationPage>
  );
}
