import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readPngSize, startFakeOpenAI, type FakeOpenAI } from '@trendforge/testing';
import { ApiMember, eventually, openPage, pickForgeStyle, signUpInBrowser, useE2EStack } from './harness.js';

/**
 * A keyed stack (OpenAI's wire format, streamed, through the real SDK): the picture forms on the
 * Forge's waiting screen from the provider's partial images, and an aspect preset comes back in
 * its own frame. E2E_SHOTS_DIR saves the waiting screen at phone and desktop width.
 */
describe('live while it renders, on the keyed path, in Chromium', () => {
  const suite = useE2EStack('live-preview');
  let openai: FakeOpenAI;

  beforeAll(async () => {
    // Each image's latency is spread over its stream: partial images 1 and 2, then the image.
    openai = await startFakeOpenAI({ latencyMs: 24_000 });
    await suite.stack.stopInstance('generation-worker');
    await suite.stack.spawnExtra('generation-worker', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL });
  }, 120_000);

  afterAll(async () => {
    await openai?.close();
  });

  async function shot(page: Page, name: string) {
    const dir = process.env.E2E_SHOTS_DIR;
    if (!dir) return;
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, name), fullPage: false });
  }

  const signUp = (page: Page) => signUpInBrowser(page, suite.url, 'live');

  /** Until the waiting screen's preview is decoded. */
  const previewDrawn = (page: Page) => page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=generation-preview]');
    return !!img && img.complete && img.naturalWidth > 0;
  }, undefined, { timeout: 120_000 });

  test('the Forge draws the partial images as they stream, then the image', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signUp(page);

      await pickForgeStyle(page, suite.url, 'pixar');
      await page.getByTestId('prompt-input').fill('a fox astronaut waving');
      await page.getByTestId('generate-button').click();

      // The first partial image, drawn (decoded) on the waiting screen beside the live status.
      const preview = page.getByTestId('generation-preview');
      await previewDrawn(page);
      await expect(preview.getAttribute('src')).resolves.toMatch(/^\/api\/generations\/[0-9a-f-]+\/preview\?n=1$/);
      await expect(page.getByTestId('generation-status').textContent()).resolves.toMatch(/^Forging\.\.\. \d+%$/);
      await shot(page, 'forge-forming-1440.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'forge-forming-390.png');

      // The next partial image replaces it.
      await page.waitForFunction(() => document.querySelector('[data-testid=generation-preview]')?.getAttribute('src')?.endsWith('?n=2'), undefined, { timeout: 60_000 });
      const result = page.getByTestId('result-image');
      await result.waitFor({ timeout: 120_000 });
      await expect(page.getByTestId('generation-preview').count()).resolves.toBe(0);
      const request = openai.requests.find((r) => r.path === '/v1/images/generations');
      expect(request?.body).toEqual(expect.objectContaining({ stream: true, partial_images: 2, quality: 'high' }));
    } finally {
      await page.close();
    }
  }, 240_000);

  test('the creator page draws it too, whole under its status', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await signUp(page);
      await openPage(page, `${suite.url}/forge/pixar`);
      await page.getByTestId('creator-prompt').fill('a golden retriever surfing a giant wave');
      await page.getByTestId('creator-generate').click();
      await previewDrawn(page);
      await expect(page.getByTestId('creator-generation-status').textContent()).resolves.toMatch(/^Forging\.\.\. \d+%$/);
      await page.getByTestId('creator-preview').scrollIntoViewIfNeeded();
      await shot(page, 'creator-forming-1440.png');
      await page.getByTestId('creator-result-image').waitFor({ timeout: 120_000 });
    } finally {
      await page.close();
    }
  }, 240_000);

  test('the wizard draws it too, on a phone', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signUp(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await openPage(page, `${suite.url}/forge/mojo`);
      await page.getByTestId('wizard-trend-pixar').click();
      await page.getByTestId('wizard-continue').click();
      await page.getByTestId('wizard-prompt').fill('a lighthouse keeper cat');
      await page.getByTestId('wizard-continue').click();
      await page.getByTestId('wizard-variation-standard').click();
      await page.getByTestId('wizard-continue').click();
      await page.getByTestId('wizard-generate').click();
      await previewDrawn(page);
      await expect(page.getByTestId('wizard-generation-status').textContent()).resolves.toMatch(/^Forging\.\.\. \d+%$/);
      await shot(page, 'wizard-forming-390.png');
      await page.getByTestId('generation-preview').waitFor({ state: 'detached', timeout: 120_000 });
    } finally {
      await page.close();
    }
  }, 240_000);

  test('a 9:16 generation comes back 9:16 (1080×1920), asked as gpt-image\'s 1024×1536', async () => {
    openai.setLatency(0);
    const member = await ApiMember.register(suite.url, 'live916');
    const answer = await member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a tall lighthouse', aspect: '9:16' }, 201);
    const generation = await eventually('the generation to complete', async () => {
      const state = await member.json('GET', `/api/generations/${answer.id}`);
      return state.status === 'completed' ? state : undefined;
    });
    const image = Buffer.from(await (await member.request('GET', generation.imageUrl)).arrayBuffer());
    expect(readPngSize(image)).toEqual({ width: 1080, height: 1920 });
    expect(openai.requests.filter((r) => String(r.body.prompt ?? '').includes('a tall lighthouse')).map((r) => r.body.size)).toEqual(['1024x1536']);
  });
});
