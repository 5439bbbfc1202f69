/**
 * A local HTTP server speaking OpenAI's wire format for the endpoints TrendForge uses, so the
 * OpenAI provider is tested with the real `openai` SDK pointed at `baseURL` (DESIGN §6).
 *
 *   POST /v1/images/generations  gpt-image-* → b64_json; dall-e-2/3 → url or b64_json (response_format)
 *   POST /v1/images/edits        multipart (image / image[] / mask files + fields), same answers
 *                                gpt-image-* with `stream: true`: server-sent events, `partial_images`
 *                                `image_generation.partial_image` / `image_edit.partial_image` events,
 *                                then `….completed` (latency spread over them)
 *   POST /v1/chat/completions    non-streaming
 *   POST /v1/moderations         text / multimodal input
 *   GET  /files/<id>.png         the images handed out as `url`
 *
 * Images are real PNGs (see png.ts) of the requested size, coloured deterministically from the
 * prompt. Every request is recorded; failNext() injects OpenAI's error responses.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.js';
import { createPng, readPngSize, type Rgb } from './png.js';

const readPngDims = (png: Buffer) => readPngSize(png) ?? { width: 1, height: 1 };

export type FakeOpenAIFailure =
  /** 401 invalid_api_key */
  | 'invalid_api_key'
  /** 429 rate_limit_exceeded (with `retry-after-ms`, so SDK retries are quick) */
  | 'rate_limit'
  /** 429 insufficient_quota (billing) */
  | 'insufficient_quota'
  /** 400 content_policy_violation (dall-e safety system) */
  | 'content_policy_violation'
  /** 400 moderation_blocked (gpt-image safety system) */
  | 'moderation_blocked'
  /** 500 server_error */
  | 'server_error'
  /** the connection is dropped without an answer */
  | 'network'
  /** a streamed answer (stream: true) is cut off after its first event; otherwise like 'network' */
  | 'stream_cut';

export interface RecordedFile {
  /** Form field: `image`, `image[]`, `mask` */
  field: string;
  filename: string;
  contentType: string;
  size: number;
  bytes: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/images/generations`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, or the text fields of a multipart body (repeated fields become arrays). */
  body: Record<string, unknown>;
  /** File parts of a multipart body. */
  files: RecordedFile[];
  /** The failure injected into the answer, if any. */
  failure?: FakeOpenAIFailure;
}

export interface ChatCompletionRequestBody {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  response_format?: { type: string };
  [key: string]: unknown;
}

export interface FakeOpenAIOptions {
  /** Only this key is accepted (401 invalid_api_key otherwise). Default: any non-empty key. */
  apiKey?: string;
  /** Assistant message content for chat completions; an object is sent as JSON text. */
  chatReply?: (request: ChatCompletionRequestBody) => string | object;
  /** Which moderation inputs are flagged. Default: text containing FAKE_OPENAI_FLAG. */
  flag?: (text: string) => boolean;
  /** Fixed size for generated images instead of the requested one (e.g. tiny images for speed). */
  imageSize?: { width: number; height: number };
  /**
   * Rate-limits the image endpoints as providers do: a bucket of `bucket` requests, one more every
   * `refillMs`; beyond it 429 rate_limit_exceeded with `retry-after`, `retry-after-ms` and
   * `x-ratelimit-*` headers (which every image answer carries too).
   */
  rateLimit?: { bucket: number; refillMs: number };
  /** Holds every answer this long from the start (setLatency changes it). */
  latencyMs?: number;
}

export interface FailNextOptions {
  /** How many consecutive matching requests fail (default 1). The SDK retries 429/5xx/network twice by default. */
  times?: number;
  /** Only requests to this path fail, e.g. `/v1/images/generations`. Default: any /v1 endpoint. */
  path?: string;
}

export interface FakeOpenAI {
  /** Pass to `new OpenAI({ baseURL })`, e.g. `http://127.0.0.1:41234/v1`. */
  baseURL: string;
  /** Every request received, in order (live array). */
  requests: RecordedRequest[];
  /** Image requests answered 429 by the rate limit (options.rateLimit) since the start or reset(). */
  readonly rateLimited: number;
  failNext(kind: FakeOpenAIFailure, options?: FailNextOptions): void;
  /** Forgets recorded requests, pending failures and served image files. */
  reset(): void;
  /** Holds every answer this long, like a slow model (e.g. to stop a worker mid-job). */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

/** Moderation inputs containing this text are flagged (category `violence`) by default. */
export const FAKE_OPENAI_FLAG = 'FAKE_OPENAI_FLAG';

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** Sizes each image model accepts (the real API rejects others). */
const IMAGE_SIZES: Record<string, string[]> = {
  'gpt-image': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
};


/** A streamed answer: server-sent events, written one after another. */
class EventStream {
  constructor(readonly events: Array<{ event: string; data: unknown }>) {}
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: { message: string; type: string; param: string | null; code: string | null },
    readonly headers: Record<string, string> = {},
  ) {
    super(error.message);
  }
}

