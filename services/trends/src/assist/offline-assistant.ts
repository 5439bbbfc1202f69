import nlp from 'compromise';
import { AssistLimits, VariationPhrases, viralityScore, ViralityKeywords, type ChatMessage, type VariationType } from '@trendforge/contracts';
import type { Assistant, CoachFeedback } from './assistant.js';
import { analysePrompt, startsWithLocative, type Aspect, type PromptAnalysis } from './prompt-analysis.js';
import { AspectNames, AspectPriority, clashesWith, hintsFor, LookNames, signatureTouches, type AssistTrend } from './trend-profile.js';

type Tone = 'funny' | 'scary' | 'cute' | 'epic' | 'romantic' | 'calm';
type Topic = Aspect | 'style' | 'subject' | 'length' | 'viral' | `tone:${Tone}`;

/**
 * A feeling the member wants more of ("How can I make it funnier?"): what that takes, and touches
 * that bring it to any subject. Checked before the aspects, as "make it funnier" is about neither.
 */
const Tones: Array<[Tone, RegExp, { adjective: string; why: string; touches: string[] }]> = [
  ['funny', /\b(funn\w*|humou?r\w*|comic\w*|comed\w*|hilarious|silly|sillier|goof\w*|laugh\w*|jok\w*|witty|absurd|ridiculous)\b/i, {
    adjective: 'funnier',
    why: 'Humour comes from a surprise: something doing what it never would, an exaggerated face, or a prop that does not belong.',
    touches: ['with a wildly exaggerated surprised expression', 'wearing comically oversized sunglasses', 'in the middle of a slapstick mishap, flour flying everywhere', 'with a tiny rubber duck as a sidekick'],
  }],
  ['scary', /\b(scar(?:y|ier|iest|ed|e)|spook\w*|creep\w*|horror|eerie|sinister|haunt\w*|frighten\w*)\b/i, {
    adjective: 'scarier',
    why: 'Fear lives in what the viewer cannot quite see: deep shadows, low light and something slightly wrong.',
    touches: ['lit by a single flickering candle', 'long shadows creeping up the wall', 'thick fog rolling in at night', 'eyes glowing faintly in the dark'],
  }],
  ['cute', /\b(cute\w*|adorabl\w*|sweet\w*|kawaii|cuddl\w*)\b/i, {
    adjective: 'cuter',
    why: 'Cuteness is round shapes, big eyes, soft colours and a small, clumsy moment.',
    touches: ['with big sparkling eyes', 'in soft pastel colours', 'hugging a tiny plush toy', 'with rosy cheeks and a shy smile'],
  }],
  ['epic', /\b(epic\w*|dramat\w*|heroic|grand(?:er|est)?|powerful|intense)\b/i, {
    adjective: 'more epic',
    why: 'Scale and light make a moment epic: a low angle, a vast backdrop and a strong rim of light.',
    touches: ['seen from a low heroic angle', 'against a stormy sky with god rays', 'cape billowing in the wind', 'epic cinematic lighting'],
  }],
  ['romantic', /\b(romant\w*|dreamy|dreamier)\b/i, {
    adjective: 'more romantic',
    why: 'Romance is warm, soft light and closeness.',
    touches: ['bathed in warm golden hour light', 'with soft bokeh fairy lights behind', 'rose petals drifting in the air'],
  }],
  ['calm', /\b(calm\w*|peace\w*|relax\w*|cozy|cosy|cozier|serene|quiet\w*)\b/i, {
    adjective: 'calmer',
    why: 'Calm comes from soft light, a simple setting and a still pose.',
    touches: ['in soft morning light', 'a quiet moment, eyes half closed', 'with a steaming cup of tea nearby'],
  }],
];

