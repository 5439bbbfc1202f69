import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bus } from '@trendforge/platform';
import {
  createTestEnvironment, failureOf, startFakeOpenAI, startServiceUnderTest,
  type ChatCompletionRequestBody, type FakeOpenAI, type ServiceUnderTest, type TestEnvironment,
} from '@trendforge/testing';
import { OfflineAssistant } from '../src/assist/offline-assistant.js';
import type { AssistTrend } from '../src/assist/trend-profile.js';

/**
 * The assist patterns of a keyed trends service: the real `openai` SDK against the fake OpenAI
 * server; when the chat call fails, the offline assistant answers.
 */
let environment: TestEnvironment;
let storageDir: string;
let fake: FakeOpenAI;
let trends: ServiceUnderTest;
let bus: Bus;
/** What the fake's chat model answers next; a function of the request. */
let reply: (request: ChatCompletionRequestBody) => string | object;

const chef = 'me as a chef in a tiny Paris kitchen';
const systemOf = (request: { body: Record<string, unknown> }) => (request.body as unknown as ChatCompletionRequestBody).messages[0].content as string;
const chatRequests = () => fake.requests.filter((request) => request.path === '/v1/chat/completions');

beforeAll(async () => {
  environment = await createTestEnvironment('trends-assist');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-trends-assist-'));
  fake = await startFakeOpenAI({ apiKey: 'sk-assist', chatReply: (request) => reply(request) });
  const env = {
    ...process.env, ...environment.serviceEnv('trends'), STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, PREVIEW_WARMUP: 'false',
    OPENAI_API_KEY: 'sk-assist', OPENAI_BASE_URL: fake.baseURL, OPENAI_CHAT_MODEL: 'gpt-test-mini',
  };
  const [{ TrendsModule }, { loadTrendsConfig }] = await Promise.all([import('../src/trends.module.js'), import('../src/config.js')]);
  trends = await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig(env)), environment.natsUrl);
  bus = trends.bus;
}, 120_000);

afterEach(() => fake.reset());

afterAll(async () => {
  await trends?.close();
  await fake?.close();
  await environment?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** The pixar trend as the service hands it to an assistant (for the offline answer to compare with). */
async function pixar(): Promise<AssistTrend> {
  const [trend, options] = await Promise.all([bus.send('trends.bySlug', { slug: 'pixar' }), bus.send('trends.styleOptions', { slug: 'pixar' })]);
  return { ...trend, vibes: options.vibes, flags: Object.keys(options.styleOptions) };
}

describe('with OPENAI_API_KEY the chat model answers', () => {
  test('feedback: the model sees the prompt and the trend; its JSON answer is the feedback', async () => {
    reply = () => ({ feedback: 'Add warm key light.', suggestion: `${chef}, warm key light` });
    expect(await bus.send('trends.coach.feedback', { prompt: chef, trendSlug: 'pixar' })).toEqual({ feedback: 'Add warm key light.', suggestion: `${chef}, warm key light` });

    const [request] = chatRequests();
    expect(request.headers.authorization).toBe('Bearer sk-assist');
    expect(request.body).toMatchObject({ model: 'gpt-test-mini', response_format: { type: 'json_object' } });
    expect(systemOf(request)).toContain('"Pixar" image trend');
    expect(systemOf(request)).toContain('exaggerated_eyes');
    expect(JSON.stringify(request.body.messages)).toContain(chef);
  });

  test('question: the chat history, the current prompt and the question go to the model; its text is the response', async () => {
    reply = (request) => `You asked: ${request.messages.at(-1)?.content as string}`;
    const chatHistory = [{ role: 'user' as const, content: 'Hi coach' }, { role: 'assistant' as const, content: 'Hello! Ask me anything.' }];
    const answer = await bus.send('trends.coach.question', { question: 'How should I light this?', trendSlug: 'ghibli', prompt: chef, chatHistory });
    expect(answer).toEqual({ response: 'You asked: How should I light this?' });

    const messages = (chatRequests()[0].body as unknown as ChatCompletionRequestBody).messages;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0].content).toContain('"Ghibli" image trend');
    expect(messages[0].content).toContain(`The member's current prompt: ${chef}`);
    // "How can I make it funnier?" got general advice on word count and lighting (issue 29).
    expect(messages[0].content).toContain('Answer exactly the question the member asks');
    expect(messages.slice(1).map((message) => message.content)).toEqual(['Hi coach', 'Hello! Ask me anything.', 'How should I light this?']);
  });

  test('variation: the model gets the subject and the type; its prompt is the variation', async () => {
    reply = () => ({ prompt: 'my dog, minimal Pixar render' });
    expect(await bus.send('trends.prompt.variation', { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'minimalist' })).toEqual({ prompt: 'my dog, minimal Pixar render' });
    const [request] = chatRequests();
    expect(systemOf(request)).toContain('minimalist variation');
    expect(JSON.stringify(request.body.messages)).toContain('Subject: my dog');
  });
});

