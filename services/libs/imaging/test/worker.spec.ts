import { availableParallelism } from 'node:os';
import { readImageInfo, RenderThread, RenderThreads, renderTrend } from '../src/index.js';
import { demoPhoto } from './helpers.js';

// The thread runs the built package (dist/render-worker.js): nx builds it before this project's tests.
describe('RenderThread', () => {
  const thread = new RenderThread();
  afterAll(() => thread.stop());

  it('renders on the worker thread the same bytes as in process, photo included, queued in order', async () => {
    const photo = await demoPhoto(1, 480);
    const progress: number[] = [];
    const reqs = [
      { trendSlug: 'clay', trendName: 'Clay', prompt: 'a cat', seed: 3, longSide: 256 },
      { trendSlug: 'pixar', trendName: 'Pixar', prompt: 'me', seed: 4, longSide: 256, photo, onProgress: (percent: number) => progress.push(percent) },
    ];
    const [a, b] = await Promise.all(reqs.map((r) => thread.render(r)));
    const reported = [...progress];
    expect(a.png.equals((await renderTrend(reqs[0])).png)).toBe(true);
    expect(b.png.equals((await renderTrend(reqs[1])).png)).toBe(true);
    expect([b.width, b.height]).toEqual([256, 256]);
    // The engine's progress crosses back from the thread, rising.
    expect(reported.length).toBeGreaterThan(1);
    expect(reported).toEqual([...reported].sort((x, y) => x - y));
    expect(reported.at(-1)).toBe(100);
  });

  it('rejects with the render error and keeps working after it', async () => {
    await expect(thread.render({ trendSlug: 'clay', trendName: 'Clay', prompt: 'x', seed: 1, photo: Buffer.from('not an image') })).rejects.toThrow();
    const ok = await thread.render({ trendSlug: 'comic', trendName: 'Comic', prompt: 'x', seed: 1, longSide: 128 });
    expect(ok.width).toBe(128);
  });
});

describe('RenderThreads', () => {
  const threads = new RenderThreads(8);
  afterAll(() => threads.stop());

  it('renders on as many threads as cores, side by side, the same bytes as in process, with the thumbnail when asked', async () => {
    expect(threads.size).toBe(Math.min(8, availableParallelism()));
    const reqs = [1, 2, 3].map((seed) => ({ trendSlug: 'comic', trendName: 'Comic', prompt: 'a fox', seed, longSide: 256 }));
    const [a, b, c] = await Promise.all([threads.render(reqs[0], { withThumbnail: true }), threads.render(reqs[1]), threads.render(reqs[2])]);
    for (const [result, request] of [[a, reqs[0]], [b, reqs[1]], [c, reqs[2]]] as const) expect(result.png.equals((await renderTrend(request)).png)).toBe(true);
    expect(await readImageInfo(a.thumbnail!)).toEqual({ format: 'webp', width: 256, height: 256 });
    expect(b.thumbnail).toBeUndefined();
  });
});
