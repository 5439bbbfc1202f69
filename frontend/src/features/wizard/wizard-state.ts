import { withPersonTraits, type VariationType } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';
import type { PersonalizationValue } from '@/features/personalization';
import { needsCredits } from '@/features/trends/use-trends';

/**
 * The Mojo wizard (spec part 2 sections 2.3, 3 and 4) as a pure reducer: six steps, 0 to 5.
 * Personalization is not held here: the screen's personalization controller owns it (its photo
 * upload and trait analysis outlive the step that shows it).
 */

export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5;
const FIRST_STEP: WizardStep = 0;
export const LAST_STEP: WizardStep = 5;
/** The step whose "Generate Image" starts the generation. */
const REVIEW_STEP: WizardStep = 3;
export const CREATING_STEP: WizardStep = 4;
const RESULT_STEP: WizardStep = 5;

export const STEP_LABELS: Record<WizardStep, string> = {
  0: 'Style',
  1: 'Prompt',
  2: 'Personalize',
  3: 'Review',
  4: 'Create',
  5: 'Result',
};

export type Variation = VariationType;
const DEFAULT_VARIATION: Variation = 'standard';
/** In the wizard's order (spec part 2 section 2.3). */
export const VARIATIONS: ReadonlyArray<{ id: Variation; label: string; hint: string }> = [
  { id: 'standard', label: 'Standard', hint: 'The classic look of the style' },
  { id: 'detailed', label: 'Detailed', hint: 'Rich textures and lighting' },
  { id: 'minimalist', label: 'Minimalist', hint: 'Clean shapes, calm background' },
  { id: 'artistic', label: 'Artistic', hint: 'Expressive, bold colours' },
];
export const variationLabel = (id: Variation) => VARIATIONS.find((v) => v.id === id)?.label ?? id;

/** A finished generation as the result step shows it. */
export interface WizardResult {
  id: string;
  imageUrl: string;
  thumbnailUrl: string | null;
  caption: string | null;
  engine: string | null;
  createdAt: string;
  /** The prompt sent (the enhanced one when kept). */
  prompt: string;
  /** The person traits sent with it. */
  personalization: string;
}

export interface WizardState {
  step: WizardStep;
  trend: Trend | null;
  prompt: string;
  /** The coach's enhanced prompt, when the member keeps it: it is what is reviewed and sent. */
  enhancedPrompt: string | null;
  variation: Variation;
  result: WizardResult | null;
  /** Successful generations in this visit. */
  generationCount: number;
}

export const initialWizardState: WizardState = {
  step: FIRST_STEP,
  trend: null,
  prompt: '',
  enhancedPrompt: null,
  variation: DEFAULT_VARIATION,
  result: null,
  generationCount: 0,
};

export type WizardAction =
  | { type: 'selectTrend'; trend: Trend }
  | { type: 'setPrompt'; prompt: string }
  /** The coach answered for `forPrompt`; an answer for an older prompt is ignored. */
  | { type: 'enhanced'; forPrompt: string; suggestion: string }
  | { type: 'dropEnhanced' }
  | { type: 'setVariation'; variation: Variation }
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'generationStarted' }
  | { type: 'generationSucceeded'; result: WizardResult }
  | { type: 'generationFailed' }
  | { type: 'newImage' }
  | { type: 'remix' }
  | { type: 'remixWithVibe'; vibe: string };

/** What is reviewed and sent: the enhanced prompt if kept, else the prompt. */
export function promptUsed(state: Pick<WizardState, 'prompt' | 'enhancedPrompt'>): string {
  return state.enhancedPrompt?.trim() || state.prompt.trim();
}

/** Spec part 2 section 4: which step may move on. Step 3 moves on by generating. */
export function canContinue(state: WizardState): boolean {
  switch (state.step) {
    case 0:
      return state.trend !== null && state.trend.available !== false;
    case 1:
      return state.prompt.trim() !== '';
    case 2:
      return true;
    case 3:
      return state.trend !== null && promptUsed(state) !== '';
    default:
      return false;
  }
}

