import { describe, expect, it } from 'vitest';
import type { Trend } from '@/lib/types';
import {
  canContinue,
  initialWizardState,
  promptUsed,
  wizardCost,
  wizardGenerateInput,
  wizardReducer,
  type WizardAction,
  type WizardResult,
  type WizardState,
  type WizardStep,
} from './wizard-state';

const trend = (slug: string, over: Partial<Trend> = {}): Trend => ({
  id: slug, slug, name: slug.toUpperCase(), description: '', prompt: '', promptTemplate: '{subject}', category: 'Free',
  isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: false, available: true,
  preview: '', previewImage: '', image: '', generations: 0, ...over,
});

const result: WizardResult = {
  id: 'g1', imageUrl: '/media/g1.png', thumbnailUrl: null, caption: 'Hi', engine: 'studio',
  createdAt: '2025-01-01T00:00:00.000Z', prompt: 'a corgi', personalization: '',
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const at = (step: WizardStep, over: Partial<WizardState> = {}): WizardState => ({
  ...initialWizardState, trend: trend('pixar'), prompt: 'a corgi', step, ...over,
});

describe('wizard reducer', () => {
  it('starts at step 0 with the standard variation and no generations', () => {
    expect(initialWizardState).toMatchObject({ step: 0, prompt: '', enhancedPrompt: null, variation: 'standard', result: null, generationCount: 0 });
  });

  it('continues from step 0 only with a selected, available trend', () => {
    expect(canContinue(initialWizardState)).toBe(false);
    expect(run(initialWizardState, { type: 'continue' }).step).toBe(0);
    expect(canContinue(run(initialWizardState, { type: 'selectTrend', trend: trend('soon', { available: false }) }))).toBe(false);
    const chosen = run(initialWizardState, { type: 'selectTrend', trend: trend('pixar') });
    expect(canContinue(chosen)).toBe(true);
    expect(run(chosen, { type: 'continue' }).step).toBe(1);
  });

  it('continues from step 1 only with a non-blank prompt', () => {
    const blank = at(1, { prompt: '   ' });
    expect(canContinue(blank)).toBe(false);
    expect(run(blank, { type: 'continue' }).step).toBe(1);
    expect(run(blank, { type: 'setPrompt', prompt: ' a corgi ' }, { type: 'continue' }).step).toBe(2);
  });

  it('always continues from step 2', () => {
    expect(canContinue(at(2, { prompt: '' }))).toBe(true);
    expect(run(at(2), { type: 'continue' }).step).toBe(3);
  });

  it('moves forward one step at a time and never past step 3 with Continue', () => {
    const state = run({ ...initialWizardState, trend: trend('pixar'), prompt: 'a corgi' }, { type: 'continue' }, { type: 'continue' }, { type: 'continue' }, { type: 'continue' });
    expect(state.step).toBe(3);
    expect(run(at(4), { type: 'continue' }).step).toBe(4);
    expect(run(at(5), { type: 'continue' }).step).toBe(5);
  });

  it('generates from step 3 with a trend and a non-blank prompt (enhanced or original)', () => {
    expect(canContinue(at(3))).toBe(true);
    expect(canContinue(at(3, { prompt: ' ', enhancedPrompt: 'an enhanced corgi' }))).toBe(true);
    expect(canContinue(at(3, { prompt: ' ' }))).toBe(false);
    expect(canContinue(at(3, { trend: null }))).toBe(false);
    expect(run(at(3, { prompt: ' ' }), { type: 'generationStarted' }).step).toBe(3);
    expect(run(at(2), { type: 'generationStarted' }).step).toBe(2);
    expect(run(at(3), { type: 'generationStarted' }).step).toBe(4);
  });

  it('goes back one step and never below 0', () => {
    expect(run(at(4), { type: 'back' }).step).toBe(3);
    expect(run(at(1), { type: 'back' }, { type: 'back' }, { type: 'back' }).step).toBe(0);
  });

  it('lands a success on step 5 and counts it; a failure returns to step 3', () => {
    const done = run(at(4), { type: 'generationSucceeded', result });
    expect(done).toMatchObject({ step: 5, result, generationCount: 1 });
    const again = run(done, { type: 'remixWithVibe', vibe: 'neon' }, { type: 'generationSucceeded', result });
    expect(again.generationCount).toBe(2);
    expect(run(at(4), { type: 'generationFailed' }).step).toBe(3);
    // Back from step 4 stops waiting: a late answer does not land.
    expect(run(at(4), { type: 'back' }, { type: 'generationSucceeded', result })).toMatchObject({ step: 3, result: null, generationCount: 0 });
  });

  it('New Image returns to step 0 and clears prompt, enhanced prompt, variation, image and caption', () => {
    const state = run(at(5, { enhancedPrompt: 'better', variation: 'artistic', result, generationCount: 3 }), { type: 'newImage' });
    expect(state).toMatchObject({ step: 0, prompt: '', enhancedPrompt: null, variation: 'standard', result: null, generationCount: 3 });
  });

  it('Remix returns to step 0 and clears only the enhanced prompt and the image', () => {
    const state = run(at(5, { enhancedPrompt: 'better', variation: 'artistic', result }), { type: 'remix' });
    expect(state).toMatchObject({ step: 0, prompt: 'a corgi', enhancedPrompt: null, variation: 'artistic', result: null });
  });

  it('Remix with a vibe appends ", {vibe}" to the prompt (and a kept enhanced prompt) and generates again', () => {
    const plain = run(at(5, { result }), { type: 'remixWithVibe', vibe: 'Dreamy' });
    expect(plain).toMatchObject({ step: 4, prompt: 'a corgi, Dreamy', result: null });
    const enhanced = run(at(5, { result, enhancedPrompt: 'a fluffy corgi' }), { type: 'remixWithVibe', vibe: 'Dreamy' });
    expect(promptUsed(enhanced)).toBe('a fluffy corgi, Dreamy');
  });

  it('keeps the enhanced prompt only for the prompt it was written from', () => {
    const kept = run(at(1), { type: 'enhanced', forPrompt: 'a corgi', suggestion: 'a fluffy corgi, golden hour' });
    expect(promptUsed(kept)).toBe('a fluffy corgi, golden hour');
    expect(run(at(1), { type: 'enhanced', forPrompt: 'a cat', suggestion: 'a fluffy cat' }).enhancedPrompt).toBeNull();
    expect(run(kept, { type: 'dropEnhanced' }).enhancedPrompt).toBeNull();
    expect(run(kept, { type: 'setPrompt', prompt: 'a corgi surfing' }).enhancedPrompt).toBeNull();
    expect(run(kept, { type: 'selectTrend', trend: trend('ghibli') }).enhancedPrompt).toBeNull();
    expect(run(kept, { type: 'selectTrend', trend: trend('pixar') }).enhancedPrompt).toBe('a fluffy corgi, golden hour');
  });
});

describe('wizard cost and payload', () => {
  it('costs creditsRequired (default 1) for premium trends; weekly and basic trends are free', () => {
    expect(wizardCost(trend('ghibli', { premium: true, creditsRequired: 3 }))).toBe(3);
    expect(wizardCost(trend('barbie', { premium: true, creditsRequired: 0 }))).toBe(1);
    expect(wizardCost(trend('pixar', { premium: true, creditsRequired: 2, isWeeklyTrend: true }))).toBe(0);
    expect(wizardCost(trend('comic', { creditsRequired: 2 }))).toBe(0);
  });

  it('sends trendSlug, the prompt used, personalization, variation and the photo when there is one', () => {
    const state = at(3, { enhancedPrompt: 'a fluffy corgi', variation: 'detailed' });
    expect(wizardGenerateInput(state, { photoId: null, personalization: 'blonde hair' })).toEqual({
      trendSlug: 'pixar', prompt: 'a fluffy corgi', personalization: 'blonde hair', variation: 'detailed',
    });
    expect(wizardGenerateInput(at(3), { photoId: 'p1', personalization: '' })).toEqual({
      trendSlug: 'pixar', prompt: 'a corgi', personalization: '', variation: 'standard', photoId: 'p1',
    });
    expect(wizardGenerateInput(at(3, { trend: null }), { photoId: null, personalization: '' })).toBeNull();
  });
});
