import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, createTestEnvironment, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { toGenerationRequest } from '../src/rest/generate/generate.body.js';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { stopTestStack } from './support/services.js';

/**
 * The prompt coach and prompt variations (spec part 2 section 7) over REST and GraphQL, through
 * the built gateway against real auth, billing and trends services (no API key: the offline
 * assistant answers).
 */
let env: TestEnvironment;
let storageDir: string;
let services: ServiceUnderTest[] = [];
let gateway: GatewayProcess | undefined;
let base: string;
let cookie: string;

beforeAll(async () => {
  env = await createTestEnvironment('gw-assist');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-assist-'));
  const serviceEnv = { ...process.env, ...env.env, OPENAI_API_KEY: '', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, PREVIEW_WARMUP: 'false' };
  const withPort = async () => ({ ...serviceEnv, HEALTH_PORT: String(await freePort()) });
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
  ]);
  services = [
    await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig(await withPort())), env.natsUrl),
    await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(await withPort())), env.natsUrl),
    await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig(await withPort())), env.natsUrl),
  ];
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  base = gateway.url;
  const name = `assist${randomUUID().slice(0, 8)}`;
  const registered = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  expect(registered.status).toBe(201);
  cookie = cookieOf(registered);
}, 180_000);

afterAll(() => stopTestStack({ gateway, services, env, storageDir }), 60_000);

const chef = 'me as a chef in a tiny Paris kitchen';
/** A member's call; `visitor` sends none of the session cookie. */
const visitor = '';
const post = (urlPath: string, json: unknown, who = cookie) => call(base, 'POST', urlPath, { json, cookie: who });
const graphql = (query: string, variables: unknown, who = cookie) => call(base, 'POST', '/graphql', { json: { query, variables }, cookie: who });

const Feedback = 'mutation F($input: CoachFeedbackInput!) { coachFeedback(input: $input) { feedback suggestion } }';
const Question = 'mutation Q($input: CoachQuestionInput!) { coachQuestion(input: $input) { response } }';
const Variation = 'mutation V($input: PromptVariationInput!) { promptVariation(input: $input) { prompt } }';

