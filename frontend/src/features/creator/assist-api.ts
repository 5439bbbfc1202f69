import type { ChatMessage, VariationType } from '@trendforge/contracts';
import { apiRequest } from '@/lib/api';

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

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await apiRequest('POST', path, body);
  return (await res.json()) as T;
}

/** POST /api/coach/feedback */
export function fetchCoachFeedback(trend: TrendRef, prompt: string): Promise<CoachFeedback> {
  return postJson('/api/coach/feedback', { prompt, trendSlug: trend.slug, trendName: trend.name });
}

/** POST /api/coach/question */
export async function askCoach(trend: TrendRef, prompt: string, question: string, chatHistory: ChatMessage[]): Promise<string> {
  const { response } = await postJson<{ response: string }>('/api/coach/question', {
    question,
    trendSlug: trend.slug,
    trendName: trend.name,
    prompt,
    chatHistory,
  });
  return response;
}

/** POST /api/prompt-variation */
export async function fetchPromptVariation(trend: TrendRef, baseSubject: string, variationType: VariationType): Promise<string> {
  const { prompt } = await postJson<{ prompt: string }>('/api/prompt-variation', {
    trendSlug: trend.slug,
    baseSubject,
    variationType,
  });
  return prompt;
}
