import { VariationPhrases, type VariationType } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';

export type PromptTemplate = VariationType;

/** The smart prompt templates are the wizard's variations; their phrases live once in contracts. */
export const PROMPT_TEMPLATES: { id: PromptTemplate; label: string; hint: string; suffix: string }[] = [
  { id: 'standard', label: 'Standard', hint: 'Balanced, true to the trend', suffix: VariationPhrases.standard },
  { id: 'detailed', label: 'Detailed', hint: 'Rich textures and lighting', suffix: VariationPhrases.detailed },
  { id: 'minimalist', label: 'Minimalist', hint: 'Clean and simple', suffix: VariationPhrases.minimalist },
  { id: 'artistic', label: 'Artistic', hint: 'Expressive and bold', suffix: VariationPhrases.artistic },
];

/** "Style Extras" chips (31 options). */
export const STYLE_EXTRAS = [
  'Cinematic lighting',
  'Vibrant colors',
  'Soft glow',
  'Dramatic shadows',
  'Golden hour',
  'Neon accents',
  'Film grain',
  'Bokeh',
  'Hyper-detailed',
  'Pastel palette',
  'Sparkles',
  'Lens flare',
  'Motion blur',
  'Wide angle',
  'Close-up portrait',
  'Low angle',
  'Symmetrical',
  'Rim light',
  'Studio lighting',
  'Moody',
  'Dreamy haze',
  'Glossy finish',
  'Matte finish',
  'Retro filter',
  'High contrast',
  'Warm tones',
  'Cool tones',
  'Confetti',
  'Smoke effects',
  'Reflections',
  'Epic scale',
] as const;

/** "Background Style" chips (11 options). */
export const BACKGROUND_STYLES = [
  'Studio',
  'Nature',
  'City',
  'Space',
  'Retro',
  'Abstract',
  'Futuristic',
  'Minimalist',
  'Cosmic',
  'Gradient',
  'Beach',
] as const;

export interface PromptOptions {
  template: PromptTemplate;
  extras: string[];
  background: string | null;
}

export const DEFAULT_PROMPT_OPTIONS: PromptOptions = { template: 'standard', extras: [], background: null };

/**
 * The prompt sent with the user's text: the trend template with {subject} replaced, else the
 * trend prompt, a colon and the text, else "Create an image in {name} style: ...", followed by the
 * chosen template, extras and background.
 */
export function buildPrompt(
  trend: Pick<Trend, 'name' | 'prompt' | 'promptTemplate'>,
  subject: string,
  options: PromptOptions = DEFAULT_PROMPT_OPTIONS,
): string {
  const text = subject.trim();
  let base: string;
  if (trend.promptTemplate && trend.promptTemplate.includes('{subject}')) {
    base = trend.promptTemplate.split('{subject}').join(text);
  } else if (trend.prompt) {
    base = `${trend.prompt}: ${text}`;
  } else {
    base = `Create an image in ${trend.name} style: ${text}`;
  }
  const parts = [base.trim()];
  const suffix = PROMPT_TEMPLATES.find((t) => t.id === options.template)?.suffix;
  if (suffix) parts.push(suffix);
  if (options.extras.length) parts.push(options.extras.map((e) => e.toLowerCase()).join(', '));
  if (options.background) parts.push(`${options.background.toLowerCase()} background`);
  return parts.join(', ');
}