const invalidRequest = (message: string, param: string | null = null, code: string | null = null) =>
  new HttpError(400, { message, type: 'invalid_request_error', param, code });

function failureError(kind: Exclude<FakeOpenAIFailure, 'network' | 'stream_cut'>, model: string): HttpError {
  switch (kind) {
    case 'invalid_api_key':
      return new HttpError(401, {
        message: 'Incorrect API key provided: sk-fake***. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      });
    case 'rate_limit':
      return new HttpError(
        429,
        {
          message: `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 5, Used 5, Requested 1. Please try again in 20ms.`,
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
        { 'retry-after-ms': '20' },
      );
    case 'insufficient_quota':
      return new HttpError(429, {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      });
    case 'content_policy_violation':
      return new HttpError(400, {
        message:
          'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
        type: 'invalid_request_error',
        param: null,
        code: 'content_policy_violation',
      });
    case 'moderation_blocked':
      return new HttpError(400, {
        message:
          'Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID.',
        type: 'image_generation_user_error',
        param: null,
        code: 'moderation_blocked',
      });
    case 'server_error':
      return new HttpError(500, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      });
  }
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<{ fields: Record<string, unknown>; files: RecordedFile[] }> {
  // The platform's fetch implementation parses multipart/form-data: no hand-written parser.
  const form = await new Request('http://fake.local/', { method: 'POST', headers: { 'content-type': contentType }, body: raw }).formData();
  const fields: Record<string, unknown> = {};
  const files: RecordedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      const previous = fields[field];
      fields[field] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    } else {
      const bytes = Buffer.from(await value.arrayBuffer());
      files.push({ field, filename: value.name, contentType: value.type, size: bytes.length, bytes });
    }
  }
  return { fields, files };
}

function colorFor(seed: string, index: number): [Rgb, Rgb] {
  const hash = createHash('sha256').update(`${index}:${seed}`).digest();
  return [
    [hash[0], hash[1], hash[2]],
    [hash[3], hash[4], hash[5]],
  ];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === 'object' && (part as { type?: string }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : ''))
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ kind: FakeOpenAIFailure; path?: string }> = [];
  const files = new Map<string, Buffer>();
  const flag = options.flag ?? ((text: string) => text.includes(FAKE_OPENAI_FLAG));
  let origin = '';

  function renderImages(model: string, prompt: string, body: Record<string, unknown>, gptImage: boolean): Array<{ png: Buffer; size: string }> {
    const allowed = IMAGE_SIZES[gptImage ? 'gpt-image' : model] ?? IMAGE_SIZES['dall-e-2'];
    const requested = typeof body.size === 'string' ? body.size : gptImage ? 'auto' : '1024x1024';
    if (!allowed.includes(requested)) {
      throw invalidRequest(
        `Invalid value: '${requested}'. Supported values are: ${allowed.map((size) => `'${size}'`).join(', ')}.`,
        'size',
        'invalid_value',
      );
    }
    const n = body.n === undefined ? 1 : Number(body.n);
    if (!Number.isInteger(n) || n < 1 || n > 10) throw invalidRequest(`Invalid 'n': ${String(body.n)}.`, 'n', 'invalid_value');
    if (model === 'dall-e-3' && n !== 1) throw invalidRequest('You must provide n=1 for this model.', 'n', 'invalid_value');
    const [width, height] = (requested === 'auto' ? '1024x1024' : requested).split('x').map(Number);
    const dims = options.imageSize ?? { width, height };
    return Array.from({ length: n }, (_, i) => {
      const [color, to] = colorFor(prompt, i);
      return { png: createPng({ ...dims, color, to }), size: `${width}x${height}` };
    });
  }

  function imagesResponse(model: string, prompt: string, body: Record<string, unknown>, inputImages: number, kind: 'image_generation' | 'image_edit'): unknown {
    const gptImage = model.startsWith('gpt-image');
    // Multipart bodies (edits) carry fields as text.
    const stream = body.stream === true || body.stream === 'true';
    if (stream && !gptImage) throw invalidRequest(`Streaming is not supported for model '${model}'.`, 'stream', 'unsupported_value');
    if (gptImage && body.response_format !== undefined) {
      // The real API rejects it for gpt-image models (they always answer b64_json).
      throw invalidRequest("Unknown parameter: 'response_format'.", 'response_format', 'unknown_parameter');
    }
    const responseFormat = body.response_format ?? 'url';
    if (!gptImage && responseFormat !== 'url' && responseFormat !== 'b64_json') {
      throw invalidRequest(`Invalid value: '${String(responseFormat)}'. Supported values are: 'url' and 'b64_json'.`, 'response_format', 'invalid_value');
    }
    const images = renderImages(model, prompt, body, gptImage);
    const created = Math.floor(Date.now() / 1000);
    if (gptImage) {
      const textTokens = tokens(prompt);
      const imageTokens = inputImages * 323;
      const quality = body.quality && body.quality !== 'auto' ? body.quality : 'medium';
      const background = body.background ?? 'opaque';
      const usage = {
        input_tokens: textTokens + imageTokens,
        input_tokens_details: { text_tokens: textTokens, image_tokens: imageTokens },
        output_tokens: 1056 * images.length,
        total_tokens: textTokens + imageTokens + 1056 * images.length,
      };
      if (stream) {
        const partials = body.partial_images === undefined ? 0 : Number(body.partial_images);
        if (!Number.isInteger(partials) || partials < 0 || partials > 3) {
          throw invalidRequest(`Invalid 'partial_images': integer above maximum value. Expected a value <= 3, but got ${String(body.partial_images)} instead.`, 'partial_images', 'integer_above_max_value');
        }
        const common = { created_at: created, size: images[0].size, quality, background, output_format: 'png' };
        // Partial images of the same size, the picture emerging from grey: partial k is (k+1)/(n+1) of the way.
        const [{ width, height }] = images.map(({ png }) => readPngDims(png));
        const [color, to] = colorFor(prompt, 0);
        const partialEvents = Array.from({ length: partials }, (_, k) => {
          const share = (k + 1) / (partials + 1);
          const toward = (rgb: Rgb): Rgb => rgb.map((c) => Math.round(128 + (c - 128) * share)) as unknown as Rgb;
          const png = createPng({ width, height, color: toward(color), to: toward(to) });
          const type = `${kind}.partial_image`;
          return { event: type, data: { type, b64_json: png.toString('base64'), ...common, partial_image_index: k } };
        });
        const type = `${kind}.completed`;
        return new EventStream([...partialEvents, { event: type, data: { type, b64_json: images[0].png.toString('base64'), ...common, usage } }]);
      }
      return {
        created,
        background,
        output_format: 'png',
        quality,
        size: images[0].size,
        data: images.map(({ png }) => ({ b64_json: png.toString('base64') })),
        usage,
      };
    }
    return {
      created,
      data: images.map(({ png }) => {
        const revised = model === 'dall-e-3' ? { revised_prompt: prompt } : {};
        if (responseFormat === 'b64_json') return { b64_json: png.toString('base64'), ...revised };
        const id = randomBytes(8).toString('hex');
        files.set(id, png);
        return { url: `${origin}/files/${id}.png`, ...revised };
      }),
    };
  }

  function requirePrompt(body: Record<string, unknown>): string {
    if (typeof body.prompt !== 'string' || !body.prompt) {
      throw invalidRequest("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
    }
    return body.prompt;
  }

  const handlers: Record<string, (recorded: RecordedRequest) => unknown> = {
    '/v1/images/generations': ({ body }) => {
      const prompt = requirePrompt(body);
      return imagesResponse(String(body.model ?? 'dall-e-2'), prompt, body, 0, 'image_generation');
    },
    '/v1/images/edits': ({ body, files: parts, headers }) => {
      if (!String(headers['content-type'] ?? '').startsWith('multipart/form-data')) {
        throw invalidRequest('Invalid Content-Type header, expected multipart/form-data.');
      }
      const prompt = requirePrompt(body);
      const images = parts.filter((part) => part.field === 'image' || part.field === 'image[]');
      if (images.length === 0) throw invalidRequest("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
      const model = String(body.model ?? 'dall-e-2');
      if (model === 'dall-e-3') throw invalidRequest('Image edits are not supported for dall-e-3.', 'model', 'invalid_value');
      const seed = `${prompt}:${images.map((image) => createHash('sha256').update(image.bytes).digest('hex')).join(',')}`;
      return imagesResponse(model, seed, body, images.length, 'image_edit');
    },
    '/v1/chat/completions': ({ body }) => {
      const request = body as ChatCompletionRequestBody;
      if (typeof request.model !== 'string' || !request.model) throw invalidRequest("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
      if (!Array.isArray(request.messages) || request.messages.length === 0) {
        throw invalidRequest("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
      }
      if (body.stream) throw invalidRequest('The fake OpenAI server does not stream; use stream: false.', 'stream', 'unsupported_value');
      const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
      const userText = textOf(lastUser?.content);
      const wantsJson = request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema';
      const reply = options.chatReply?.(request) ?? (wantsJson ? { reply: userText } : `Fake reply: ${userText}`);
      const content = typeof reply === 'string' ? reply : JSON.stringify(reply);
      const promptTokens = tokens(request.messages.map((message) => textOf(message.content)).join(' '));
      const completionTokens = tokens(content);
      return {
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
        system_fingerprint: null,
      };
    },
    '/v1/moderations': ({ body }) => {
      const input = body.input;
      let items: Array<{ text: string; types: string[] }>;
      if (typeof input === 'string') items = [{ text: input, types: ['text'] }];
      else if (Array.isArray(input) && input.every((entry) => typeof entry === 'string')) items = input.map((text) => ({ text, types: ['text'] }));
      else if (Array.isArray(input) && input.length > 0) {
        const types = [...new Set(input.map((part) => ((part as { type?: string }).type === 'image_url' ? 'image' : 'text')))];
        items = [{ text: textOf(input), types }];
      } else throw invalidRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
      return {
        id: `modr-${randomBytes(12).toString('hex')}`,
        model: typeof body.model === 'string' ? body.model : 'omni-moderation-latest',
        results: items.map(({ text, types }) => {
          const flagged = flag(text);
          const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flagged && c === 'violence']));
          const scores = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, flagged && c === 'violence' ? 0.97 : 0.0001]));
          const applied = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, types]));
          return { flagged, categories, category_scores: scores, category_applied_input_types: applied };
        }),
      };
    },
  };

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const payload = Buffer.from(JSON.stringify(body));
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      'x-request-id': `req_${randomBytes(12).toString('hex')}`,
      ...headers,
    });
    response.end(payload);
  }

  let latencyMs = 0;
  let rateLimited = 0;

  /** The image endpoints' token bucket (options.rateLimit): refilled continuously, capped at its size. */
  const bucket = options.rateLimit && { ...options.rateLimit, tokens: options.rateLimit.bucket, at: Date.now() };
  function takeToken(): Record<string, string> {
    if (!bucket) return {};
    const now = Date.now();
    bucket.tokens = Math.min(bucket.bucket, bucket.tokens + (now - bucket.at) / bucket.refillMs);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const remaining = Math.floor(bucket.tokens);
    const headers = {
      'x-ratelimit-limit-requests': String(bucket.bucket),
      'x-ratelimit-remaining-requests': String(remaining),
      'x-ratelimit-reset-requests': `${Math.ceil((bucket.bucket - bucket.tokens) * bucket.refillMs)}ms`,
    };
    if (allowed) return headers;
    rateLimited += 1;
    const waitMs = Math.ceil((1 - bucket.tokens) * bucket.refillMs);
    throw new HttpError(
      429,
      {
        message: `Rate limit reached for images in organization org-fake on requests per min (RPM): Limit ${bucket.bucket}, Used ${bucket.bucket}, Requested 1. Please try again in ${waitMs}ms.`,
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
      { ...headers, 'retry-after': String(Math.ceil(waitMs / 1000)), 'retry-after-ms': String(waitMs) },
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake.local').pathname;

    const file = /^\/files\/([0-9a-f]+)\.png$/.exec(path);
    if (request.method === 'GET' && file) {
      const png = files.get(file[1]);
      if (!png) return send(response, 404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      response.end(png);
      return;
    }

    const raw = await readBody(request, () => invalidRequest('Request body too large for the fake OpenAI server.'));
    const contentType = String(request.headers['content-type'] ?? '');
    const recorded: RecordedRequest = { method: request.method ?? 'GET', path, headers: request.headers, body: {}, files: [] };
    requests.push(recorded);

    if (contentType.startsWith('multipart/form-data')) {
      const { fields, files: parts } = await parseMultipart(raw, contentType);
      recorded.body = fields;
      recorded.files = parts;
    } else if (raw.length > 0) {
      try {
        recorded.body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw invalidRequest('We could not parse the JSON body of your request. (HINT: This likely means you aren\'t using your HTTP library correctly.)');
      }
    }

    let cutStream = false;
    const failureIndex = failures.findIndex((failure) => !failure.path || failure.path === path);
    if (failureIndex >= 0) {
      const [{ kind }] = failures.splice(failureIndex, 1);
      recorded.failure = kind;
      if (kind === 'network' || (kind === 'stream_cut' && !(recorded.body.stream === true || recorded.body.stream === 'true'))) {
        request.socket.destroy();
        return;
      }
      if (kind === 'stream_cut') cutStream = true;
      else throw failureError(kind, String(recorded.body.model ?? 'gpt-image-1'));
    }

    const authorization = String(request.headers.authorization ?? '');
    const key = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
    if (!key) {
      throw new HttpError(401, {
        message: "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        type: 'invalid_request_error',
        param: null,
        code: null,
      });
    }
    if (options.apiKey !== undefined && key !== options.apiKey) throw failureError('invalid_api_key', '');

    const handler = request.method === 'POST' ? handlers[path] : undefined;
    if (!handler) {
      throw new HttpError(404, { message: `Invalid URL (${request.method} ${path})`, type: 'invalid_request_error', param: null, code: null });
    }
    const limitHeaders = path.startsWith('/v1/images/') ? takeToken() : {};
    const answer = handler(recorded);
    if (answer instanceof EventStream) return streamEvents(request, response, answer, limitHeaders, cutStream);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (request.socket.destroyed) return;
    send(response, 200, answer, limitHeaders);
  }

  /** Server-sent events as OpenAI sends them (`event:` and `data:` lines), the latency spread over them. */
  async function streamEvents(request: IncomingMessage, response: ServerResponse, answer: EventStream, headers: Record<string, string>, cut: boolean): Promise<void> {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': `req_${randomBytes(12).toString('hex')}`,
      ...headers,
    });
    response.flushHeaders();
    for (const [index, { event, data }] of answer.events.entries()) {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs / answer.events.length));
      if (request.socket.destroyed) return;
      // The first event leaves before a cut stream's connection drops.
      await new Promise<void>((resolve) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, () => resolve()));
      if (cut && index === 0) {
        request.socket.destroy();
        return;
      }
    }
    response.end();
  }

  latencyMs = options.latencyMs ?? 0;
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof HttpError) send(response, error.status, { error: error.error }, error.headers);
      else send(response, 500, { error: { message: `Fake OpenAI server error: ${(error as Error).message}`, type: 'server_error', param: null, code: null } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseURL: `${origin}/v1`,
    requests,
    get rateLimited() {
      return rateLimited;
    },
    failNext(kind, { times = 1, path } = {}) {
      for (let i = 0; i < times; i++) failures.push({ kind, path });
    },
    setLatency(ms: number) {
      latencyMs = ms;
    },
    reset() {
      rateLimited = 0;
      requests.length = 0;
      failures.length = 0;
      files.clear();
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
