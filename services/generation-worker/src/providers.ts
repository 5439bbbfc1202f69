import type { Redis } from 'ioredis';
import OpenAI, { toFile } from 'openai';
import type { ImageEditStreamEvent, ImageGenStreamEvent } from 'openai/resources/images';
import { fitToFrame, FRAMES, readImageInfo, RenderThreads, type Aspect } from '@trendforge/imaging';
import { withPersonTraits, withVariationPhrase, type GenerationJob, type ImageEngine } from '@trendforge/contracts';
import type { GenerationWorkerConfig } from './config.js';
import { GeminiProvider } from './gemini.js';
import { routedProvider } from './provider-router.js';

export interface RenderedImage {
  png: Buffer;
  engine: ImageEngine;
  /** The creation's thumbnail when the engine made it with the image (the studio engine, from its own pixels). */
  thumbnail?: Buffer;
  /** The provider's answer headers (its rate limits), when it was asked over HTTP. */
  headers?: Headers;
}

/**
 * What a provider reports while it renders: how far it is (0-100), and with it, now and then, a
 * picture of the image forming (encoded image bytes: a partial image, the engine's midpoint).
 */
export type RenderProgress = (percent: number, preview?: Buffer) => void;

/** Told the headers of a provider's answer as soon as they arrive (its rate limits), before the image. */
export type AnswerHeaders = (engine: ImageEngine, headers: Headers) => void;

/** Turns a generation job (and the member's photo, if any) into an image. */
export interface ImageProvider {
  readonly engine: ImageEngine;
  /**
   * Set by the processor: a streamed answer's headers come long before its image, and in a spike the
   * fleet's pace (and the members' ETAs) should follow the provider's limits from its first answer.
   */
  onAnswer?: AnswerHeaders;
  /** An engine that renders on this process's CPU: how many renders it runs at once (its threads). */
  readonly rendersAtOnce?: number;
  render(job: GenerationJob, photo: Buffer | undefined, onProgress: RenderProgress, matte?: Buffer): Promise<RenderedImage>;
}

/**
 * A studio render reaching its midpoint sooner than this ends about as soon after: its preview
 * would be on screen for a moment and cost a JPEG, a file and a push (photo renders, and renders
 * on a busy machine, keep theirs).
 */
export const StudioPreviewAfterMs = 250;

/**
 * The offline studio engine (DESIGN.md section 4): the default with no API key. It renders on
 * threads of its own: seconds of CPU on the event loop would starve the renewal of the jobs' locks,
 * and a job whose lock lapses is taken up (rendered) twice. `threads` renders run at once (the
 * worker's WORKER_CONCURRENCY, at most the cores: imaging's worker.ts says how the throughput is
 * kept), and each comes back with its thumbnail.
 */
export class StudioProvider implements ImageProvider {
  readonly engine = 'studio' as const;
  private readonly threads: RenderThreads;

  private readonly previewAfterMs: number;

  /** `threads`: renders at once; `previewAfterMs`: no midpoint preview for a render quicker than that to its midpoint (imaging's RenderDelivery). */
  constructor({ threads = 1, previewAfterMs = StudioPreviewAfterMs }: { threads?: number; previewAfterMs?: number } = {}) {
    this.threads = new RenderThreads(threads);
    this.previewAfterMs = previewAfterMs;
  }

  get rendersAtOnce(): number {
    return this.threads.size;
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: RenderProgress, matte?: Buffer): Promise<RenderedImage> {
    let percent = 0;
    const { png, thumbnail } = await this.threads.render({
      trendSlug: job.trendSlug,
      trendName: job.trendName,
      // The engine writes the member's own words on boxes and covers, not the template around them.
      prompt: job.userPrompt,
      seed: job.seed,
      aspect: job.aspect,
      photo,
      // The person's matte traits-worker stored beside the photo: the person is cut out into the trend's scene.
      matte,
      styleOptions: job.styleOptions,
      vibe: job.vibe,
      traits: job.userTraits,
      variation: job.variation,
      styleIntensity: job.styleIntensity,
      // Framing falls back to the face traits-worker found when the engine's detector finds none.
      faceBox: job.face?.box,
      onProgress: (value) => onProgress((percent = value)),
      // The engine's own picture at its midpoint, as the keyed path's partial images.
      onPreview: (jpeg) => onProgress(percent, jpeg),
    }, { withThumbnail: true, previewAfterMs: this.previewAfterMs });
    return { png, thumbnail, engine: this.engine };
  }
}

/** The OpenAI image models the keyed path draws with, and what each can do. */
type OpenAIFamily = 'gpt-image' | 'dall-e-3';

/** The sizes each family draws (the API refuses others), and its best quality. */
const OpenAIModels = {
  'gpt-image': { sizes: ['1024x1024', '1024x1536', '1536x1024'], quality: 'high' },
  'dall-e-3': { sizes: ['1024x1024', '1024x1792', '1792x1024'], quality: 'hd' },
} as const satisfies Record<OpenAIFamily, { sizes: readonly OpenAISize[]; quality: string }>;
type OpenAISize = '1024x1024' | '1024x1536' | '1536x1024' | '1024x1792' | '1792x1024';

/**
 * The longest a streamed image may take, start to end: the SDK's timeout ends at the answer's
 * headers, which a stream sends at once, and a stream that stalls must not hold its job forever.
 */
const StreamTimeoutMs = 240_000;

/** Partial images gpt-image streams before the final one (0-3; each is an image's worth of output tokens more). */
export const OpenAIPartialImages = 2;