describe('REST', () => {
  test('POST /api/coach/feedback answers feedback and a full suggestion for the prompt', async () => {
    const answer = await post('/api/coach/feedback', { prompt: chef, trendSlug: 'pixar', trendName: 'Pixar' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ feedback: expect.stringContaining('"me as a chef"'), suggestion: expect.stringMatching(new RegExp(`^${chef}, `)) });
    // Limited like generation: 20 calls a minute.
    expect(answer.headers['x-ratelimit-limit']).toBe('20');
  });

  test('POST /api/coach/question answers on the topic asked, with the chat history', async () => {
    const answer = await post('/api/coach/question', {
      question: 'How should I light this?', trendSlug: 'pixar', trendName: 'Pixar', prompt: chef,
      chatHistory: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response: expect.stringContaining('lighting') });
  });

  test('POST /api/prompt-variation answers a prompt per variation type, each keeping the subject', async () => {
    const prompts = [];
    for (const variationType of ['standard', 'detailed', 'artistic', 'minimalist']) {
      const answer = await post('/api/prompt-variation', { trendSlug: 'pixar', baseSubject: 'my dog on a skateboard', variationType });
      expect(answer.status).toBe(200);
      expect(answer.body.prompt).toContain('my dog');
      prompts.push(answer.body.prompt);
    }
    expect(new Set(prompts).size).toBe(4);
  });

  test('visitors get 401', async () => {
    for (const [urlPath, json] of [
      ['/api/coach/feedback', { prompt: chef, trendSlug: 'pixar' }],
      ['/api/coach/question', { question: 'Why?', trendSlug: 'pixar', chatHistory: [] }],
      ['/api/prompt-variation', { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'standard' }],
    ] as const) {
      expect(await post(urlPath, json, visitor)).toEqual(expect.objectContaining({ status: 401, body: expect.objectContaining({ message: 'Authentication Required' }) }));
    }
  });

  test.each([
    ['a prompt over 1000 characters', '/api/coach/feedback', { prompt: 'a'.repeat(1001), trendSlug: 'pixar' }, 'prompt must be shorter than or equal to 1000 characters'],
    ['a missing prompt', '/api/coach/feedback', { trendSlug: 'pixar' }, /^prompt must/],
    ['an empty prompt', '/api/coach/feedback', { prompt: ' ', trendSlug: 'pixar' }, 'Please enter a prompt first to get feedback'],
    ['a question over 1000 characters', '/api/coach/question', { question: 'q'.repeat(1001), trendSlug: 'pixar', chatHistory: [] }, 'question must be shorter than or equal to 1000 characters'],
    ['21 chat messages', '/api/coach/question', { question: 'Why?', trendSlug: 'pixar', chatHistory: Array(21).fill({ role: 'user', content: 'x' }) }, 'chatHistory must contain no more than 20 elements'],
    ['a chat message over 2000 characters', '/api/coach/question', { question: 'Why?', trendSlug: 'pixar', chatHistory: [{ role: 'user', content: 'x'.repeat(2001) }] }, 'chatHistory.0.content must be shorter than or equal to 2000 characters'],
    ['a system chat message', '/api/coach/question', { question: 'Why?', trendSlug: 'pixar', chatHistory: [{ role: 'system', content: 'x' }] }, 'chatHistory.0.role must be user or assistant'],
    ['an unknown variation type', '/api/prompt-variation', { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'cubist' }, 'variationType must be one of standard, detailed, artistic, minimalist'],
    ['a base subject over 1000 characters', '/api/prompt-variation', { trendSlug: 'pixar', baseSubject: 'd'.repeat(1001), variationType: 'standard' }, 'baseSubject must be shorter than or equal to 1000 characters'],
    ['an empty base subject', '/api/prompt-variation', { trendSlug: 'pixar', baseSubject: '', variationType: 'standard' }, 'Step 1 first'],
  ])('%s is 400 with a message', async (_, urlPath, json, message) => {
    const answer = await post(urlPath, json);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  test('an unknown trend is 404 "Trend not found"', async () => {
    for (const [urlPath, json] of [
      ['/api/coach/feedback', { prompt: chef, trendSlug: 'no-such-trend' }],
      ['/api/coach/question', { question: 'Why?', trendSlug: 'no-such-trend', chatHistory: [] }],
      ['/api/prompt-variation', { trendSlug: 'no-such-trend', baseSubject: 'my dog', variationType: 'standard' }],
    ] as const) {
      expect(await post(urlPath, json)).toEqual(expect.objectContaining({ status: 404, body: expect.objectContaining({ message: 'Trend not found' }) }));
    }
  });
});

describe('GraphQL', () => {
  test('coachFeedback, coachQuestion and promptVariation answer like REST', async () => {
    const feedback = await graphql(Feedback, { input: { prompt: chef, trendSlug: 'pixar' } });
    expect(feedback.body.errors).toBeUndefined();
    expect(feedback.headers['x-ratelimit-limit']).toBe('20');
    expect(feedback.body.data.coachFeedback).toEqual((await post('/api/coach/feedback', { prompt: chef, trendSlug: 'pixar' })).body);

    const question = { question: 'What background would work?', trendSlug: 'ghibli', prompt: chef, chatHistory: [{ role: 'user', content: 'Hi' }] };
    const answer = await graphql(Question, { input: question });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.coachQuestion).toEqual((await post('/api/coach/question', question)).body);
    expect(answer.body.data.coachQuestion.response).toContain('in a tiny Paris kitchen');

    const variation = await graphql(Variation, { input: { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'artistic' } });
    expect(variation.body.errors).toBeUndefined();
    expect(variation.body.data.promptVariation.prompt).toContain('my dog');
  });

  test('visitors are refused', async () => {
    const answer = await graphql(Feedback, { input: { prompt: chef, trendSlug: 'pixar' } }, visitor);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0].message).toBe('Authentication Required');
  });

  test('invalid input and an unknown trend are errors with their message', async () => {
    const invalid = await graphql(Question, { input: { question: 'Why?', trendSlug: 'pixar', chatHistory: Array(21).fill({ role: 'user', content: 'x' }) } });
    expect(invalid.body.data).toBeNull();
    expect(invalid.body.errors[0].extensions.code).toBe('BAD_REQUEST');

    const wrongType = await graphql(Variation, { input: { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'cubist' } });
    expect(wrongType.body.errors[0].message).toContain('variationType must be one of standard, detailed, artistic, minimalist');

    const unknown = await graphql(Variation, { input: { trendSlug: 'no-such-trend', baseSubject: 'my dog', variationType: 'standard' } });
    expect(unknown.body.errors[0].message).toBe('Trend not found');
  });
});

describe('GenerateInput.styleOptions', () => {
  test('GraphQL sends the keys switched on, REST the map of flags: both reach images as the same flags', () => {
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', userPrompt: 'a fox', styleOptions: ['exaggerated_eyes', 'vibrant_colors'] }).styleOptions)
      .toEqual({ exaggerated_eyes: true, vibrant_colors: true });
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', userPrompt: 'a fox', styleOptions: { exaggerated_eyes: 'true', vibrant_colors: false } }).styleOptions)
      .toEqual({ exaggerated_eyes: true });
    // None switched on is still a creator-page request; no styleOptions at all is the Forge screen or the wizard.
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', userPrompt: 'a fox', styleOptions: [] }).styleOptions).toEqual({});
    expect(toGenerationRequest('u1', { trendSlug: 'pixar', userPrompt: 'a fox' }).styleOptions).toBeUndefined();
  });
});
