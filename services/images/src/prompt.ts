import type { Trend } from '@trendforge/contracts';

export const MaxPromptLength = 1000;

/**
 * The wizard's style variations (spec part 2 section 3) and what each adds to the engine prompt
 * (the same words as the Forge screen's smart prompt templates).
 */
export const VariationPhrases: Record<string, string> = {
  standard: '',
  detailed: 'highly detailed, intricate textures, rich cinematic lighting',
  minimalist: 'minimalist composition, clean shapes, uncluttered background',
  artistic: 'artistic interpretation, expressive strokes, bold color choices',
};
export const isVariation = (value: unknown): value is string => typeof value === 'string' && Object.hasOwn(VariationPhrases, value);

/**
 * The prompt sent to the engine (spec part 2 section 5): the trend's template with {subject}
 * replaced; else the trend prompt, a colon and the text; else "Create an image in {name} style: ...".
 * A full prompt the client composed (creator page rewrite) wins when given. A variation's phrase
 * follows, unless the prompt already has it.
 */
export function enginePrompt(trend: Pick<Trend, 'name' | 'prompt' | 'promptTemplate'>, userPrompt: string, clientPrompt?: string, variation?: string): string {
  const phrase = variation ? VariationPhrases[variation] ?? '' : '';
  const prompt = basePrompt(trend, userPrompt, clientPrompt);
  return phrase && !prompt.includes(phrase) ? `${prompt}, ${phrase}` : prompt;
}

function basePrompt(trend: Pick<Trend, 'name' | 'prompt' | 'promptTemplate'>, userPrompt: string, clientPrompt?: string): string {
  const composed = clientPrompt?.trim();
  if (composed) return composed.slice(0, MaxPromptLength);
  if (trend.promptTemplate.includes('{subject}')) return trend.promptTemplate.replaceAll('{subject}', userPrompt);
  if (trend.prompt) return `${trend.prompt}: ${userPrompt}`;
  return `Create an image in ${trend.name} style: ${userPrompt}`;
}

/** What a generation costs (DESIGN.md section 2): weekly trends are free; premium ones cost their credits. */
export function generationCost(trend: Pick<Trend, 'isWeeklyTrend' | 'premium' | 'creditsRequired'>): number {
  if (trend.isWeeklyTrend || !trend.premium) return 0;
  return trend.creditsRequired > 0 ? trend.creditsRequired : 1;
}
