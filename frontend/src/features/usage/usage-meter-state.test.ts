import { describe, expect, it } from 'vitest';
import { FADING_MESSAGE, getUsageMeterState } from './usage-meter-state';

describe('getUsageMeterState', () => {
  it('pro_unlimited is unlimited below 750 and warns from 750, percent of 1000', () => {
    expect(getUsageMeterState({ role: 'pro_unlimited', credits: 0, monthlyUsage: 749 })).toEqual({
      state: 'unlimited',
      percent: 74.9,
      message: null,
    });
    expect(getUsageMeterState({ role: 'pro_unlimited', credits: 0, monthlyUsage: 750 }).state).toBe('warning');
    expect(getUsageMeterState({ role: 'pro_unlimited', credits: 0, monthlyUsage: 1200 }).percent).toBe(100);
  });

  it('uses the meter maxima pro 100, basic 30, free 10', () => {
    expect(getUsageMeterState({ role: 'pro', credits: 60, monthlyUsage: 0 }).percent).toBe(60);
    expect(getUsageMeterState({ role: 'basic', credits: 15, monthlyUsage: 0 }).percent).toBe(50);
    expect(getUsageMeterState({ role: 'free', credits: 3, monthlyUsage: 0 }).percent).toBeCloseTo(30);
  });

  it('is danger at 20% or less, warning at 50% or less, else good', () => {
    expect(getUsageMeterState({ role: 'free', credits: 2, monthlyUsage: 0 })).toEqual({
      state: 'danger',
      percent: 20,
      message: FADING_MESSAGE,
    });
    expect(getUsageMeterState({ role: 'free', credits: 3, monthlyUsage: 0 }).state).toBe('warning');
    expect(getUsageMeterState({ role: 'free', credits: 5, monthlyUsage: 0 }).state).toBe('warning');
    expect(getUsageMeterState({ role: 'free', credits: 6, monthlyUsage: 0 }).state).toBe('good');
  });

  it('reports a shortage against a supplied trend cost', () => {
    expect(getUsageMeterState({ role: 'pro', credits: 1, monthlyUsage: 0 }, 3)).toEqual({
      state: 'danger',
      percent: 1,
      message: 'Not enough credits (1/3 needed)',
    });
    expect(getUsageMeterState({ role: 'pro', credits: 90, monthlyUsage: 0 }, 3).state).toBe('good');
  });
});

describe('an admin’s meter', () => {
  it('reads unlimited, as their generations are, whatever the balance', () => {
    for (const credits of [0, 3, 500]) {
      expect(getUsageMeterState({ role: 'admin', credits, monthlyUsage: 40 })).toEqual({ state: 'unlimited', percent: 100, message: null });
    }
    expect(getUsageMeterState({ role: 'admin', credits: 1, monthlyUsage: 0 }, 2).state).toBe('danger');
  });
});
