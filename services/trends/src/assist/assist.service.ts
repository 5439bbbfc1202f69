import { Inject, Injectable, Logger } from '@nestjs/common';
import { AssistLimits, ErrorCode, isVariationType, VariationTypes, type ChatMessage, type MessageRequest, type MessageResponse } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { TrendsService } from '../trends.service.js';
import type { Assistant } from './assistant.js';
import { describeOpenAIError } from './openai-assistant.js';
import type { AssistTrend } from './trend-profile.js';

/** The keyed assistant (OpenAIAssistant) when OPENAI_API_KEY is set, else null. */
export const KEYED_ASSISTANT = Symbol('KEYED_ASSISTANT');

/**
 * The prompt coach and prompt variations (spec part 2 sections 3, 7). The keyed assistant answers
 * when there is one; when it fails, the offline assistant answers instead and the log says why.
 */
@Injectable()
export class AssistService {
  private readonly log = new Logger(AssistService.name);
  /** Loaded on first use: it brings the compromise tagger, which the service's start-up need not pay for. */
  private offline?: Promise<Assistant>;

  constructor(
    private readonly trends: TrendsService,
    @Inject(KEYED_ASSISTANT) private readonly keyed: Assistant | null,
  ) {}

  async feedback({ prompt, trendSlug }: MessageRequest<'trends.coach.feedback'>): Promise<MessageResponse<'trends.coach.feedback'>> {
    const text = required(prompt, 'Please enter a prompt first to get feedback', 'Prompts');
    const trend = await this.trend(trendSlug);
    return this.ask('feedback', (assistant) => assistant.feedback(trend, text));
  }

  async question(req: MessageRequest<'trends.coach.question'>): Promise<MessageResponse<'trends.coach.question'>> {
    const question = required(req.question, 'Please enter a question', 'Questions');
    const prompt = optional(req.prompt, 'Prompts');
    const history = chatHistory(req.chatHistory);
    const trend = await this.trend(req.trendSlug);
    return { response: await this.ask('question', (assistant) => assistant.answer(trend, question, prompt, history)) };
  }

  async variation({ trendSlug, baseSubject, variationType }: MessageRequest<'trends.prompt.variation'>): Promise<MessageResponse<'trends.prompt.variation'>> {
    const subject = required(baseSubject, 'Step 1 first', 'The base subject');
    if (!isVariationType(variationType)) fail(ErrorCode.BadRequest, `variationType must be one of ${VariationTypes.join(', ')}`);
    const trend = await this.trend(trendSlug);
    return { prompt: await this.ask('variation', (assistant) => assistant.variation(trend, subject, variationType)) };
  }

  private async ask<T>(what: string, call: (assistant: Assistant) => Promise<T>): Promise<T> {
    if (this.keyed) {
      try {
        return await call(this.keyed);
      } catch (error) {
        this.log.warn({ err: error, assist: what, reason: describeOpenAIError(error) }, 'keyed assistant failed; the offline assistant answers');
      }
    }
    return call(await this.offlineAssistant());
  }

  /**
   * Loads the offline assistant and tags one prompt (compromise compiles its lexicon on first use):
   * the running service calls it once started, so a member's first coach request on a busy machine
   * does not pay for it within the bus's answer time.
   */
  async warm(): Promise<void> {
    const assistant = await this.offlineAssistant();
    const trend: AssistTrend = { slug: 'warm-up', name: 'Warm-up', description: '', prompt: '', promptTemplate: '', vibes: [], flags: [] };
    await assistant.feedback(trend, 'a red fox in the snow at dawn');
  }

  private offlineAssistant(): Promise<Assistant> {
    this.offline ??= import('./offline-assistant.js').then(({ OfflineAssistant }) => new OfflineAssistant());
    return this.offline;
  }

  /** The trend with its style-option flags and vibes; NOT_FOUND "Trend not found" for an unknown slug. */
  private async trend(slug: unknown): Promise<AssistTrend> {
    if (typeof slug !== 'string' || !slug) fail(ErrorCode.NotFound, 'Trend not found');
    const [trend, options] = await Promise.all([this.trends.bySlug(slug), this.trends.styleOptions(slug)]);
    return { ...trend, vibes: options.vibes, flags: Object.keys(options.styleOptions) };
  }
}

function required(value: unknown, emptyMessage: string, what: string): string {
  const text = optional(value, what);
  if (!text) fail(ErrorCode.BadRequest, emptyMessage);
  return text;
}

function optional(value: unknown, what: string): string {
  if (value == null) return '';
  if (typeof value !== 'string') fail(ErrorCode.BadRequest, `${what} must be text`);
  if (value.length > AssistLimits.text) fail(ErrorCode.BadRequest, `${what} can be at most ${AssistLimits.text} characters`);
  return value.trim();
}

function chatHistory(value: unknown): ChatMessage[] {
  if (value == null) return [];
  if (!Array.isArray(value) || value.length > AssistLimits.chatMessages) fail(ErrorCode.BadRequest, `chatHistory can hold at most ${AssistLimits.chatMessages} messages`);
  return value.map((message: Partial<ChatMessage> | null) => {
    if (!message || (message.role !== 'user' && message.role !== 'assistant')) fail(ErrorCode.BadRequest, 'A chat message role is user or assistant');
    if (typeof message.content !== 'string' || message.content.length > AssistLimits.chatMessage) {
      fail(ErrorCode.BadRequest, `A chat message is text of at most ${AssistLimits.chatMessage} characters`);
    }
    return { role: message.role, content: message.content };
  });
}