describe('when the chat call fails, the offline assistant answers', () => {
  const offline = new OfflineAssistant();

  test('a refused key', async () => {
    reply = () => ({ feedback: 'never used', suggestion: 'never used' });
    fake.failNext('invalid_api_key');
    const answer = await bus.send('trends.coach.feedback', { prompt: chef, trendSlug: 'pixar' });
    expect(answer).toEqual(await offline.feedback(await pixar(), chef));
    expect(chatRequests().map((request) => request.failure)).toEqual(['invalid_api_key']);
  });

  test('a server error that outlasts the retry', async () => {
    reply = () => 'never used';
    fake.failNext('server_error', { times: 2 });
    const answer = await bus.send('trends.coach.question', { question: 'How should I light this?', trendSlug: 'pixar', prompt: chef, chatHistory: [] });
    expect(answer).toEqual({ response: await offline.answer(await pixar(), 'How should I light this?', chef, []) });
    expect(answer.response).toContain('lighting');
  });

  test('an answer that is not the JSON asked for', async () => {
    reply = () => 'Sure! Here is a prompt: my dog';
    const answer = await bus.send('trends.prompt.variation', { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'detailed' });
    expect(answer).toEqual({ prompt: await offline.variation(await pixar(), 'my dog', 'detailed') });
    expect(chatRequests()).toHaveLength(1);
  });
});

describe('requests are checked before any model is asked', () => {
  test('an unknown trend is NOT_FOUND "Trend not found"', async () => {
    expect(await failureOf(bus.send('trends.coach.feedback', { prompt: chef, trendSlug: 'no-such-trend' }))).toEqual({ code: 'NOT_FOUND', message: 'Trend not found' });
    expect(await failureOf(bus.send('trends.prompt.variation', { trendSlug: 'no-such-trend', baseSubject: 'x', variationType: 'standard' })))
      .toEqual({ code: 'NOT_FOUND', message: 'Trend not found' });
  });

  test.each([
    ['an empty prompt', 'trends.coach.feedback', { prompt: '  ', trendSlug: 'pixar' }, 'Please enter a prompt first to get feedback'],
    ['a prompt over 1000 characters', 'trends.coach.feedback', { prompt: 'a'.repeat(1001), trendSlug: 'pixar' }, 'Prompts can be at most 1000 characters'],
    ['an empty question', 'trends.coach.question', { question: '', trendSlug: 'pixar', chatHistory: [] }, 'Please enter a question'],
    ['21 chat messages', 'trends.coach.question', { question: 'why?', trendSlug: 'pixar', chatHistory: Array(21).fill({ role: 'user', content: 'x' }) }, 'chatHistory can hold at most 20 messages'],
    ['a system message', 'trends.coach.question', { question: 'why?', trendSlug: 'pixar', chatHistory: [{ role: 'system', content: 'x' }] }, 'A chat message role is user or assistant'],
    ['an empty base subject', 'trends.prompt.variation', { trendSlug: 'pixar', baseSubject: ' ', variationType: 'standard' }, 'Step 1 first'],
    ['an unknown variation type', 'trends.prompt.variation', { trendSlug: 'pixar', baseSubject: 'my dog', variationType: 'cubist' }, 'variationType must be one of standard, detailed, artistic, minimalist'],
  ] as const)('%s is BAD_REQUEST', async (_, pattern, request, message) => {
    expect(await failureOf(bus.send(pattern, request as never))).toEqual({ code: 'BAD_REQUEST', message });
    expect(chatRequests()).toEqual([]);
  });
});
