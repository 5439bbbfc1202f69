import { ViralityKeywords, ViralityMinPromptLength, viralityScore } from '@trendforge/contracts';

/** The score's breakdown the analysis shows: what helped, and what could. */
export interface ViralityAnalysis {
  score: number;
  label: string;
  words: number;
  /** Power words the prompt uses. */
  found: string[];
  /** The strongest power words it does not use yet. */
  missing: string[];
  /** The word-count advice. */
  lengthTip: string | null;
}

/** Spec part 2 section 5: the check needs at least this many characters after trimming. */
export const canAnalyze = (prompt: string) => prompt.trim().length >= ViralityMinPromptLength;

export function analyzeVirality(prompt: string): ViralityAnalysis {
  const text = prompt.toLowerCase();
  const words = text.split(/\s+/).filter(Boolean).length;
  const byWeight = Object.entries(ViralityKeywords).sort((a, b) => b[1] - a[1]);
  const { score, label } = viralityScore(prompt);
  return {
    score,
    label,
    words,
    found: byWeight.filter(([word]) => text.includes(word)).map(([word]) => word),
    missing: byWeight.filter(([word]) => !text.includes(word)).slice(0, 4).map(([word]) => word),
    lengthTip:
      words < 10
        ? `Add ${10 - words} more ${10 - words === 1 ? 'word' : 'words'}: 10 to 25 words score best.`
        : words > 25
          ? `Trim ${words - 25} ${words - 25 === 1 ? 'word' : 'words'}: 10 to 25 words score best.`
          : null,
  };
}

/** The meter's colour for a score (80+ excellent, 65+ good). */
export const viralityTone = (score: number): 'good' | 'brand' | 'warning' => (score >= 80 ? 'good' : score >= 65 ? 'brand' : 'warning');
