import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  createTestDatabase, deleteNatsNamespace, eventually, flushNamespace, testNatsUrl, testRedisUrl, uniqueNamespace, type TestDatabase,
} from '@trendforge/testing';
import { startStack, type Stack, type StackOptions } from '../src/stack.js';

export { eventually };

/**
 * A whole stack of its own: database, Redis/NATS namespace (BUS_NAMESPACE), storage folder and
 * ports from the OS. NATS is TEST_NATS_URL, else the one on 127.0.0.1:4222.
 */
export interface E2EStack {
  stack: Stack;
  close(): Promise<void>;
}

export async function startE2EStack(label: string, options: Partial<StackOptions> = {}): Promise<E2EStack> {
  const database: TestDatabase = await createTestDatabase(label);
  const namespace = uniqueNamespace(label);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), `tf-${label}-`));
  const output: string[] = [];
  let stack: Stack;
  try {
    stack = await startStack({
      databaseUrl: database.url,
      redisUrl: testRedisUrl(),
      natsUrl: testNatsUrl(),
      busNamespace: namespace,
      storageDir,
      // Every port from the OS (the gateway's too), never a number from a range: the OS hands out only
      // ports nobody holds, so parallel suites, `npm start` and the machine's own services (RabbitMQ
      // 25672, outbound connections) do not collide with us.
      port: 'auto',
      output: (instance, line) => { output.push(`${instance} | ${line}`); if (output.length > 4000) output.shift(); },
      // The launcher's own lines (restarts after a crash, ...) go with the children's, for failures.
      log: (message) => { output.push(`launcher | ${message}`); if (output.length > 4000) output.shift(); },
      ...options,
      // Every test member comes from 127.0.0.1: the per-address limits (sign-ups, the request budget,
      // connections) are for the real world. Workers keep the normal CPU priority: at their default
      // niceness 19 a machine busy on both cores (CI, a CPU hog) gives them about 1.5 % of a core,
      // and a traits-worker took minutes to start.
      childEnv: {
        LOG_LEVEL: 'warn', WORKER_LOCK_MS: '3000', REGISTRATIONS_PER_IP: '1000', RATE_LIMIT_PER_ADDRESS: '100000', CONNECTIONS_PER_ADDRESS: '1000',
        WORKER_NICENESS: '0', PREVIEW_WARMUP: 'false', ANALYSIS_WARMUP: 'false', ...options.childEnv,
      },
    });
  } catch (error) {
    process.stderr.write(output.slice(-80).join('\n'));
    await database.drop();
    await deleteNatsNamespace(testNatsUrl(), namespace).catch(() => undefined);
    throw error;
  }
  return {
    stack,
    async close() {
      await stack.stop();
      await database.drop();
      await flushNamespace(testRedisUrl(), namespace);
      await deleteNatsNamespace(testNatsUrl(), namespace).catch(() => undefined);
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A member talking to the REST and GraphQL API with its own session cookie. */
export class ApiMember {
  private cookie = '';

  constructor(private readonly baseUrl: string) {}

  /** `headers` adds to (or overrides) the JSON content type and the session cookie, e.g. an Idempotency-Key. */
  async request(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The session cookie only: pages also set the readable tf_member marker, which alone is no session.
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tf_session='));
    if (session) this.cookie = session.split(';')[0];
    return response;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by each test's assertions
  async json<T = any>(method: string, urlPath: string, body?: unknown, expectStatus = 200): Promise<T> {
    const response = await this.request(method, urlPath, body);
    const text = await response.text();
    if (response.status !== expectStatus) throw new Error(`${method} ${urlPath}: expected ${expectStatus}, got ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The session cookie, for clients that speak other protocols (graphql-ws). */
  get sessionCookie(): string {
    return this.cookie;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as json()
  async graphql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.json<{ data?: T; errors?: { message: string }[] }>('POST', '/graphql', { query, variables });
    if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
    return result.data as T;
  }

  static async register(baseUrl: string, label: string): Promise<ApiMember & { id: string }> {
    const member = new ApiMember(baseUrl) as ApiMember & { id: string };
    const suffix = Math.random().toString(36).slice(2, 8);
    const user = await member.json('POST', '/api/auth/register', { username: `${label}_${suffix}`, email: `${label}.${suffix}@example.com`, password: 'secret-pass' }, 201);
    member.id = user.id;
    return member;
  }
}

/** What a spec file shares: its own stack and one Chromium, filled in before its first test. */
export interface E2ESuite {
  url: string;
  stack: Stack;
  browser: Browser;
}

/** Starts a stack and Chromium before the file's tests and closes both after them. */
export function useE2EStack(label: string, options: Partial<StackOptions> = {}): E2ESuite {
  const suite = {} as E2ESuite;
  let e2e: E2EStack | undefined;
  beforeAll(async () => {
    e2e = await startE2EStack(label, options);
    suite.stack = e2e.stack;
    suite.url = e2e.stack.url;
    suite.browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await suite.browser?.close();
    await e2e?.close();
  }, 60_000);
  return suite;
}

/** Opens `url` and waits until the app listens: public pages paint prerendered before React hydrates. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Resolves once no finite animation is running (entrances, fades): the page looks as it settles. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'));
}

/** A newcomer signs up through the header's dialog (`<label>_<n>`, a fresh email) and skips the welcome tour. */
export async function signUpInBrowser(page: Page, baseUrl: string, label: string): Promise<void> {
  await openPage(page, baseUrl);
  await page.getByTestId('header-signup').click();
  await page.getByTestId('register-username').fill(`${label}_${Date.now() % 100000}`);
  await page.getByTestId('register-email').fill(`${label}.${Date.now()}@example.com`);
  await page.getByTestId('register-password').fill('secret-pass');
  await page.getByTestId('register-submit').click();
  await page.getByTestId('header-account').waitFor();
  await page.getByTestId('onboarding-skip').click();
  await page.getByTestId('onboarding-dialog').waitFor({ state: 'detached' });
}

/** The Forge with `slug` picked and its prompt step open. */
export async function pickForgeStyle(page: Page, baseUrl: string, slug: string): Promise<void> {
  await openPage(page, `${baseUrl}/forge`);
  await page.locator(`[data-testid=trend-card][data-trend-slug=${slug}]`).getByTestId('trend-card-select').click();
  await page.getByTestId('continue-with-style').click();
}
