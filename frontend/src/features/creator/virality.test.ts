import { describe, expect, it } from 'vitest';
import { viralityScore } from '@trendforge/contracts';
import { analyzeVirality, canAnalyze } from './virality';

describe('virality analysis', () => {
  it('needs 5 characters after trimming', () => {
    expect(canAnalyze('  abcd  ')).toBe(false);
    expect(canAnalyze(' abcde ')).toBe(true);
  });

  it('shows the contracts score and names the power words used and missing', () => {
    const prompt = 'an epic cinematic portrait of a dog';
    const analysis = analyzeVirality(prompt);
    expect({ score: analysis.score, label: analysis.label }).toEqual(viralityScore(prompt));
    expect(analysis.found).toEqual(['cinematic', 'epic']);
    expect(analysis.missing).toEqual(['dramatic', 'hyper-realistic', 'stunning', 'magical']);
    expect(analysis.words).toBe(7);
    expect(analysis.lengthTip).toBe('Add 3 more words: 10 to 25 words score best.');
  });
});
