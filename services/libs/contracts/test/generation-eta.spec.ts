import { generationEtaSeconds } from '../src/queues.js';

describe('generationEtaSeconds', () => {
  test('unpaced: the jobs ahead shared over the slots, then its own render', () => {
    expect(generationEtaSeconds(3, { averageRenderMs: 2000, slots: 2 })).toBe(Math.round(((3.5 / 2) + 1) * 2));
    expect(generationEtaSeconds(0, { averageRenderMs: 2000, slots: 0 })).toBeNull();
  });

  test('at a paced provider: its turn to start (one start every startIntervalMs), then its render', () => {
    // 59 ahead of it, one start every 1.5 s, 1 s renders on 32 slots: the pace, not the slots, sets the wait.
    expect(generationEtaSeconds(59, { averageRenderMs: 1000, slots: 32, startIntervalMs: 1500 })).toBe(91);
    // A slow render on one slot still outweighs a quick pace.
    expect(generationEtaSeconds(2, { averageRenderMs: 20_000, slots: 1, startIntervalMs: 100 })).toBe(70);
  });
});
