import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { readPngSize, startFakeOpenAI, type FakeOpenAI } from '@trendforge/testing';
import { ApiMember, eventually, openPage, pickForgeStyle, signUpInBrowser, useE2EStack } from './harness.js';

/**
 * The thin path through every layer, as a newcomer and as API clients:
 * browser → gateway → services → queue → worker → storage → gallery.
 */
describe('TrendForge end to end', () => {
  const suite = useE2EStack('e2e');

  /** Follows generationUpdated(id) over graphql-ws with the member's cookie until it ends. */
  function follow(member: ApiMember, id: string): Promise<Array<{ status: string; progress: number; imageUrl: string | null }>> {
    const cookie = member.sessionCookie;
    class CookieWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    }
    const client = createClient({ url: `${suite.url.replace('http', 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0 });
    const seen: Array<{ status: string; progress: number; imageUrl: string | null }> = [];
    return new Promise((resolve, reject) => {
      client.subscribe<{ generationUpdated: { status: string; progress: number; imageUrl: string | null } }>(
        { query: 'subscription($id: ID!) { generationUpdated(id: $id) { status progress imageUrl } }', variables: { id } },
        {
          next: ({ data, errors }) => {
            if (errors?.length) reject(new Error(errors.map((e) => e.message).join('; ')));
            if (!data) return;
            seen.push(data.generationUpdated);
            if (['completed', 'failed'].includes(data.generationUpdated.status)) resolve(seen);
          },
          error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
          complete: () => resolve(seen),
        },
      );
    }).finally(() => client.dispose()) as Promise<typeof seen>;
  }

  test('a newcomer signs up, generates an image and finds it on the dashboard', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const prompt = 'a fox astronaut waving from the moon';
    try {
      // A newcomer is offered the welcome tour first; this one skips it.
      await signUpInBrowser(page, suite.url, 'newcomer');

      await pickForgeStyle(page, suite.url, 'pixar');
      await page.getByTestId('prompt-input').fill(prompt);
      await page.getByTestId('generate-button').click();

      const result = page.getByTestId('result-image');
      await result.waitFor({ timeout: 60_000 });
      await expect(result.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(1024);

      await openPage(page, `${suite.url}/dashboard`);
      const card = page.getByTestId('creation-image').first();
      await card.waitFor();
      expect(await card.getAttribute('alt')).toContain(prompt);
      await eventually('the dashboard image to load', () => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    } finally {
      await page.close();
    }
  });

  test('REST generate answers synchronously with the image, which the owner can download', async () => {
    const member = await ApiMember.register(suite.url, 'rest');
    const answer = await member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a lighthouse keeper cat', prompt: 'a lighthouse keeper cat' }, 201);
    expect(answer).toEqual(expect.objectContaining({ generatedImage: expect.stringMatching(/^\/api\/images\/.+\/file\/result$/), caption: 'Created in Pixar style with TrendForge' }));

    const file = await member.request('GET', answer.generatedImage);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(readPngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1024, height: 1024 });

    const thumbnail = await member.request('GET', `/api/images/${answer.id}/file/thumbnail`);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    const images = await member.json('GET', '/api/images');
    expect(images).toEqual([expect.objectContaining({ id: answer.id, prompt: 'a lighthouse keeper cat', trendId: 'pixar', isFavorite: false })]);
    const generation = await member.json('GET', `/api/generations/${answer.id}`);
    expect(generation).toEqual(expect.objectContaining({ status: 'completed', progress: 100, imageUrl: answer.generatedImage }));

    const me = await member.json('GET', '/api/auth/me');
    expect(me).toEqual(expect.objectContaining({ role: 'free', credits: 3, monthlyUsage: 1 }));
  });

  test('a premium trend takes its credits and refuses when they run out', async () => {
    const member = await ApiMember.register(suite.url, 'premium');
    await member.json('POST', '/api/generate', { trendSlug: 'ghibli', userPrompt: 'a quiet valley' }, 201);
    expect(await member.json('GET', '/api/auth/me')).toEqual(expect.objectContaining({ credits: 0, monthlyUsage: 1 }));
    const refused = await member.json('POST', '/api/generate', { trendSlug: 'ghibli', userPrompt: 'another valley' }, 402);
    expect(refused.message).toBe('You need 3 credits for this premium style (you have 0)');
    expect(await member.json('GET', '/api/images')).toHaveLength(1);
  });

  test('a member never reads, favourites or deletes another member’s creation or its file', async () => {
    const owner = await ApiMember.register(suite.url, 'owner');
    const other = await ApiMember.register(suite.url, 'other');
    const { id } = await owner.json('POST', '/api/generate', { trendSlug: 'collectible', userPrompt: 'Captain Ada with a wrench' }, 201);

    for (const [method, path] of [
      ['GET', `/api/images/${id}`],
      ['GET', `/api/images/${id}/file/result`],
      ['GET', `/api/images/${id}/file/thumbnail`],
      ['POST', `/api/images/${id}/favorite`],
      ['DELETE', `/api/images/${id}`],
      ['GET', `/api/generations/${id}`],
    ] as const) {
      expect({ method, path, status: (await other.request(method, path)).status }).toEqual({ method, path, status: 404 });
    }
    await expect(other.graphql('query($id: ID!) { image(id: $id) { id } }', { id })).rejects.toThrow('Image Not Found');
    expect(await other.json('GET', '/api/images')).toEqual([]);

    const visitor = new ApiMember(suite.url);
    expect((await visitor.request('GET', `/api/images/${id}/file/result`)).status).toBe(401);
    expect((await visitor.request('GET', '/api/images')).status).toBe(401);

    const still = await owner.json('GET', `/api/images/${id}`);
    expect(still).toEqual(expect.objectContaining({ id, isFavorite: false }));
    expect((await owner.request('GET', still.generatedImage)).status).toBe(200);
  });

  test('logout ends the session: the old cookie no longer works', async () => {
    const member = await ApiMember.register(suite.url, 'leaver');
    const stolen = new ApiMember(suite.url);
    Object.assign(stolen, { cookie: (member as unknown as { cookie: string }).cookie });
    expect((await stolen.request('GET', '/api/auth/me')).status).toBe(200);
    expect((await member.request('POST', '/api/auth/logout')).status).toBe(204);
    expect((await stolen.request('GET', '/api/auth/me')).status).toBe(401);
  });

  test('a listener who subscribes after the generation ended still gets its end', async () => {
    const member = await ApiMember.register(suite.url, 'late');
    const { id } = await member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a snail racing a turtle' }, 201);
    expect(await follow(member, id)).toEqual([{ status: 'completed', progress: 100, imageUrl: `/api/images/${id}/file/result` }]);
  });

  test('GET /api/health reports every dependency up', async () => {
    const health = await new ApiMember(suite.url).json('GET', '/api/health');
    expect(health).toEqual(expect.objectContaining({
      status: 'ok',
      postgres: { status: 'up' },
      redis: { status: 'up' },
      storage: expect.objectContaining({ status: 'up' }),
    }));
    expect(Object.keys(health.services).sort()).toEqual(['auth', 'billing', 'images', 'trends', 'waitlist']);
    expect(health.queues.generation).toEqual(expect.objectContaining({ status: 'up', workers: 1 }));
    expect(health.queues.traits).toEqual(expect.objectContaining({ status: 'up', workers: 1 }));
  });

  describe('with a slow image model behind the worker', () => {
    let openai: FakeOpenAI;

    beforeAll(async () => {
      openai = await startFakeOpenAI();
      // The studio worker steps aside; workers using the (fake) OpenAI provider take the queue.
      await suite.stack.stopInstance('generation-worker');
    });

    beforeEach(() => openai.reset());

    afterAll(async () => {
      await suite.stack.restart('generation-worker');
      await openai.close();
    });

    const slowWorkerEnv = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL });
    const accept = (member: ApiMember, prompt: string) => member.graphql<{ generate: { id: string; status: string } }>(
      'mutation($input: GenerateInput!) { generate(input: $input) { id status position } }',
      { input: { trendSlug: 'pixar', userPrompt: prompt } },
    ).then((data) => data.generate);
    const stateOf = (member: ApiMember, id: string) => member.json('GET', `/api/generations/${id}`);

    test('generationUpdated pushes progress and completion over graphql-ws, to the owner only', async () => {
      openai.setLatency(1_500);
      const worker = await suite.stack.spawnExtra('generation-worker', slowWorkerEnv());
      const member = await ApiMember.register(suite.url, 'live');
      const stranger = await ApiMember.register(suite.url, 'peeker');
      const { id } = await accept(member, 'a hot air balloon over dunes');

      await expect(follow(stranger, id)).rejects.toThrow('Generation not found');
      const updates = await follow(member, id);
      expect(updates.map((u) => u.status)).toContain('active');
      expect(updates.at(-1)).toEqual({ status: 'completed', progress: 100, imageUrl: `/api/images/${id}/file/result` });
      await suite.stack.stopInstance(worker);
    });

    test('a generation survives its worker being killed mid-job: another worker finishes it', async () => {
      openai.setLatency(30_000);
      const first = await suite.stack.spawnExtra('generation-worker', slowWorkerEnv());
      const member = await ApiMember.register(suite.url, 'killed');
      const { id, status } = await accept(member, 'a robot gardener');
      expect(status).toBe('queued');
      await eventually('the job to be active', async () => (await stateOf(member, id)).status === 'active');
      await eventually('the model to be asked', async () => openai.requests.length > 0);

      await suite.stack.kill(first, 'SIGKILL', { restart: false });
      openai.setLatency(0);
      const second = await suite.stack.spawnExtra('generation-worker', slowWorkerEnv());

      const done = await eventually('the generation to complete', async () => {
        const state = await stateOf(member, id);
        return state.status === 'completed' ? state : undefined;
      }, 90_000);
      expect(done).toEqual(expect.objectContaining({ engine: 'openai', imageUrl: `/api/images/${id}/file/result` }));
      expect(openai.requests.filter((r) => r.path === '/v1/images/generations').length).toBe(2);
      expect(await member.json('GET', '/api/images')).toEqual([expect.objectContaining({ id })]);
      expect((await member.json('GET', '/api/auth/me')).monthlyUsage).toBe(1);
      await suite.stack.stopInstance(second);
    });

    test('a gateway restart mid-generation loses nothing: the creation is in the gallery afterwards', async () => {
      openai.setLatency(4_000);
      const worker = await suite.stack.spawnExtra('generation-worker', slowWorkerEnv());
      const member = await ApiMember.register(suite.url, 'restart');
      const { id } = await accept(member, 'a paper boat in a storm');
      await eventually('the job to be active', async () => (await stateOf(member, id)).status === 'active');

      await suite.stack.restart('gateway');

      const images = await eventually('the creation to reach the gallery', async () => {
        const list = await member.json('GET', '/api/images');
        return list.length ? list : undefined;
      });
      expect(images).toEqual([expect.objectContaining({ id, prompt: 'a paper boat in a storm' })]);
      await suite.stack.stopInstance(worker);
    });
  });
});