/** What a question is about, by its words; a question may touch two topics. */
const Topics: Array<[Topic, RegExp]> = [
  ['lighting', /\b(light\w*|lit|shadows?|glow\w*|bright\w*|dark\w*|sun\w*|neon|illuminat\w*|exposure)\b/i],
  ['setting', /\b(background|backdrop|setting|scene\w*|location|place|environment|where|behind|surroundings|landscape)\b/i],
  ['colour', /\b(colou?r\w*|palette|hues?|tones?|saturat\w*|pastels?|tint\w*)\b/i],
  ['pose', /\b(pose[sd]?|posing|action|doing|gestures?|stance|body|hands?|arms?|expressions?|face|smil\w*|mov\w*)\b/i],
  ['composition', /\b(composition|compose|fram\w*|angles?|camera|shots?|close-?ups?|crop\w*|perspective|zoom\w*|wide|cent(?:er|re)\w*)\b/i],
  ['mood', /\b(mood|feel\w*|vibes?|atmosphere|emotion\w*)\b/i],
  ['viral', /\b(viral\w*|share\w*|engag\w*|likes|popular|score|trending|followers)\b/i],
  ['style', /\b(style|styles|aesthetic|trend|realistic|anime|3d|cartoon)\b/i],
  ['subject', /\b(subject|character|person|who|people|pet|dog|cat|myself)\b/i],
  ['length', /\b(long|short|length|words?|details?|detailed|specific)\b/i],
];

/** Why each aspect matters, said once when it is missing. */
const Why: Record<Aspect, string> = {
  lighting: 'Lighting sets depth and mood more than any other words.',
  setting: 'A recognisable place makes the image tell a story at a glance.',
  composition: 'Framing decides what the viewer sees first; on a phone screen, closer usually wins.',
  colour: 'A clear palette is what makes an image pop in a feed.',
  mood: 'A named mood steers the expression and the whole atmosphere.',
  pose: 'An action or a pose turns a portrait into a moment.',
};

const DogOrAnimal = /\b(dogs?|pupp(?:y|ies)|canines?|cats?|pets?|animals?|kittens?)\b/i;
const quote = (text: string) => `"${text}"`;
const listOf = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const trimEnd = (text: string) => text.trim().replace(/[\s,;.!?]+$/, '');
const withAddition = (prompt: string, ...additions: string[]) => [trimEnd(prompt), ...additions].filter(Boolean).join(', ').slice(0, AssistLimits.text);

/**
 * The assistant without a network (DESIGN.md section 4): it reads the prompt (subject, setting,
 * lighting, composition, colours, mood, pose, style words), compares it with the trend (its
 * style-option phrases, vibes and look) and answers on exactly that.
 */
export class OfflineAssistant implements Assistant {
  readonly kind = 'offline';

  async feedback(trend: AssistTrend, prompt: string): Promise<CoachFeedback> {
    const analysis = analysePrompt(prompt);
    const hints = hintsFor(trend);
    const present = AspectPriority.filter((aspect) => analysis.found[aspect].length > 0 && aspect !== 'setting' && aspect !== 'pose');
    const missing = AspectPriority.filter((aspect) => analysis.found[aspect].length === 0);
    const clashes = clashesWith(trend, analysis);
    const { score, label } = viralityScore(prompt);

    const lines = [this.opening(trend, analysis)];
    if (present.length) lines.push(`Good: it already sets the ${listOf(present.map((aspect) => `${AspectNames[aspect]} (${analysis.found[aspect].map(quote).join(', ')})`))}.`);
    for (const { word, look } of clashes) lines.push(`${quote(word)} pulls toward a ${LookNames[look]} look, which fights the ${trend.name} style; leave it out and let the trend do the styling.`);
    const fixes = missing.slice(0, 3).map((aspect) => `${AspectNames[aspect]}: ${quote(pick(hints[aspect], prompt))}`);
    if (fixes.length) lines.push(`Missing for ${trend.name}: ${listOf(fixes)}.`);
    lines.push(lengthAdvice(analysis.wordCount));
    lines.push(`Viral potential: ${score}/100 (${label}).${usedKeywords(prompt).length ? '' : ' Words like "cinematic", "epic" or "dramatic" lift it.'}`);
    return { feedback: lines.join(' '), suggestion: this.improve(trend, analysis, missing) };
  }

