import { ApiError, GoogleGenAI, Modality, type GenerateContentResponse, type Part } from '@google/genai';
import { fitToFrame, readImageInfo } from '@trendforge/imaging';
import { withPersonTraits, withVariationPhrase, type GenerationJob } from '@trendforge/contracts';
import type { ImageProvider, RenderedImage } from './providers.js';

/** Why Gemini answered without an image that another attempt would not change (its safety filters). */
const BlockedReasons = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'MODEL_ARMOR', 'RECITATION']);

/**
 * Gemini answered 200 without an image: `blocked` when its safety filters refused the prompt or the
 * picture (the member's content-policy message, no further attempt), else worth another attempt
 * (it answered in text only, or stopped for another reason).
 */
export class GeminiAnswerError extends Error {
  override readonly name = 'GeminiAnswerError';
  constructor(message: string, readonly blocked: boolean) {
    super(message);
  }
}

/** The request never got Gemini's answer: refused, dropped or timed out connection (fetch's error is the cause). */
export class GeminiConnectionError extends Error {
  override readonly name = 'GeminiConnectionError';
  constructor(cause: unknown) {
    super(`Gemini not reached: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/**
 * Google's "nano banana" image model (gemini-2.5-flash-image) through the official SDK: the member's
 * photo goes with the prompt as an inline reference image, the aspect preset as the model's own
 * aspect ratio (it draws 1:1, 4:5, 9:16 and 16:9), and its answer (e.g. 768×1344 for 9:16) is
 * made the preset's exact frame as OpenAI's is (fitToFrame: the same sizes whichever engine drew
 * it). `baseUrl` points the SDK elsewhere (a Gemini-speaking test server, a proxy).
 */
export class GeminiProvider implements ImageProvider {
  readonly engine = 'gemini' as const;
  private readonly client: GoogleGenAI;

  constructor(apiKey: string, baseUrl: string | undefined, private readonly model: string) {
    // No retryOptions: no retries inside the SDK (the queue retries, with backoff, and counts the attempts).
    // The platform's fetch as is: our 120 s timeout ends a request before its own (300 s) would, so
    // the SDK's per-request dispatcher, which needs undici's global one (absent in Jest's VM), is not used.
    this.client = new GoogleGenAI({
      apiKey,
      httpOptions: { ...(baseUrl ? { baseUrl } : {}), timeout: 120_000, fetch: (input, init) => fetch(input, init) },
    });
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: Parameters<ImageProvider['render']>[2]): Promise<RenderedImage> {
    onProgress(10);
    // The same words OpenAI gets: the variation's phrase, then the personalization.
    const prompt = withPersonTraits(withVariationPhrase(job.prompt, job.variation), job.userTraits);
    const parts: Part[] = [{ text: prompt }];
    if (photo) parts.push({ inlineData: { mimeType: `image/${(await readImageInfo(photo)).format}`, data: photo.toString('base64') } });
    let answer: GenerateContentResponse;
    try {
      answer = await this.client.models.generateContent({
        model: this.model,
        contents: [{ role: 'user', parts }],
        config: { responseModalities: [Modality.IMAGE], candidateCount: 1, imageConfig: { aspectRatio: job.aspect ?? '1:1' } },
      });
    } catch (error) {
      throw asProviderError(error);
    }
    const image = imageOf(answer);
    onProgress(90);
    return { png: await fitToFrame(image, job.aspect), engine: this.engine };
  }
}

/** The image of Gemini's answer (PNG as it draws, re-encoded anyway by fitToFrame), or why there is none. */
function imageOf(answer: GenerateContentResponse): Buffer {
  const blockReason = answer.promptFeedback?.blockReason;
  if (blockReason) throw new GeminiAnswerError(`Gemini blocked the prompt (${blockReason})`, true);
  const candidate = answer.candidates?.[0];
  const image = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
  if (!image?.data) {
    const reason = String(candidate?.finishReason ?? 'no candidate');
    throw new GeminiAnswerError(`Gemini returned no image (${reason})`, BlockedReasons.has(reason));
  }
  return Buffer.from(image.data, 'base64');
}

/**
 * The SDK's errors as the worker reads them (failure.ts): an answer stays its ApiError — a 429
 * with the RetryInfo delay Google puts in its body as `retry-after-ms`, the header the queue's
 * pause reads — and a request that got no answer becomes a GeminiConnectionError.
 */
function asProviderError(error: unknown): unknown {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const delayMs = retryDelayMs(error.message);
      Object.assign(error, { headers: new Headers(delayMs === undefined ? {} : { 'retry-after-ms': String(delayMs) }) });
    }
    return error;
  }
  const name = (error as Error)?.name;
  if (error instanceof TypeError || name === 'AbortError' || name === 'TimeoutError') return new GeminiConnectionError(error);
  return error;
}

/** The RetryInfo `retryDelay` ("20s", "1.5s") of Google's error body (the ApiError's message is that JSON). */
export function retryDelayMs(body: string): number | undefined {
  try {
    const details = (JSON.parse(body) as { error?: { details?: Array<{ '@type'?: string; retryDelay?: string }> } }).error?.details ?? [];
    const delay = details.find((detail) => detail['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay;
    const seconds = delay ? Number(/^(\d+(?:\.\d+)?)s$/.exec(delay)?.[1]) : NaN;
    return Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined;
  } catch {
    return undefined;
  }
}
