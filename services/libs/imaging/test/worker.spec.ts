import { RenderThread, renderTrend } from '../src/index.js';
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