  async answer(trend: AssistTrend, question: string, prompt: string, chatHistory: ChatMessage[]): Promise<string> {
    const analysis = analysePrompt(prompt);
    const said = chatHistory.filter((message) => message.role === 'assistant').map((message) => message.content).join('\n');
    // A follow-up without a topic of its own ("what else?") continues the last one, with fresh ideas.
    const earlier = chatHistory.filter((message) => message.role === 'user').map((message) => topicsOf(message.content)).filter((t) => t.length).at(-1);
    const topics = topicsOf(question).length ? topicsOf(question) : earlier ?? [];
    const context: AnswerContext = { trend, analysis, hints: hintsFor(trend), said, question };
    const parts = topics.map((topic) => answerOn(topic, context));
    return (parts.length ? parts : [generalAnswer(context)]).join(' ');
  }

  async variation(trend: AssistTrend, baseSubject: string, type: VariationType): Promise<string> {
    const base = trimEnd(baseSubject.replace(/\s+/g, ' '));
    const analysis = analysePrompt(base);
    const hints = hintsFor(trend);
    const missing = AspectPriority.filter((aspect) => analysis.found[aspect].length === 0);
    switch (type) {
      case 'standard':
        return withAddition(base, `${trend.name} style`, pick(hints.mood, base));
      case 'detailed':
        return withAddition(base, `${trend.name} style`, ...missing.slice(0, 3).map((aspect) => pick(hints[aspect], base)), ...signatureTouches(trend).slice(0, 1), VariationPhrases.detailed);
      case 'artistic':
        return withAddition(`${base} reimagined as an expressive ${trend.name} artwork`, pick(hints.colour, base), VariationPhrases.artistic);
      case 'minimalist':
        // The subject and what it does stay ("my dad cooking pancakes"); setting, props and extras go.
        return withAddition(coreOf(base, analysis), `${trend.name} style`, VariationPhrases.minimalist);
    }
  }

  private opening(trend: AssistTrend, analysis: PromptAnalysis): string {
    if (!analysis.subject) return `For ${trend.name}, your prompt has no clear subject yet: start with who or what should be in the picture.`;
    const action = analysis.found.pose.length ? `, ${listOf(analysis.found.pose.slice(0, 2))}` : '';
    const place = analysis.found.setting.length ? ` ${settingPhrase(analysis.found.setting[0])}` : '';
    return `For ${trend.name}, your prompt is about ${quote(analysis.subject)}${action}${place}.`;
  }

  /** The prompt without clashing style words, with the most important missing aspects filled in from the trend. */
  private improve(trend: AssistTrend, analysis: PromptAnalysis, missing: Aspect[]): string {
    let base = analysis.text;
    for (const { word } of clashesWith(trend, analysis)) base = base.replace(new RegExp(`(?<![\\w-])${escape(word)}(?![\\w-])`, 'gi'), ' ');
    base = base.replace(/\s+/g, ' ').replace(/\s+,/g, ',').replace(/^[\s,]+/, '').trim();
    const hints = hintsFor(trend);
    const room = analysis.wordCount > 25 ? 1 : 3;
    const additions = missing.slice(0, room).map((aspect) => pick(hints[aspect], base));
    if (!additions.length) additions.push(pick([...signatureTouches(trend), ...hints.mood], base));
    const improved = withAddition(base, ...additions);
    return usedKeywords(improved).length ? improved : withAddition(improved, 'cinematic');
  }
}

interface AnswerContext {
  trend: AssistTrend;
  analysis: PromptAnalysis;
  hints: Record<Aspect, string[]>;
  /** What the assistant already said in this chat (its ideas are not repeated). */
  said: string;
  question: string;
}

function topicsOf(text: string): Topic[] {
  const tone = Tones.find(([, pattern]) => pattern.test(text));
  if (tone) return [`tone:${tone[0]}`];
  return Topics.map(([topic, pattern]) => ({ topic, at: text.search(pattern) }))
    .filter(({ at }) => at >= 0).sort((a, b) => a.at - b.at).slice(0, 2).map(({ topic }) => topic);
}

function answerOn(topic: Topic, context: AnswerContext): string {
  switch (topic) {
    case 'style': return styleAnswer(context);
    case 'subject': return subjectAnswer(context);
    case 'length': return lengthAnswer(context);
    case 'viral': return viralAnswer(context);
    case 'lighting': case 'setting': case 'composition': case 'colour': case 'mood': case 'pose': return aspectAnswer(topic, context);
    default: return toneAnswer(topic.slice('tone:'.length) as Tone, context);
  }
}

