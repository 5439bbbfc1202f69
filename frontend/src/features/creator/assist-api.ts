import type { ChatMessage, VariationType } from '@trendforge/contracts';
import { api, data } from '@/lib/api-client';

/** The assist calls of spec part 2 section 7 (members only; JSON; cookies). */

export interface TrendRef {
  slug: string;
  name: string;
}

export interface CoachFeedback {
  feedback: string;
  /** A full improved prompt the member can apply. */
  suggestion: string;
}

/** POST /api/coach/feedback */
export function fetchCoachFeedback(trend: TrendRef, prompt: string): Promise<CoachFeedback> {
  return data(api.POST('/api/coach/feedback', { body: { prompt, trendSlug: trend.slug, trendName: trend.name } }));
}

/** POST /api/coach/question */
export async function askCoach(trend: TrendRef, prompt: string, question: string, chatHistory: ChatMessage[]): Promise<string> {
  const { response } = await data(
    api.POST('/api/coach/question', { body: { question, trendSlug: trend.slug, trendName: trend.name, prompt, chatHistory } }),
  );
  return response;
}

/** POST /api/prompt-variation */
export async function fetchPromptVariation(trend: TrendRef, baseSubject: string, variationType: VariationType): Promise<string> {
  const { prompt } = await data(api.POST('/api/prompt-variation', { body: { trendSlug: trend.slug, baseSubject, variationType } }));
  return prompt;
}
