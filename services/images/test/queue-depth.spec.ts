import { randomUUID } from 'node:crypto';
import { getJson } from '@trendforge/testing';
import { startImagesStack, type ImagesStack } from './support.js';

/** What the k8s autoscaler reads: generations carry a priority, so they wait outside BullMQ's wait list. */
describe('images service: GET /queue-depth', () => {
  let stack: ImagesStack;

  beforeAll(async () => {
    stack = await startImagesStack('images-depth');
  });

  afterAll(async () => {
    await stack?.close();
  });

  test('counts the waiting generations, prioritized ones included', async () => {
    const url = `http://127.0.0.1:${stack.images.healthPort}/queue-depth`;
    expect((await getJson(url)).body).toEqual({ generation: { waiting: 0, active: 0 } });
    // No worker runs in this suite: both stay waiting.
    for (const userPrompt of ['a first lantern', 'a second lantern']) {
      await stack.bus.send('images.generation.request', { userId: randomUUID(), trendSlug: 'pixar', userPrompt });
    }
    expect(await stack.queue.getWaitingCount()).toBe(0);
    expect(await getJson(url)).toEqual({ status: 200, body: { generation: { waiting: 2, active: 0 } } });
  });
});