const forward = (step: WizardStep): WizardStep => Math.min(step + 1, LAST_STEP) as WizardStep;
const backward = (step: WizardStep): WizardStep => Math.max(step - 1, FIRST_STEP) as WizardStep;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'selectTrend':
      // An enhanced prompt was written for the other style.
      return state.trend?.slug === action.trend.slug
        ? { ...state, trend: action.trend }
        : { ...state, trend: action.trend, enhancedPrompt: null };
    case 'setPrompt':
      // The enhanced prompt was written from the old text.
      return { ...state, prompt: action.prompt, enhancedPrompt: null };
    case 'enhanced':
      if (action.forPrompt !== state.prompt || !action.suggestion.trim()) return state;
      return { ...state, enhancedPrompt: action.suggestion.trim() };
    case 'dropEnhanced':
      return { ...state, enhancedPrompt: null };
    case 'setVariation':
      return { ...state, variation: action.variation };
    case 'continue':
      // Steps 0 to 2 move on with Continue; 3 moves on by generating, 4 by finishing.
      return state.step < REVIEW_STEP && canContinue(state) ? { ...state, step: forward(state.step) } : state;
    case 'back':
      return { ...state, step: backward(state.step) };
    case 'generationStarted':
      return state.step === REVIEW_STEP && canContinue(state) ? { ...state, step: CREATING_STEP, result: null } : state;
    case 'generationSucceeded':
      // Only the generation being waited for lands (Back from step 4 stops waiting).
      if (state.step !== CREATING_STEP) return state;
      return { ...state, step: RESULT_STEP, result: action.result, generationCount: state.generationCount + 1 };
    case 'generationFailed':
      return state.step === CREATING_STEP ? { ...state, step: REVIEW_STEP } : state;
    case 'newImage':
      return {
        ...state,
        step: FIRST_STEP,
        prompt: '',
        enhancedPrompt: null,
        variation: DEFAULT_VARIATION,
        result: null,
      };
    case 'remix':
      return { ...state, step: FIRST_STEP, enhancedPrompt: null, result: null };
    case 'remixWithVibe': {
      if (state.step !== RESULT_STEP || !state.trend) return state;
      // The vibe joins what is sent, so it also joins a kept enhanced prompt.
      const add = (text: string) => `${text.trim()}, ${action.vibe}`;
      return {
        ...state,
        step: CREATING_STEP,
        prompt: add(state.prompt),
        enhancedPrompt: state.enhancedPrompt ? add(state.enhancedPrompt) : null,
        result: null,
      };
    }
  }
}

/** Spec part 2 section 5: in the wizard a premium trend costs creditsRequired, default 1; weekly trends are free. */
export function wizardCost(trend: Pick<Trend, 'premium' | 'isWeeklyTrend' | 'creditsRequired'>): number {
  return needsCredits(trend) ? trend.creditsRequired || 1 : 0;
}

export const creditsNote = (cost: number) => `This will use ${cost} credit(s)`;
export const insufficientCreditsText = (cost: number) =>
  `You need ${cost} credits to use this trend. Please upgrade or purchase more credits.`;
export const creditsUsedText = (cost: number) => `You used ${cost} credits for this generation.`;

/** The wizard's fallback caption. */
export const fallbackCaption = (trendName: string, prompt: string) => `${trendName} style image of ${prompt}`;

/** The prompt used, shown with its person traits after " | Person traits: ". */
export const shownPrompt = (prompt: string, personalization: string) => withPersonTraits(prompt, personalization);

/** The wizard's generate call (spec part 2 section 7): trendSlug, prompt, personalization, variation, and the photo when one was uploaded. */
export interface WizardGenerateInput {
  trendSlug: string;
  prompt: string;
  personalization: string;
  variation: Variation;
  photoId?: string;
}

export function wizardGenerateInput(state: WizardState, personal: PersonalizationValue): WizardGenerateInput | null {
  if (!state.trend) return null;
  return {
    trendSlug: state.trend.slug,
    prompt: promptUsed(state),
    personalization: personal.personalization,
    variation: state.variation,
    ...(personal.photoId ? { photoId: personal.photoId } : {}),
  };
}
