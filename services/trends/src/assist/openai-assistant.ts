import OpenAI from 'openai';
import { AssistLimits, VariationPhrases, type ChatMessage, type VariationType } from '@trendforge/contracts';
import type { Assistant, CoachFeedback } from './assistant.js';
import type { AssistTrend } from './trend-profile.js';

/**
 * The prompt coach and variation writer on an OpenAI chat model (DESIGN.md section 4), used when
 * OPENAI_API_KEY is set; OPENAI_BASE_URL points it at any compatible server. Answers that are not
 * what was asked for throw, so the caller falls back to the offline assistant.
 */
export class OpenAIAssistant implements Assistant {
  readonly kind = 'openai';
  private readonly client: OpenAI;

  constructor(apiKey: string, baseURL: string | undefined, private readonly model: string) {
    // One quick retry: a member is waiting, and the offline assistant answers if this fails.
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 1, timeout: 30_000 });
  }

  async feedback(trend: AssistTrend, prompt: string): Promise<CoachFeedback> {
    const answer = await this.json([
      { role: 'system', content: `${coachRole(trend)} Review the member's prompt: name what works, what is missing (subject, setting, lighting, composition, colours, mood, pose) and anything that clashes with the trend. Answer as JSON {"feedback": "2 to 5 sentences", "suggestion": "the full improved prompt, ready to use, without the trend's style words"}.` },
      { role: 'user', content: `Prompt: ${prompt}` },
    ]);
    return { feedback: text(answer.feedback), suggestion: text(answer.suggestion, AssistLimits.text) };
  }

  async answer(trend: AssistTrend, question: string, prompt: string, chatHistory: ChatMessage[]): Promise<string> {
    const current = prompt ? `The member's current prompt: ${prompt}` : 'The member has not written a prompt yet.';
    const completion = await this.client.chat.completions.create({
      model: this.model,
      messages: [
        { role: 'system', content: `${coachRole(trend)} Answer exactly the question the member asks (if they want it funnier, scarier or cuter, say what makes it so for their subject), not general prompt advice, in at most 4 sentences, with a concrete example they can paste: their prompt with your change. ${current}` },
        ...chatHistory.map((message) => ({ role: message.role, content: message.content })),
        { role: 'user', content: question },
      ],
    });
    return text(completion.choices[0]?.message?.content);
  }

  async variation(trend: AssistTrend, baseSubject: string, type: VariationType): Promise<string> {
    const answer = await this.json([
      { role: 'system', content: `${coachRole(trend)} Write one image prompt for the ${type} variation of the member's subject (${type === 'standard' ? 'balanced, true to the trend' : VariationPhrases[type]}). Keep the subject exactly as given. Answer as JSON {"prompt": "..."}.` },
      { role: 'user', content: `Subject: ${baseSubject}` },
    ]);
    return text(answer.prompt, AssistLimits.text);
  }

  private async json(messages: OpenAI.Chat.ChatCompletionMessageParam[]): Promise<Record<string, unknown>> {
    const completion = await this.client.chat.completions.create({ model: this.model, messages, response_format: { type: 'json_object' } });
    const parsed: unknown = JSON.parse(completion.choices[0]?.message?.content ?? '');
    if (!parsed || typeof parsed !== 'object') throw new Error('The chat model did not answer with a JSON object');
    return parsed as Record<string, unknown>;
  }
}

const coachRole = (trend: AssistTrend) =>
  `You are TrendForge's prompt coach for the "${trend.name}" image trend: ${trend.description} The trend renders: ${trend.prompt}. `
  + `Its style options: ${trend.flags.join(', ') || 'none'}; its vibes: ${trend.vibes.join(', ') || 'none'}. The app adds the trend's style to the prompt itself.`;

/** A non-empty answer text, cut to a length the page accepts back (a prompt, a chat message). */
function text(value: unknown, limit: number = AssistLimits.chatMessage): string {
  if (typeof value !== 'string' || !value.trim()) throw new Error('The chat model answered without the expected text');
  return value.trim().slice(0, limit);
}

/** A failed chat call in plain words, for the log line that says why the offline assistant answered. */
export function describeOpenAIError(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionError) return 'OpenAI could not be reached (network)';
  if (error instanceof OpenAI.APIError) {
    if (error.status === 401) return 'OpenAI rejected the API key';
    if (error.status === 429) return error.code === 'insufficient_quota' ? 'OpenAI quota exhausted' : 'OpenAI rate limit reached';
    if (error.status === 400 && /policy|safety|moderation/i.test(`${error.code} ${error.message}`)) return 'OpenAI refused the content (content policy)';
    if (error.status !== undefined && error.status >= 500) return 'OpenAI had a server error';
    return `OpenAI refused the request: ${error.message}`;
  }
  return `The chat model's answer was unusable: ${(error as Error)?.message ?? String(error)}`;
}
