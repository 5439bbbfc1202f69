import { StyleOptionTexts } from './trend-looks.js';

/**
 * The creation assists' shared rules (spec part 2 section 5): the virality score, the creator
 * page's prompt rewrite and the variation phrases. The page and the services use these, never
 * their own copies.
 */

/** The virality check needs at least this many characters after trimming ("Prompt needed"). */
export const ViralityMinPromptLength = 5;

export type ViralityLabel = 'Excellent viral potential!' | 'Good viral potential' | 'Moderate viral potential';

/** Words that lift a prompt's viral potential, with their weights. */
export const ViralityKeywords: Readonly<Record<string, number>> = {
  vibrant: 5, stunning: 7, amazing: 6, dramatic: 8, beautiful: 5, cinematic: 10,
  colorful: 4, epic: 9, detailed: 6, 'hyper-realistic': 8, magical: 7, fantasy: 6,
};

/**
 * Base 60, plus each keyword the prompt mentions; 10 to 25 words add 10, longer prompts lose
 * min(15, (count - 25) / 2), shorter ones min(15, (10 - count) * 2). Clamped to 0-100, rounded.
 */
export function viralityScore(prompt: string): { score: number; label: ViralityLabel } {
  const text = prompt.toLowerCase();
  const words = text.split(/\s+/).filter(Boolean).length;
  let score = 60;
  for (const [keyword, weight] of Object.entries(ViralityKeywords)) if (text.includes(keyword)) score += weight;
  if (words >= 10 && words <= 25) score += 10;
  else if (words > 25) score -= Math.min(15, (words - 25) / 2);
  else score -= Math.min(15, (10 - words) * 2);
  const rounded = Math.round(Math.min(100, Math.max(0, score)));
  return { score: rounded, label: viralityLabel(rounded) };
}

export function viralityLabel(score: number): ViralityLabel {
  if (score >= 80) return 'Excellent viral potential!';
  if (score >= 65) return 'Good viral potential';
  return 'Moderate viral potential';
}

export const VariationTypes = ['standard', 'detailed', 'artistic', 'minimalist'] as const;
export type VariationType = (typeof VariationTypes)[number];
export const isVariationType = (value: unknown): value is VariationType => (VariationTypes as readonly unknown[]).includes(value);

/** What each variation adds to a prompt (the wizard's variation, the Forge screen's smart templates). */
export const VariationPhrases: Readonly<Record<VariationType, string>> = {
  standard: '',
  detailed: 'highly detailed, intricate textures, rich cinematic lighting',
  minimalist: 'minimalist composition, clean shapes, uncluttered background',
  artistic: 'artistic interpretation, expressive strokes, bold color choices',
};

/** The prompt with the variation's phrase, once (the images service's engine prompt usually has it already). */
export function withVariationPhrase(prompt: string, variation: VariationType | undefined): string {
  const phrase = variation ? VariationPhrases[variation] ?? '' : '';
  return phrase && !prompt.includes(phrase) ? `${prompt}, ${phrase}` : prompt;
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Coach and variation limits (the gateway validates them, the trends service relies on them). */
export const AssistLimits = { text: 1000, chatMessages: 20, chatMessage: 2000 } as const;

/** A prompt that already names its trend's style word is left as typed (spec part 2 section 5). */
export const StyleWords: Readonly<Record<string, string>> = {
  pixar: 'pixar', barbie: 'barbie', 'magazine-cover': 'magazine cover', ghibli: 'ghibli',
  cyberpunk: 'cyberpunk', renaissance: 'renaissance', disney: 'disney', simpsons: 'simpsons',
};

const DogWords = /\b(dogs?|pupp(?:y|ies)|canines?)\b/i;
const AnimalWords = /\b(cats?|pets?|animals?|kittens?)\b/i;

type CreatorTrend = { slug: string; name: string; prompt: string; promptTemplate: string };

/**
 * Section 5's creator-page rewrite; flags are the style-option keys switched on (e.g. ['exaggerated_eyes']).
 * Unless the prompt names the trend's style word (the listed ones; else the trend's name), the
 * flags' phrases are appended and the subject is worded as a dog, another animal or a character (a
 * "recognisable likeness" only when a photo shows whom: `photo`). Then the trend's template with
 * {subject} replaced, the "{name} style" after the subject ("a movie still of Pixar style, a fox"
 * read as nonsense); else the trend prompt, a colon, the "{name} style" prefix if missing and the
 * text; else "Create an image in {name} style: ...", which names the style already.
 */
export function creatorPrompt(trend: CreatorTrend, userPrompt: string, flags: string[] = [], { photo = false }: { photo?: boolean } = {}): string {
  const text = userPrompt.trim();
  const styleWord = StyleWords[trend.slug] ?? trend.name.toLowerCase();
  const named = text.toLowerCase().includes(styleWord);
  const body = named ? text : rewrite(text, flags, photo);
  if (trend.promptTemplate.includes('{subject}')) return trend.promptTemplate.replaceAll('{subject}', named ? body : `${body}, in ${trend.name} style`);
  const prefix = `${trend.name} style`;
  const prefixed = named || body.toLowerCase().startsWith(prefix.toLowerCase()) ? body : `${prefix}, ${body}`;
  if (trend.prompt) return `${trend.prompt}: ${prefixed}`;
  return `Create an image in ${trend.name} style: ${body}`;
}

function rewrite(text: string, flags: string[], photo: boolean): string {
  const phrases = [...new Set(flags)].map((flag) => StyleOptionTexts[flag]?.phrase).filter(Boolean);
  const wording = DogWords.test(text) ? 'as an adorable dog character with expressive eyes'
    : AnimalWords.test(text) ? 'as an adorable animal character with expressive eyes'
      : photo ? 'as a stylised character with a recognisable likeness' : 'as a stylised character';
  return [text, ...phrases, wording].join(', ');
}