function aspectAnswer(aspect: Aspect, { trend, analysis, hints, said }: AnswerContext): string {
  const fresh = hints[aspect].filter((hint) => !includes(analysis.text, hint) && !includes(said, hint));
  const [first, second] = fresh.length ? fresh : hints[aspect];
  const name = AspectNames[aspect];
  const example = analysis.text ? ` For example: ${quote(withAddition(analysis.text, first))}.` : '';
  if (analysis.found[aspect].length) {
    const current = analysis.found[aspect].map(quote).join(', ');
    return `Your prompt already gives the ${name}: ${current}. For ${trend.name} you can push it further with ${quote(first)}.${example}`;
  }
  const about = analysis.subject ? ` for ${quote(analysis.subject)}` : '';
  const opener = analysis.text ? `Your prompt doesn't say anything about the ${name}${about} yet, so the model picks it for you.` : `Start with your subject, then set the ${name}.`;
  return `${opener} ${Why[aspect]} For ${trend.name}, try ${quote(first)}${second ? ` or ${quote(second)}` : ''}.${example}`;
}

/** "Make it funnier": what makes an image funny, and touches for this subject that are not in the prompt or said already. */
function toneAnswer(tone: Tone, { trend, analysis, said }: AnswerContext): string {
  const { adjective, why, touches } = Tones.find(([name]) => name === tone)![2];
  const fresh = touches.filter((touch) => !includes(analysis.text, touch) && !includes(said, touch));
  const [first, second] = fresh.length ? fresh : touches;
  const subject = analysis.subject ? quote(analysis.subject) : 'your subject';
  const example = analysis.text ? ` For example: ${quote(withAddition(analysis.text, first))}.` : '';
  return `To make ${subject} ${adjective} in ${trend.name}: ${why} Try ${quote(first)}${second ? ` or ${quote(second)}` : ''}.${example}`;
}

function styleAnswer({ trend, analysis }: AnswerContext): string {
  const clashes = clashesWith(trend, analysis);
  const touch = signatureTouches(trend)[0];
  const parts = [`${trend.name} renders ${lowerFirst(trend.prompt)}; the page adds the style for you, so your prompt only needs the content.`];
  parts.push(clashes.length
    ? clashes.map(({ word, look }) => `Drop ${quote(word)}: it pulls toward a ${LookNames[look]} look that fights ${trend.name}.`).join(' ')
    : analysis.text ? `Nothing in your prompt fights the ${trend.name} look.` : '');
  if (touch) parts.push(`A touch that says ${trend.name} at once: ${quote(touch)}.`);
  return parts.filter(Boolean).join(' ');
}

function subjectAnswer({ trend, analysis }: AnswerContext): string {
  if (!analysis.subject) return `Your prompt has no clear subject yet: start with who or what should be in the ${trend.name} image, e.g. "me as a chef" or "my dog on a skateboard".`;
  const animal = DogOrAnimal.test(analysis.text) ? ` Animals work well in ${trend.name}: the page words them as an adorable character.` : '';
  const details = analysis.found.pose.length ? '' : `, and give ${quote(analysis.subject)} something to do`;
  return `Your subject is ${quote(analysis.subject)}.${animal} Make it specific: an age, an outfit or one distinctive detail${details}. For example: ${quote(withAddition(analysis.text, 'wearing a bright yellow raincoat'))}.`;
}

function lengthAnswer({ trend, analysis, hints }: AnswerContext): string {
  const count = analysis.wordCount;
  const missing = AspectPriority.filter((aspect) => analysis.found[aspect].length === 0);
  if (count < 10) {
    const adds = missing.slice(0, 2).map((aspect) => pick(hints[aspect], analysis.text));
    return `Your prompt has ${count} words; 10 to 25 give the model enough to work with. Add ${listOf(adds.map(quote))}: ${quote(withAddition(analysis.text, ...adds))}.`;
  }
  if (count <= 25) return `At ${count} words your prompt is in the sweet spot (10 to 25 words).${missing.length ? ` Spend any extra words on the ${AspectNames[missing[0]]}: ${quote(pick(hints[missing[0]], analysis.text))} suits ${trend.name}.` : ''}`;
  return `At ${count} words your prompt is long; trim it toward 25 so ${quote(analysis.subject)} stays the focus: keep the subject, one setting and one lighting cue.`;
}