/** The model's family, or a start-up error naming the models that work. */
export function openAIFamily(model: string): OpenAIFamily {
  if (model.startsWith('gpt-image') || model.startsWith('chatgpt-image')) return 'gpt-image';
  if (model === 'dall-e-3') return 'dall-e-3';
  throw new Error(
    `OPENAI_IMAGE_MODEL=${model} is not supported: use a gpt-image model (e.g. gpt-image-1) or dall-e-3. `
    + '(dall-e-2 draws only squares up to 1024 px and cannot stream.)',
  );
}

/** The provider's size nearest the preset's shape (by ratio), which fitToFrame then crops to the exact frame. */
export function nearestSize(family: OpenAIFamily, aspect: Aspect = '1:1'): OpenAISize {
  const { width, height } = FRAMES[aspect] ?? FRAMES['1:1'];
  const distance = (size: OpenAISize) => {
    const [w, h] = size.split('x').map(Number);
    return Math.abs(Math.log(w / h) - Math.log(width / height));
  };
  return (OpenAIModels[family].sizes as readonly OpenAISize[]).reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

/**
 * OpenAI's image models. gpt-image: edits with the reference photo, plain generation otherwise,
 * streamed: each partial image reaches `onProgress` as the picture forms, and progress follows
 * the stream's events. dall-e-3 (no edits, no streaming): drawn from the prompt, which carries the
 * traits read from the photo when there is one.
 *
 * Always the model's best quality: a keyed picture cannot be drawn again (another call draws
 * another picture), so the stored result is what the 4K export scales.
 *
 * The answer is the provider's nearest size, cropped to the exact frame of the aspect preset.
 */
export class OpenAIProvider implements ImageProvider {
  readonly engine = 'openai' as const;
  onAnswer?: AnswerHeaders;
  private readonly client: OpenAI;
  private readonly family: OpenAIFamily;

  constructor(apiKey: string, baseURL: string | undefined, private readonly model: string) {
    this.family = openAIFamily(model);
    // No retries inside the SDK: the queue retries what is worth retrying, with backoff, and counts the attempts.
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 120_000 });
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: RenderProgress): Promise<RenderedImage> {
    // The variation's words, then the personalization, go with the prompt whether the photo is sent or not.
    const prompt = withPersonTraits(withVariationPhrase(job.prompt, job.variation), job.userTraits);
    const size = nearestSize(this.family, job.aspect);
    const { encoded, headers } = this.family === 'dall-e-3'
      ? await this.drawDallE3(prompt, size)
      : await this.stream(prompt, size, photo, onProgress);
    onProgress(90);
    return { png: await fitToFrame(Buffer.from(encoded, 'base64'), job.aspect), engine: this.engine, headers };
  }

  private async drawDallE3(prompt: string, size: OpenAISize): Promise<{ encoded: string; headers: Headers }> {
    const { data: answer, response } = await this.client.images.generate({
      model: this.model, prompt, size: size as '1024x1024', quality: OpenAIModels['dall-e-3'].quality, n: 1, response_format: 'b64_json',
    }).withResponse();
    const encoded = answer.data?.[0]?.b64_json;
    if (!encoded) throw new Error('The image service returned no image');
    return { encoded, headers: response.headers };
  }

  /** gpt-image, streamed: each partial image goes to `onProgress` with the progress its index stands for. */
  private async stream(prompt: string, size: OpenAISize, photo: Buffer | undefined, onProgress: RenderProgress): Promise<{ encoded: string; headers: Headers }> {
    const common = { model: this.model, prompt, size: size as '1024x1024', quality: OpenAIModels['gpt-image'].quality, stream: true as const, partial_images: OpenAIPartialImages };
    const { data: events, response } = photo
      ? await this.client.images.edit({
        ...common,
        image: await toFile(photo, 'photo.png', { type: `image/${(await readImageInfo(photo)).format}` }),
        input_fidelity: 'high',
      }, { signal: AbortSignal.timeout(StreamTimeoutMs) }).withResponse()
      : await this.client.images.generate({ ...common, n: 1 }, { signal: AbortSignal.timeout(StreamTimeoutMs) }).withResponse();
    this.onAnswer?.(this.engine, response.headers);
    let encoded: string | undefined;
    try {
      for await (const event of events as AsyncIterable<ImageGenStreamEvent | ImageEditStreamEvent>) {
        if (event.type === 'image_generation.partial_image' || event.type === 'image_edit.partial_image') {
          // Partial k of n stands for (k+1)/(n+1) of the way from the request (10 %) to the image (90 %).
          onProgress(10 + (80 * (event.partial_image_index + 1)) / (OpenAIPartialImages + 1), Buffer.from(event.b64_json, 'base64'));
        } else {
          encoded = event.b64_json;
        }
      }
    } catch (error) {
      // A stream that breaks off is the provider's connection (retried as one), not a fault of ours.
      if (error instanceof OpenAI.APIError) throw error;
      throw new OpenAI.APIConnectionError({ message: 'The image stream broke off', cause: error instanceof Error ? error : undefined });
    }
    if (!encoded) throw new OpenAI.APIConnectionError({ message: 'The image stream ended without the image' });
    return { encoded, headers: response.headers };
  }
}

/**
 * The engines IMAGE_PROVIDER / IMAGE_FALLBACK name (provider-router.ts): one, or a router over
 * several, whose breaker the fleet shares in `redis` (needed only with a fallback).
 */
export function createImageProvider(config: GenerationWorkerConfig, redis?: Redis): ImageProvider {
  return routedProvider(config, redis, {
    studio: () => new StudioProvider({ threads: config.WORKER_CONCURRENCY }),
    openai: () => new OpenAIProvider(config.OPENAI_API_KEY ?? '', config.OPENAI_BASE_URL, config.OPENAI_IMAGE_MODEL),
    gemini: () => new GeminiProvider(config.GEMINI_API_KEY ?? '', config.GEMINI_BASE_URL, config.GEMINI_IMAGE_MODEL),
  });
}
