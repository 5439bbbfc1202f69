import { StyleOptionTexts } from '@trendforge/contracts';
import { analysePrompt, Aspects, mentions, StyleLooks, type Aspect, type PromptAnalysis, type StyleLook } from './prompt-analysis.js';

/** What the assistants know of a trend: its texts, vibes and style-option flags. */
export interface AssistTrend {
  slug: string;
  name: string;
  description: string;
  prompt: string;
  promptTemplate: string;
  vibes: string[];
  flags: string[];
}

/** Ways to fill each aspect, for any trend; a trend's own style-option phrases and vibes come first. */
const GenericHints: Record<Aspect, string[]> = {
  setting: ['in a detailed background that tells a story', 'on a sunny city street', 'in a cosy room full of personal details'],
  lighting: ['soft cinematic lighting with a warm rim light', 'golden hour sunlight', 'dramatic backlighting'],
  composition: ['close-up portrait, centred', 'full-body shot from a low angle', 'wide shot with the subject in the foreground'],
  colour: ['a bold, harmonious colour palette', 'vibrant complementary colours', 'soft pastel tones'],
  mood: ['a joyful, confident expression', 'a playful, surprised look', 'a calm, dreamy atmosphere'],
  pose: ['in a dynamic, expressive pose', 'mid-action, looking at the camera', 'waving at the viewer with a big smile'],
};

/** The words that name each aspect outright. */
const CoreWords: Record<Aspect, RegExp> = {
  setting: /\b(in|at|on|among|in front of)\b/i, lighting: /\b(light|lighting|lit)\b/i, composition: /\b(shot|frame|framing|angle|portrait|close-up)\b/i,
  colour: /\b(colou?rs?|palette|pastels?|tones?)\b/i, mood: /\b(mood|atmosphere)\b/i, pose: /\b(pose|posing)\b/i,
};

export const AspectNames: Record<Aspect, string> = {
  setting: 'setting', lighting: 'lighting', composition: 'composition', colour: 'colours', mood: 'mood', pose: 'pose or action',
};

/** The order in which missing aspects matter most for a striking image. */
export const AspectPriority: Aspect[] = ['lighting', 'setting', 'composition', 'pose', 'mood', 'colour'];

export const LookNames: Record<StyleLook, string> = {
  photo: 'photographic', '3d': '3D-animation', anime: 'anime', painting: 'painterly', comic: 'comic-book', pixel: 'pixel-art', clay: 'claymation',
  'retro-synth': 'synthwave', sketch: 'sketch', toy: 'toy',
};

/** Looks a trend's own words do not name but that suit it. */
const Affinities: Partial<Record<StyleLook, RegExp>> = { photo: /magazine|editorial|fashion/i };

/**
 * Hints for each aspect, the trend's first: its style-option phrases sorted by the aspect their
 * words fill ("bathed in warm golden afternoon light" is lighting), its vibes as moods.
 */
export function hintsFor(trend: AssistTrend): Record<Aspect, string[]> {
  const own = Object.fromEntries(Aspects.map((aspect) => [aspect, [] as string[]])) as Record<Aspect, string[]>;
  for (const phrase of phrasesOf(trend)) {
    const aspect = aspectOf(phrase);
    if (aspect) own[aspect].push(phrase);
  }
  own.mood.push(...trend.vibes.map((vibe) => `a ${vibe.toLowerCase()} mood`));
  // Phrases naming the aspect outright ("... afternoon light") lead those that only touch it ("glowing motes").
  const ranked = (aspect: Aspect) => [...own[aspect]].sort((a, b) => Number(CoreWords[aspect].test(b)) - Number(CoreWords[aspect].test(a)));
  return Object.fromEntries(Aspects.map((aspect) => [aspect, [...ranked(aspect), ...GenericHints[aspect]]])) as Record<Aspect, string[]>;
}

/** The trend's style-option phrases no aspect claims (e.g. "with big, sparkling, exaggerated eyes"): its signature touches. */
export function signatureTouches(trend: AssistTrend): string[] {
  return phrasesOf(trend).filter((phrase) => !aspectOf(phrase));
}

const phrasesOf = (trend: AssistTrend) => trend.flags.map((flag) => StyleOptionTexts[flag]?.phrase).filter((phrase): phrase is string => Boolean(phrase));
/** The aspect a style-option phrase fills; the phrases are a fixed set, so each is read once. */
const aspects = new Map<string, Aspect | undefined>();
function aspectOf(phrase: string): Aspect | undefined {
  if (!aspects.has(phrase)) aspects.set(phrase, AspectPriority.find((aspect) => analysePrompt(phrase).found[aspect].length > 0));
  return aspects.get(phrase);
}

/** The looks a trend's own words name (pixar: 3d; ghibli: anime and painting). */
export function looksOf(trend: AssistTrend): Set<StyleLook> {
  const words = [trend.slug, trend.name, trend.description, trend.prompt, trend.promptTemplate].join(' ');
  return new Set((Object.keys(StyleLooks) as StyleLook[]).filter((look) => mentions(words, StyleLooks[look]) || Affinities[look]?.test(words)));
}

/** Style words of the prompt that pull toward a look the trend does not have ("photorealistic" for Pixar). */
export function clashesWith(trend: AssistTrend, analysis: PromptAnalysis): PromptAnalysis['styles'] {
  const looks = looksOf(trend);
  return analysis.styles.filter(({ look }) => !looks.has(look));
}
