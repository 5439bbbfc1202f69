/**
 * A local HTTP server speaking the Gemini API's REST wire format (generativelanguage.googleapis.com)
 * for what TrendForge uses, so the Gemini provider is tested with the real `@google/genai` SDK
 * pointed at `baseUrl` (`httpOptions.baseUrl`), never the network:
 *
 *   POST /{v1beta|v1|v1alpha}/models/{model}:generateContent
 *
 * The key comes in `x-goog-api-key` (or `?key=`). Image models (`*-image*`) asked for IMAGE answer
 * a candidate whose parts are a short text and an `inlineData` part: a real base64 PNG of the
 * aspect ratio's size (Gemini 2.5 Flash Image's table), coloured deterministically from the prompt
 * and any input images. Errors are Google's: `{ error: { code, message, status, details } }` with
 * the HTTP status (400 INVALID_ARGUMENT, 403 PERMISSION_DENIED, 429 RESOURCE_EXHAUSTED with a
 * RetryInfo `retryDelay`, 500 INTERNAL, 503 UNAVAILABLE); a blocked prompt is a 200 with
 * `promptFeedback.blockReason` and no candidates, as the real API answers it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.js';
import { createPng } from './png.js';

export type FakeGeminiFailure =
  /** 400 INVALID_ARGUMENT, reason API_KEY_INVALID (what Google answers a wrong key) */
  | 'invalid_api_key'
  /** 429 RESOURCE_EXHAUSTED with QuotaFailure and RetryInfo (retryDelay) details */
  | 'rate_limit'
  /** 500 INTERNAL */
  | 'internal'
  /** 503 UNAVAILABLE ("The model is overloaded") */
  | 'unavailable'
  /** 200 with promptFeedback.blockReason SAFETY and no candidates */
  | 'blocked_prompt'
  /** 200 with a candidate that ends IMAGE_SAFETY and has no image */
  | 'image_safety'
  /** the connection is dropped without an answer */
  | 'network';

export interface FakeGeminiRequest {
  method: string;
  /** Path without the query string, e.g. `/v1beta/models/gemini-2.5-flash-image:generateContent`. */
  path: string;
  /** The model named in the path. */
  model: string;
  headers: IncomingHttpHeaders;
  body: GenerateContentBody;
  /** The failure injected into the answer, if any. */
  failure?: FakeGeminiFailure;
}

/** The request body of generateContent, as far as the fake reads it. */
export interface GenerateContentBody {
  contents?: Array<{ role?: string; parts?: Array<{ text?: string; inlineData?: { mimeType?: string; data?: string } }> }>;
  generationConfig?: { responseModalities?: string[]; candidateCount?: number; imageConfig?: { aspectRatio?: string } };
  [key: string]: unknown;
}

export interface FakeGeminiOptions {
  /** Only this key is accepted (400 API_KEY_INVALID otherwise). Default: any non-empty key. */
  apiKey?: string;
  /** Fixed size for generated images instead of the aspect ratio's (e.g. tiny images for speed). */
  imageSize?: { width: number; height: number };
  /** The RetryInfo delay of a 429, in seconds (default 1). */
  retryDelaySeconds?: number;
  /** Holds every answer this long (setLatency changes it). */
  latencyMs?: number;
}

export interface FakeGemini {
  /** Pass as `httpOptions.baseUrl`, e.g. `http://127.0.0.1:41234` (the SDK adds `/v1beta/...`). */
  baseUrl: string;
  /** Every request received, in order (live array). */
  requests: FakeGeminiRequest[];
  /** The next `times` requests fail this way (default 1). */
  failNext(kind: FakeGeminiFailure, options?: { times?: number }): void;
  /** Forgets recorded requests and pending failures. */
  reset(): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

/** Gemini 2.5 Flash Image's output size per aspect ratio (1024 px class). */
const ASPECT_SIZES: Record<string, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '2:3': { width: 832, height: 1248 },
  '3:2': { width: 1248, height: 832 },
  '3:4': { width: 864, height: 1184 },
  '4:3': { width: 1184, height: 864 },
  '4:5': { width: 896, height: 1152 },
  '5:4': { width: 1152, height: 896 },
  '9:16': { width: 768, height: 1344 },
  '16:9': { width: 1344, height: 768 },
  '21:9': { width: 1536, height: 672 },
};

