import OpenAI, {
  APIConnectionError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  toFile,
} from 'openai';
import { createPng, FAKE_OPENAI_FLAG, readPngSize, startFakeOpenAI, type FakeOpenAI } from '../src/index.js';

/** The SDK call's rejection (fails the test if the call succeeds). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

describe('startFakeOpenAI with the real openai SDK', () => {
  let fake: FakeOpenAI;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.baseURL });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  describe('images.generate', () => {
    it('gpt-image-1 answers b64_json PNGs of the requested size and records the request', async () => {
      const result = await client.images.generate({ model: 'gpt-image-1', prompt: 'a doll box of a cat', size: '1024x1536', quality: 'high' });
      expect(result.data).toHaveLength(1);
      const png = Buffer.from(result.data![0].b64_json!, 'base64');
      expect(readPngSize(png)).toEqual({ width: 1024, height: 1536 });
      expect(result.usage?.total_tokens).toBeGreaterThan(0);
      expect(result.size).toBe('1024x1536');

      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/images/generations');
      expect(request.headers.authorization).toBe('Bearer sk-test');
      expect(request.body).toMatchObject({ model: 'gpt-image-1', prompt: 'a doll box of a cat', size: '1024x1536', quality: 'high' });
    });

    it('is deterministic per prompt', async () => {
      const image = async (prompt: string) =>
        (await client.images.generate({ model: 'gpt-image-1', prompt, size: '1024x1024' })).data![0].b64_json;
      expect(await image('pixel art fox')).toBe(await image('pixel art fox'));
      expect(await image('pixel art fox')).not.toBe(await image('comic fox'));
    });

    it('gpt-image-1 rejects response_format like the real API', async () => {
      const error = await rejectionOf(
        client.images.generate({ model: 'gpt-image-1', prompt: 'x', response_format: 'b64_json' }, { maxRetries: 0 }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'unknown_parameter', param: 'response_format' });
    });

    it('rejects a size the model does not support', async () => {
      const error = await rejectionOf(client.images.generate({ model: 'dall-e-3', prompt: 'x', size: '1536x1024' }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ param: 'size', code: 'invalid_value' });
    });

    it('dall-e-3 answers a downloadable url by default', async () => {
      const result = await client.images.generate({ model: 'dall-e-3', prompt: 'an anime portrait', size: '1792x1024' });
      const { url, revised_prompt } = result.data![0];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/[0-9a-f]+\.png$/);
      expect(revised_prompt).toBe('an anime portrait');
      const download = await fetch(url!);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(readPngSize(Buffer.from(await download.arrayBuffer()))).toEqual({ width: 1792, height: 1024 });
    });

    it('dall-e-3 answers b64_json when asked', async () => {
      const result = await client.images.generate({ model: 'dall-e-3', prompt: 'x', response_format: 'b64_json' });
      expect(result.data![0].url).toBeUndefined();
      expect(readPngSize(Buffer.from(result.data![0].b64_json!, 'base64'))).toEqual({ width: 1024, height: 1024 });
    });
  });

  describe('images.edit (multipart)', () => {
    const photo = createPng({ width: 32, height: 32, color: [200, 150, 120] });

    it('receives the photo and fields; gpt-image-1 answers b64_json', async () => {
      const result = await client.images.edit({
        model: 'gpt-image-1',
        image: await toFile(photo, 'photo.png', { type: 'image/png' }),
        prompt: 'turn me into a collectible toy box',
        input_fidelity: 'high',
        size: '1024x1024',
      });
      expect(readPngSize(Buffer.from(result.data![0].b64_json!, 'base64'))).toEqual({ width: 1024, height: 1024 });

      const [request] = fake.requests;
      expect(request.path).toBe('/v1/images/edits');
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.body).toMatchObject({ model: 'gpt-image-1', prompt: 'turn me into a collectible toy box', input_fidelity: 'high' });
      expect(request.files).toHaveLength(1);
      expect(request.files[0]).toMatchObject({ field: 'image', filename: 'photo.png', contentType: 'image/png', size: photo.length });
      expect(request.files[0].bytes.equals(photo)).toBe(true);
    });

    it('takes several reference images (image[])', async () => {
      const second = createPng({ width: 8, height: 8, color: [0, 0, 0] });
      await client.images.edit({
        model: 'gpt-image-1',
        image: [await toFile(photo, 'a.png', { type: 'image/png' }), await toFile(second, 'b.png', { type: 'image/png' })],
        prompt: 'magazine cover',
      });
      expect(fake.requests[0].files.map((file) => [file.field, file.filename])).toEqual([
        ['image[]', 'a.png'],
        ['image[]', 'b.png'],
      ]);
    });

    it('requires an image', async () => {
      const error = await rejectionOf(client.images.edit({ model: 'gpt-image-1', prompt: 'x' } as never));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ param: 'image' });
    });
  });

  describe('streaming (stream: true)', () => {
    it('gpt-image generate: partial_images partial events, then the completed image, as server-sent events', async () => {
      const stream = await client.images.generate({ model: 'gpt-image-1', prompt: 'a fox', size: '1536x1024', stream: true, partial_images: 2 });
      const events = [];
      for await (const event of stream) events.push(event);
      expect(events.map((event) => [event.type, 'partial_image_index' in event ? event.partial_image_index : null, event.size])).toEqual([
        ['image_generation.partial_image', 0, '1536x1024'],
        ['image_generation.partial_image', 1, '1536x1024'],
        ['image_generation.completed', null, '1536x1024'],
      ]);
      const images = events.map((event) => Buffer.from(event.b64_json, 'base64'));
      expect(images.map((png) => readPngSize(png))).toEqual(Array(3).fill({ width: 1536, height: 1024 }));
      // The picture emerges: each partial differs from the next, the last event is the image itself.
      expect(new Set(images.map((png) => png.toString('base64'))).size).toBe(3);
      expect(events[2]).toEqual(expect.objectContaining({ usage: expect.objectContaining({ output_tokens: 1056 }) }));
    });

    it('gpt-image edit (multipart fields): image_edit events', async () => {
      const stream = await client.images.edit({
        model: 'gpt-image-1', image: await toFile(createPng({ width: 8, height: 8, color: [1, 2, 3] }), 'p.png', { type: 'image/png' }), prompt: 'x', stream: true, partial_images: 1,
      });
      const types = [];
      for await (const event of stream) types.push(event.type);
      expect(types).toEqual(['image_edit.partial_image', 'image_edit.completed']);
    });

    it('the latency is spread over the events; stream_cut drops the connection after the first', async () => {
      fake.setLatency(600);
      try {
        const stream = await client.images.generate({ model: 'gpt-image-1', prompt: 'x', stream: true, partial_images: 2 });
        const iterator = stream[Symbol.asyncIterator]();
        expect((await iterator.next()).value).toEqual(expect.objectContaining({ type: 'image_generation.partial_image' }));
        await iterator.return?.();
      } finally {
        fake.setLatency(0);
      }
      fake.failNext('stream_cut');
      const cut = await client.images.generate({ model: 'gpt-image-1', prompt: 'x', stream: true, partial_images: 2 });
      const seen: string[] = [];
      const error = await rejectionOf((async () => { for await (const event of cut) seen.push(event.type); })());
      expect(seen).toEqual(['image_generation.partial_image']);
      // fetch's own word for a body cut off mid-way.
      expect(error).toMatchObject({ message: 'terminated' });
    });

    it('dall-e models do not stream; partial_images above 3 is refused', async () => {
      expect(await rejectionOf(client.images.generate({ model: 'dall-e-3', prompt: 'x', stream: true } as never))).toMatchObject({ status: 400, param: 'stream' });
      expect(await rejectionOf(client.images.generate({ model: 'gpt-image-1', prompt: 'x', stream: true, partial_images: 4 }))).toMatchObject({ status: 400, param: 'partial_images' });
    });
  });

  describe('chat.completions.create', () => {
    it('answers a non-streaming completion', async () => {
      const completion = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'You are a caption writer.' },
          { role: 'user', content: 'hello there' },
        ],
      });
      expect(completion.object).toBe('chat.completion');
      expect(completion.choices[0].message).toMatchObject({ role: 'assistant', content: 'Fake reply: hello there' });
      expect(completion.choices[0].finish_reason).toBe('stop');
      expect(completion.usage?.total_tokens).toBeGreaterThan(0);
      expect(fake.requests[0].body).toMatchObject({ model: 'gpt-4o-mini' });
    });

    it('answers JSON for json response formats and reads vision content parts', async () => {
      const completion = await client.chat.completions.create({
        model: 'gpt-4o',
        response_format: { type: 'json_object' },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'describe this face' },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            ],
          },
        ],
      });
      expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ reply: 'describe this face' });
    });

    it('uses the configured reply', async () => {
      const custom = await startFakeOpenAI({ chatReply: (request) => ({ caption: `for ${request.model}` }) });
      try {
        const completion = await new OpenAI({ apiKey: 'k', baseURL: custom.baseURL }).chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'caption please' }],
        });
        expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ caption: 'for gpt-4o-mini' });
      } finally {
        await custom.close();
      }
    });
  });

  describe('moderations.create', () => {
    it('flags text containing the trigger, not other text', async () => {
      const result = await client.moderations.create({ model: 'omni-moderation-latest', input: ['a cute cat', `a ${FAKE_OPENAI_FLAG} cat`] });
      expect(result.results.map((r) => r.flagged)).toEqual([false, true]);
      expect(result.results[1].categories.violence).toBe(true);
      expect(result.results[0].categories.violence).toBe(false);
      expect(result.results[1].category_scores.violence).toBeGreaterThan(0.5);
    });

    it('accepts multimodal input', async () => {
      const result = await client.moderations.create({
        model: 'omni-moderation-latest',
        input: [
          { type: 'text', text: 'my photo' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      });
      expect(result.results).toHaveLength(1);
      expect(result.results[0].flagged).toBe(false);
      expect(result.results[0].category_applied_input_types?.violence).toEqual(['text', 'image']);
    });
  });

  describe('errors surface as the SDK error classes', () => {
    it('401 invalid_api_key → AuthenticationError', async () => {
      fake.failNext('invalid_api_key');
      const error = await rejectionOf(client.images.generate({ model: 'gpt-image-1', prompt: 'x' }));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
      expect((error as AuthenticationError).requestID).toMatch(/^req_/);
      expect(fake.requests[0].failure).toBe('invalid_api_key');
    });

    it('a wrong key is refused when the fake is given one', async () => {
      const strict = await startFakeOpenAI({ apiKey: 'sk-right' });
      try {
        const wrong = new OpenAI({ apiKey: 'sk-wrong', baseURL: strict.baseURL });
        expect(await rejectionOf(wrong.moderations.create({ input: 'x' }))).toBeInstanceOf(AuthenticationError);
        const right = new OpenAI({ apiKey: 'sk-right', baseURL: strict.baseURL });
        expect((await right.moderations.create({ input: 'x' })).results).toHaveLength(1);
      } finally {
        await strict.close();
      }
    });

    it('429 → RateLimitError once the SDK retries are used up', async () => {
      fake.failNext('rate_limit', { times: 3 });
      const error = await rejectionOf(client.images.generate({ model: 'gpt-image-1', prompt: 'x' }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
      expect(fake.requests).toHaveLength(3); // first try + the SDK's 2 retries
    });

    it('a single 429 is retried by the SDK and then succeeds', async () => {
      fake.failNext('rate_limit');
      const result = await client.images.generate({ model: 'gpt-image-1', prompt: 'x' });
      expect(result.data).toHaveLength(1);
      expect(fake.requests.map((request) => request.failure ?? 'ok')).toEqual(['rate_limit', 'ok']);
    });

    it('insufficient_quota → RateLimitError with that code', async () => {
      fake.failNext('insufficient_quota');
      const error = await rejectionOf(client.images.generate({ model: 'gpt-image-1', prompt: 'x' }, { maxRetries: 0 }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ code: 'insufficient_quota' });
    });

    it('400 content_policy_violation → BadRequestError with OpenAI error JSON', async () => {
      fake.failNext('content_policy_violation');
      const error = await rejectionOf(client.images.generate({ model: 'dall-e-3', prompt: 'x' }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'content_policy_violation', type: 'invalid_request_error', param: null });
      expect((error as BadRequestError).message).toMatch(/safety system/);
      expect(fake.requests).toHaveLength(1); // 400s are not retried
    });

    it('400 moderation_blocked (gpt-image safety system) → BadRequestError', async () => {
      fake.failNext('moderation_blocked');
      const error = await rejectionOf(
        client.images.edit({ model: 'gpt-image-1', prompt: 'x', image: await toFile(createPng({ width: 2, height: 2, color: [0, 0, 0] }), 'p.png') }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ code: 'moderation_blocked', type: 'image_generation_user_error' });
    });

    it('500 → InternalServerError; a dropped connection → APIConnectionError', async () => {
      fake.failNext('server_error');
      expect(await rejectionOf(client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { maxRetries: 0 }))).toBeInstanceOf(
        InternalServerError,
      );
      fake.failNext('network');
      expect(await rejectionOf(client.moderations.create({ input: 'x' }, { maxRetries: 0 }))).toBeInstanceOf(APIConnectionError);
    });

    it('failures can target one endpoint', async () => {
      fake.failNext('rate_limit', { path: '/v1/images/generations' });
      expect((await client.moderations.create({ input: 'fine' })).results[0].flagged).toBe(false);
      expect(await rejectionOf(client.images.generate({ model: 'gpt-image-1', prompt: 'x' }, { maxRetries: 0 }))).toBeInstanceOf(RateLimitError);
    });

    it('an unknown endpoint → NotFoundError', async () => {
      expect(await rejectionOf(client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }))).toBeInstanceOf(NotFoundError);
    });
  });
});
