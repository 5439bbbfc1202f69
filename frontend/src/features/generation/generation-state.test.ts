import { describe, expect, it } from 'vitest';
import { gen } from '@/test/render-app';
import type { Generation } from './documents';
import { describeGenerationError, formatEta, graphqlErrorMessage, HIGH_DEMAND, mergeGeneration, queueStatusText } from './generation-state';

const base: Generation = gen({ etaSeconds: 30, prompt: 'a cat' });

describe('mergeGeneration', () => {
  it('never moves backwards from a later state', () => {
    const active = { ...base, status: 'active' as const, progress: 40, position: null };
    const done = { ...base, status: 'completed' as const, progress: 100, imageUrl: '/x.png' };
    expect(mergeGeneration(active, base)).toBe(active);
    expect(mergeGeneration(done, active)).toBe(done);
    expect(mergeGeneration(base, done)).toBe(done);
  });

  it('keeps progress monotonic while active', () => {
    const a60 = { ...base, status: 'active' as const, progress: 60 };
    const a30 = { ...base, status: 'active' as const, progress: 30 };
    expect(mergeGeneration(a60, a30)?.progress).toBe(60);
  });

  it('replaces a snapshot of another generation', () => {
    const other = { ...base, id: 'g2' };
    expect(mergeGeneration(base, other)).toBe(other);
    expect(mergeGeneration(null, base)).toBe(base);
    expect(mergeGeneration(base, null)).toBe(base);
  });
});

describe('describeGenerationError', () => {
  it('maps the catalogue', () => {
    expect(describeGenerationError('Invalid API key provided').title).toBe('API Key Required');
    expect(describeGenerationError('Failed to fetch').title).toBe('Network Error');
    expect(describeGenerationError('Rate limit exceeded').title).toBe('API Rate Limit');
    expect(describeGenerationError('Rejected by moderation').title).toBe('Content Policy Violation');
    expect(describeGenerationError('x', { needsApiKey: true }).title).toBe('OpenAI API Key Required');
  });

  it('recognises the credit shortage', () => {
    const info = describeGenerationError('You need 3 credits for this premium style (you have 1)');
    expect(info).toEqual({
      kind: 'credits',
      title: 'Credit Booster Needed!',
      description: 'You need 3 credits for this premium style (you have 1)',
    });
  });

  it('falls back to "Generation failed" with the server message or the high-demand text', () => {
    expect(describeGenerationError('Monthly generation limit reached')).toEqual({
      kind: 'generic',
      title: 'Generation failed',
      description: 'Monthly generation limit reached',
    });
    expect(describeGenerationError('').description).toBe(HIGH_DEMAND);
  });

  it('reads the first GraphQL error message', () => {
    expect(graphqlErrorMessage({ errors: [{ message: 'Monthly generation limit reached' }] })).toBe(
      'Monthly generation limit reached',
    );
    expect(graphqlErrorMessage(new Error('boom'))).toBe('boom');
  });
});

describe('queue status', () => {
  it('shows the place from 1 and the ETA in seconds or minutes', () => {
    expect(queueStatusText(2, 20)).toBe('Position 3 in queue · about 20 s');
    expect(queueStatusText(0, 0.4)).toBe('Position 1 in queue · about 1 s');
    expect(queueStatusText(40, 150)).toBe('Position 41 in queue · about 3 min');
    expect(queueStatusText(4, null)).toBe('Position 5 in queue');
    expect(formatEta(59)).toBe('about 59 s');
  });
});