const MODALITIES = new Set(['TEXT', 'IMAGE', 'AUDIO']);

class GoogleError extends Error {
  constructor(readonly status: number, readonly body: { code: number; message: string; status: string; details?: unknown[] }) {
    super(body.message);
  }
}

const invalidArgument = (message: string) => new GoogleError(400, { code: 400, message, status: 'INVALID_ARGUMENT' });

function failureError(kind: 'invalid_api_key' | 'rate_limit' | 'internal' | 'unavailable', model: string, retryDelaySeconds: number): GoogleError {
  switch (kind) {
    case 'invalid_api_key':
      return new GoogleError(400, {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
          { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
        ],
      });
    case 'rate_limit':
      return new GoogleError(429, {
        code: 429,
        message: 'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [{
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_paid_tier_requests',
              quotaId: 'GenerateRequestsPerMinutePerProjectPerModel',
              quotaDimensions: { location: 'global', model },
              quotaValue: '10',
            }],
          },
          { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryDelaySeconds}s` },
        ],
      });
    case 'internal':
      return new GoogleError(500, {
        code: 500,
        message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        status: 'INTERNAL',
      });
    case 'unavailable':
      return new GoogleError(503, { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' });
  }
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const requests: FakeGeminiRequest[] = [];
  const failures: FakeGeminiFailure[] = [];
  let latencyMs = options.latencyMs ?? 0;
  const retryDelaySeconds = options.retryDelaySeconds ?? 1;

  function generateContent(model: string, body: GenerateContentBody): unknown {
    const contents = body.contents;
    if (!Array.isArray(contents) || contents.length === 0) throw invalidArgument('* GenerateContentRequest.contents: contents is not specified\n');
    const texts: string[] = [];
    const images: Buffer[] = [];
    for (const [c, content] of contents.entries()) {
      if (!Array.isArray(content.parts) || content.parts.length === 0) throw invalidArgument(`* GenerateContentRequest.contents[${c}].parts: contents.parts must not be empty.\n`);
      for (const [p, part] of content.parts.entries()) {
        if (typeof part.text === 'string') texts.push(part.text);
        else if (part.inlineData) {
          const { mimeType, data } = part.inlineData;
          if (!mimeType) throw invalidArgument(`* GenerateContentRequest.contents[${c}].parts[${p}].inline_data.mime_type: mime_type is not specified\n`);
          if (typeof data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
            throw invalidArgument(`Invalid value at 'contents[${c}].parts[${p}].inline_data.data' (TYPE_BYTES), Base64 decoding failed`);
          }
          if (!mimeType.startsWith('image/')) throw invalidArgument(`Unsupported MIME type: ${mimeType}`);
          images.push(Buffer.from(data, 'base64'));
        } else throw invalidArgument(`* GenerateContentRequest.contents[${c}].parts[${p}].data: required oneof field 'data' must have one initialized field\n`);
      }
    }
    const config = body.generationConfig ?? {};
    const modalities = config.responseModalities ?? ['TEXT'];
    for (const modality of modalities) {
      if (!MODALITIES.has(modality)) throw invalidArgument(`Invalid value at 'generation_config.response_modalities' (type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig.Modality), "${modality}"`);
    }
    const imageModel = /-image/.test(model);
    if (modalities.includes('IMAGE') && !imageModel) throw invalidArgument('Model does not support the requested response modalities: image');
    const aspectRatio = config.imageConfig?.aspectRatio ?? '1:1';
    const size = ASPECT_SIZES[aspectRatio];
    if (!size) throw invalidArgument(`Unsupported aspect ratio: ${aspectRatio}. Supported values are: ${Object.keys(ASPECT_SIZES).join(', ')}.`);

    const prompt = texts.join('\n');
    const promptTokens = tokens(prompt) + images.length * 258;
    const parts: unknown[] = [];
    let imageTokens = 0;
    if (imageModel && modalities.includes('IMAGE')) {
      const seed = createHash('sha256').update(prompt);
      for (const image of images) seed.update(image);
      const hash = seed.digest();
      const png = createPng({ ...(options.imageSize ?? size), color: [hash[0], hash[1], hash[2]], to: [hash[3], hash[4], hash[5]] });
      if (modalities.includes('TEXT')) parts.push({ text: "Here's the image you asked for." });
      parts.push({ inlineData: { mimeType: 'image/png', data: png.toString('base64') } });
      imageTokens = 1290;
    } else {
      parts.push({ text: `Fake reply: ${prompt}` });
    }
    const textTokens = modalities.includes('TEXT') ? 12 : 0;
    return {
      candidates: [{ content: { parts, role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: promptTokens,
        candidatesTokenCount: imageTokens + textTokens,
        totalTokenCount: promptTokens + imageTokens + textTokens,
        promptTokensDetails: [
          { modality: 'TEXT', tokenCount: tokens(prompt) },
          ...(images.length ? [{ modality: 'IMAGE', tokenCount: images.length * 258 }] : []),
        ],
        candidatesTokensDetails: imageTokens ? [{ modality: 'IMAGE', tokenCount: imageTokens }] : [{ modality: 'TEXT', tokenCount: textTokens }],
      },
      modelVersion: model,
      responseId: randomBytes(12).toString('base64url'),
    };
  }

  function blocked(kind: 'blocked_prompt' | 'image_safety', model: string): unknown {
    const usageMetadata = { promptTokenCount: 20, totalTokenCount: 20, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 20 }] };
    const responseId = randomBytes(12).toString('base64url');
    if (kind === 'blocked_prompt') return { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata, modelVersion: model, responseId };
    return { candidates: [{ content: {}, finishReason: 'IMAGE_SAFETY', index: 0 }], usageMetadata, modelVersion: model, responseId };
  }

  function send(response: ServerResponse, status: number, body: unknown): void {
    const payload = Buffer.from(JSON.stringify(body));
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(payload.length),
      vary: 'Origin, X-Origin, Referer',
      'server-timing': `gfet4t7; dur=${latencyMs}`,
    });
    response.end(payload);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    const raw = await readBody(request, () => new GoogleError(413, { code: 413, message: 'Request payload size exceeds the limit: 67108864 bytes.', status: 'INVALID_ARGUMENT' }));
    const route = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):([A-Za-z]+)$/.exec(url.pathname);
    const recorded: FakeGeminiRequest = { method: request.method ?? 'GET', path: url.pathname, model: route?.[2] ?? '', headers: request.headers, body: {} };
    requests.push(recorded);
    if (raw.length > 0) {
      try {
        recorded.body = JSON.parse(raw.toString('utf8')) as GenerateContentBody;
      } catch {
        throw invalidArgument('Invalid JSON payload received. Unexpected token.');
      }
    }

    const failure = failures.shift();
    if (failure) {
      recorded.failure = failure;
      if (failure === 'network') {
        request.socket.destroy();
        return;
      }
      if (failure !== 'blocked_prompt' && failure !== 'image_safety') throw failureError(failure, recorded.model, retryDelaySeconds);
    }

    const key = String(request.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '');
    if (!key) {
      throw new GoogleError(403, {
        code: 403,
        message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        status: 'PERMISSION_DENIED',
      });
    }
    if (options.apiKey !== undefined && key !== options.apiKey) throw failureError('invalid_api_key', recorded.model, retryDelaySeconds);

    if (!route || request.method !== 'POST' || route[3] !== 'generateContent') {
      throw new GoogleError(404, { code: 404, message: `The requested URL ${url.pathname} was not found on this server.`, status: 'NOT_FOUND' });
    }
    const answer = failure === 'blocked_prompt' || failure === 'image_safety' ? blocked(failure, recorded.model) : generateContent(recorded.model, recorded.body);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (request.socket.destroyed) return;
    send(response, 200, answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof GoogleError) send(response, error.status, { error: error.body });
      else send(response, 500, { error: { code: 500, message: `Fake Gemini server error: ${(error as Error).message}`, status: 'INTERNAL' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    failNext(kind, { times = 1 } = {}) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
