import { creatorPrompt, isVariationType, VariationPhrases, type Trend } from '@trendforge/contracts';

export const MaxPromptLength = 1000;

/** The wizard's style variations (spec part 2 section 3); their phrases live in contracts. */
export const isVariation = isVariationType;

/**
 * The prompt sent to the engine (spec part 2 section 5): the trend's template with {subject}
 * replaced; else the trend prompt, a colon and the text; else "Create an image in {name} style: ...".
 * A full prompt the client composed wins when given. A creator-page request (it carries style
 * options, even none switched on) gets the creator page's rewrite (contracts' creatorPrompt).
 * A variation's phrase follows, unless the prompt already has it.
 */
export function enginePrompt(
  trend: PromptTrend, userPrompt: string, clientPrompt?: string, variation?: string, styleOptions?: Record<string, boolean>, photo = false,
): string {
  const phrase = isVariationType(variation) ? VariationPhrases[variation] : '';
  const prompt = basePrompt(trend, userPrompt, clientPrompt, styleOptions, photo);
  return phrase && !prompt.includes(phrase) ? `${prompt}, ${phrase}` : prompt;
}

type PromptTrend = Pick<Trend, 'name' | 'prompt' | 'promptTemplate'> & Partial<Pick<Trend, 'slug'>>;

function basePrompt(trend: PromptTrend, userPrompt: string, clientPrompt?: string, styleOptions?: Record<string, boolean>, photo = false): string {
  const composed = clientPrompt?.trim();
  if (composed) return composed.slice(0, MaxPromptLength);
  if (styleOptions) {
    const flags = Object.keys(styleOptions).filter((flag) => styleOptions[flag] === true);
    return creatorPrompt({ ...trend, slug: trend.slug ?? '' }, userPrompt, flags, { photo });
  }
  if (trend.promptTemplate.includes('{subject}')) return trend.promptTemplate.replaceAll('{subject}', userPrompt);
  if (trend.prompt) return `${trend.prompt}: ${userPrompt}`;
  return `Create an image in ${trend.name} style: ${userPrompt}`;
}

/** What a generation costs (DESIGN.md section 2): weekly trends are free; premium ones cost their credits. */
export function generationCost(trend: Pick<Trend, 'isWeeklyTrend' | 'premium' | 'creditsRequired'>): number {
  if (trend.isWeeklyTrend || !trend.premium) return 0;
  return trend.creditsRequired > 0 ? trend.creditsRequired : 1;
}
