import OpenAI, { toFile } from 'openai';
import { readImageInfo, RenderThread } from '@trendforge/imaging';
import { withPersonTraits, withVariationPhrase, type GenerationJob, type ImageEngine } from '@trendforge/contracts';
import type { GenerationWorkerConfig } from './config.js';
import { GeminiProvider } from './gemini.js';
import { routedProvider } from './provider-router.js';

export interface RenderedImage {
  png: Buffer;
  engine: ImageEngine;
  /** The provider's answer headers (its rate limits), when it was asked over HTTP. */
  headers?: Headers;
}

/** Turns a generation job (and the member's photo, if any) into an image. */
export interface ImageProvider {
  readonly engine: ImageEngine;
  render(job: GenerationJob, photo: Buffer | undefined, onProgress: (percent: number) => void, matte?: Buffer): Promise<RenderedImage>;
}

/**
 * The offline studio engine (DESIGN.md section 4): the default with no API key. It renders on a
 * thread of its own, one generation after another: seconds of CPU on the event loop would starve
 * the renewal of the jobs' locks, and a job whose lock lapses is taken up (rendered) twice.
 */
export class StudioProvider implements ImageProvider {
  readonly engine = 'studio' as const;
  private readonly thread = new RenderThread();

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: (percent: number) => void, matte?: Buffer): Promise<RenderedImage> {
    const { png } = await this.thread.render({
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
      onProgress,
    });
    return { png, engine: this.engine };
  }
}

/** gpt-image-1 family: edits with the reference photo, plain generation otherwise. */
export class OpenAIProvider implements ImageProvider {
  readonly engine = 'openai' as const;
  private readonly client: OpenAI;

  constructor(apiKey: string, baseURL: string | undefined, private readonly model: string) {
    // No retries inside the SDK: the queue retries what is worth retrying, with backoff, and counts the attempts.
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 120_000 });
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: (percent: number) => void): Promise<RenderedImage> {
    onProgress(10);
    // The variation's words, then the personalization, go with the prompt whether the photo is sent or not.
    const prompt = withPersonTraits(withVariationPhrase(job.prompt, job.variation), job.userTraits);
    const { data: answer, response } = photo
      ? await this.client.images.edit({
        model: this.model,
        image: await toFile(photo, 'photo.png', { type: `image/${(await readImageInfo(photo)).format}` }),
        prompt,
        size: '1024x1024',
        input_fidelity: 'high',
      }).withResponse()
      : await this.client.images.generate({ model: this.model, prompt, size: '1024x1024', n: 1 }).withResponse();
    const encoded = answer.data?.[0]?.b64_json;
    if (!encoded) throw new Error('The image service returned no image');
    onProgress(90);
    return { png: Buffer.from(encoded, 'base64'), engine: this.engine, headers: response.headers };
  }
}

/** The engines IMAGE_PROVIDER / IMAGE_FALLBACK name (provider-router.ts): one, or a router over several. */
export function createImageProvider(config: GenerationWorkerConfig): ImageProvider {
  return routedProvider(config, {
    studio: () => new StudioProvider(),
    openai: () => new OpenAIProvider(config.OPENAI_API_KEY ?? '', config.OPENAI_BASE_URL, config.OPENAI_IMAGE_MODEL),
    gemini: () => new GeminiProvider(config.GEMINI_API_KEY ?? '', config.GEMINI_BASE_URL, config.GEMINI_IMAGE_MODEL),
  });
}
