import type { ChatMessage, VariationType } from '@trendforge/contracts';
import type { AssistTrend } from './trend-profile.js';

export type { AssistTrend } from './trend-profile.js';

export interface CoachFeedback {
  feedback: string;
  /** A full improved prompt the member can apply as it is. */
  suggestion: string;
}

/** The prompt coach and the variation writer: offline rules or a chat model. */
export interface Assistant {
  /** Names itself in logs ("offline", "openai"). */
  readonly kind: string;
  feedback(trend: AssistTrend, prompt: string): Promise<CoachFeedback>;
  answer(trend: AssistTrend, question: string, prompt: string, chatHistory: ChatMessage[]): Promise<string>;
  variation(trend: AssistTrend, baseSubject: string, type: VariationType): Promise<string>;
}
