import { renderInWorker, renderTrend, stopRenderWorker } from '../src/index.js';
import { demoPhoto } from './helpers.js';

// The thread runs the built package (dist/render-worker.js): nx builds it before this project's tests.
describe('renderInWorker', () => {
  afterAll(() => stopRenderWorker());

  it('renders on the worker thread the same bytes as in process, photo included, queued in order', async () => {
    const photo = await demoPhoto(1, 480);
    const reqs = [
      { trendSlug: 'clay', trendName: 'Clay', prompt: 'a cat', seed: 3, longSide: 256 },
      { trendSlug: 'pixar', trendName: 'Pixar', prompt: 'me', seed: 4, longSide: 256, photo, onProgress: () => undefined },
    ];
    const [a, b] = await Promise.all(reqs.map((r) => renderInWorker(r)));
    expect(a.png.equals((await renderTrend(reqs[0])).png)).toBe(true);
    expect(b.png.equals((await renderTrend(reqs[1])).png)).toBe(true);
    expect([b.width, b.height]).toEqual([256, 256]);
  });

  it('rejects with the render error and keeps working after it', async () => {
    await expect(renderInWorker({ trendSlug: 'clay', trendName: 'Clay', prompt: 'x', seed: 1, photo: Buffer.from('not an image') })).rejects.toThrow();
    const ok = await renderInWorker({ trendSlug: 'comic', trendName: 'Comic', prompt: 'x', seed: 1, longSide: 128 });
    expect(ok.width).toBe(128);
  });
});