function viralAnswer({ analysis }: AnswerContext): string {
  const { score, label } = viralityScore(analysis.text);
  const used = usedKeywords(analysis.text);
  const unused = Object.entries(ViralityKeywords).filter(([word]) => !used.includes(word)).sort((a, b) => b[1] - a[1]).slice(0, 2);
  return [
    `Your prompt scores ${score}/100 for viral potential (${label}).`,
    used.length ? `It already uses ${listOf(used.map(quote))}.` : '',
    `Adding ${listOf(unused.map(([word, weight]) => `${quote(word)} (+${weight})`))} lifts it.`,
    lengthAdvice(analysis.wordCount),
  ].filter(Boolean).join(' ');
}

/** No topic recognised: the question's own things (its nouns) placed in the prompt, then the biggest gap. */
function generalAnswer({ trend, analysis, hints, question }: AnswerContext): string {
  const things = (nlp(question).nouns().out('array') as string[]).map(trimEnd).filter((noun) => noun && !/^(i|me|it|this|that|what|prompt|image|picture)$/i.test(noun));
  const missing = AspectPriority.find((aspect) => analysis.found[aspect].length === 0);
  const parts: string[] = [];
  const newThing = things.find((thing) => !includes(analysis.text, thing));
  if (newThing && analysis.text) parts.push(`To bring in ${quote(newThing)}, add it to your prompt: ${quote(withAddition(analysis.text, `with ${newThing}`))}.`);
  if (missing) parts.push(`For ${trend.name}, the biggest gain${analysis.subject ? ` for ${quote(analysis.subject)}` : ''} is the ${AspectNames[missing]}: try ${quote(pick(hints[missing], analysis.text))}.`);
  for (const { word, look } of clashesWith(trend, analysis)) parts.push(`Leave out ${quote(word)}: it pulls toward a ${LookNames[look]} look.`);
  if (!parts.length) parts.push(`Your prompt covers the essentials for ${trend.name}. ${viralAnswer({ trend, analysis, hints, question, said: '' })}`);
  return parts.join(' ');
}

function lengthAdvice(words: number): string {
  if (words < 10) return `At ${words} word${words === 1 ? '' : 's'} it is short; 10 to 25 words give the model enough to work with.`;
  if (words > 25) return `At ${words} words it is long; around 25 keeps the main idea from getting diluted.`;
  return `At ${words} words the length is right.`;
}

/**
 * A prompt's subject and action: the text before its first place or prop ("in", "on", "with" ...
 * after the subject), setting, light, framing, colour or mood phrase, or comma.
 */
function coreOf(base: string, analysis: PromptAnalysis): string {
  const lower = base.toLowerCase();
  const afterSubject = analysis.subject ? Math.max(0, lower.indexOf(analysis.subject.toLowerCase())) + analysis.subject.length : 0;
  const preposition = lower.slice(afterSubject).search(/\s(?:in|on|at|with|by|under|over|near|inside|beside|behind|through|across|into)\s/);
  const cuts = [lower.indexOf(','), preposition >= 0 ? afterSubject + preposition : -1, ...(['setting', 'lighting', 'composition', 'colour', 'mood'] as const)
    .flatMap((aspect) => analysis.found[aspect].map((phrase) => lower.indexOf(phrase.toLowerCase())))].filter((at) => at > 0);
  const core = trimEnd(cuts.length ? base.slice(0, Math.min(...cuts)) : base);
  // A prompt that opens with its setting ("in Paris, me cooking") keeps its subject and action words.
  return analysis.subject && !includes(core, analysis.subject) ? [analysis.subject, ...analysis.found.pose].join(' ') : core || base;
}

/** The first hint the text does not already contain. */
function pick(hints: string[], text: string): string {
  return hints.find((hint) => !includes(text, hint)) ?? hints[0];
}

const usedKeywords = (text: string) => Object.keys(ViralityKeywords).filter((word) => text.toLowerCase().includes(word));
const includes = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const settingPhrase = (setting: string) => (startsWithLocative(setting) ? setting : `(setting: ${setting})`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
