import nlp from 'compromise';

/**
 * Reads an image prompt into what a prompt coach talks about: the subject, what it does, where it
 * is, and the lighting, composition, colour, mood and style words it already has. compromise tags
 * the words (nouns, prepositions, places, verbs); small lexicons name the photographic aspects.
 */

export const Aspects = ['setting', 'lighting', 'composition', 'colour', 'mood', 'pose'] as const;
export type Aspect = (typeof Aspects)[number];

export interface PromptAnalysis {
  text: string;
  wordCount: number;
  /** The main subject, e.g. "a golden retriever puppy"; empty for an empty prompt. */
  subject: string;
  /** The words found for each aspect, in prompt order ("setting" holds whole phrases like "in a tiny Paris kitchen"). */
  found: Record<Aspect, string[]>;
  /** Style words in the prompt, each with the look it belongs to. */
  styles: Array<{ word: string; look: StyleLook }>;
}

const lexicon = (words: string) => new RegExp(`(?<![\\w-])(?:${words.trim().split(/\s*\|\s*/).join('|')})(?![\\w-])`, 'gi');

const Lexicons: Record<Exclude<Aspect, 'setting'>, RegExp> = {
  lighting: lexicon(`golden hour | blue hour | rim light | key light | soft light | studio lighting | natural light | back ?lit | backlighting | lighting | lit | light | lights
    | sunlight | sunlit | moonlight | moonlit | candlelight | candlelit | spotlight | daylight | glow | glowing | neon | shadows? | chiaroscuro | sunset | sunrise
    | twilight | dusk | dawn | night | illuminated | luminous | bright | dim | dark | dramatic lighting | cinematic lighting | volumetric`),
  composition: lexicon(`close-? ?up | extreme close-up | portrait | headshot | full[- ]body | wide[- ]shot | wide[- ]angle | medium shot | long shot | low[- ]angle | high[- ]angle
    | bird'?s[- ]eye(?: view)? | overhead | top-down | aerial(?: view)? | from above | from below | cent(?:er|re)d | symmetrical | symmetry | rule of thirds
    | framed | framing | profile | side view | front view | macro | panoramic | panorama | selfie | group shot | depth of field | bokeh | shot`),
  colour: lexicon(`red | crimson | scarlet | orange | amber | yellow | gold | golden | green | emerald | mint | teal | turquoise | cyan | blue | navy | purple | violet
    | lavender | pink | magenta | rose | brown | black | white | silver | grey | gray | beige | coral | peach | pastel | pastels | colou?rful | colou?rs? | palette
    | vibrant | saturated | muted | monochrome | black and white | hues? | tones? | neon | rainbow`),
  mood: lexicon(`happy | joyful | cheerful | smiling | laughing | grinning | sad | moody | dramatic | epic | cozy | cosy | calm | serene | peaceful | mysterious | playful
    | whimsical | romantic | heroic | cute | adorable | fierce | confident | dreamy | nostalgic | magical | funny | energetic | eerie | majestic | proud | surprised
    | excited | determined | melancholic | emotional | expressive | sassy | glamorous | mood | atmosphere`),
  pose: lexicon(`pose | posing | posed | standing | sitting | jumping | running | dancing | holding | waving | leaning | looking | walking | flying | riding | surfing
    | reading | cooking | playing | singing | hugging | pointing | kneeling | lying | crouching | climbing | swimming | skating | skateboarding | driving | eating
    | drinking | sleeping | knitting | painting | fighting | celebrating | arms crossed | crossed arms | hands on hips | mid-air | action | gesture`),
};

/** Words whose presence makes a phrase a place. */
const SettingNouns = lexicon(`beach | ocean | sea | waves? | city | street | streets | forest | woods | jungle | mountains? | hills | desert | space | galaxy | studio | room
  | kitchen | office | park | garden | cafe | café | castle | village | town | stage | sky | clouds | field | meadow | grass | river | lake | snow | rain | background
  | backdrop | landscape | skyline | classroom | library | bedroom | market | rooftop | subway | island | underwater | moon | mars | window | home | house | school
  | restaurant | bar | club | concert | arena | stadium | temple | palace | spaceship | station | airport | train | road | bridge | harbor | harbour | farm | cave`);

const Locatives = new Set(['in', 'at', 'on', 'inside', 'under', 'near', 'beside', 'by', 'over', 'across', 'through', 'among', 'amid', 'within', 'above', 'below',
  'outside', 'around', 'behind', 'against', 'underneath', 'atop', 'onto', 'into']);

/** Whether a phrase opens with a locative ("in a forest"), so it reads as a place on its own. */
export const startsWithLocative = (phrase: string) => Locatives.has(/^(\S+)\s/.exec(phrase)?.[1].toLowerCase() ?? '');

/** Words that open a prompt without naming its subject ("a portrait of ...", "create ..."). */
const LeadIns = /^(?:(?:please\s+)?(?:create|make|generate|draw|show|render|design|paint)\s+(?:me\s+)?)?(?:(?:an?|the)\s+)?(?:(?:cute|funny|cool|beautiful|stunning)\s+)?(?:close-?\s?up\s+)?(?:portrait|photo|picture|image|illustration|drawing|painting|render|shot|close-?\s?up|scene|version)\s+of\s+|^(?:please\s+)?(?:create|make|generate|draw|show|render|design|paint)\s+(?:me\s+)?/i;

/** -ing words that are things, not actions. */
const IngNouns = new Set(['lighting', 'clothing', 'building', 'buildings', 'morning', 'evening', 'ceiling', 'wedding', 'ring', 'king', 'thing', 'things', 'string', 'spring',
  'wing', 'wings', 'sibling', 'painting', 'framing', 'something', 'nothing', 'everything', 'anything', 'backlighting', 'darling', 'pudding', 'stuffing']);

export type StyleLook = 'photo' | '3d' | 'anime' | 'painting' | 'comic' | 'pixel' | 'clay' | 'retro-synth' | 'sketch' | 'toy';

/** Style words by the look they pull toward (a look the trend does not share clashes with it). */
export const StyleLooks: Record<StyleLook, RegExp> = {
  photo: lexicon('photo-?realistic | hyper-realistic | realistic | photograph | photography | dslr | 35mm | raw photo | real life | lifelike'),
  '3d': lexicon('3d | cgi | pixar | dreamworks | animated | animation | octane render | unreal engine | blender'),
  anime: lexicon('anime | manga | ghibli | cel[- ]shaded | cel shading | chibi'),
  painting: lexicon('oil painting | watercolou?r | impasto | renaissance | baroque | painted | brushstrokes? | canvas | gouache | acrylic'),
  comic: lexicon('comic | comics | halftone | graphic novel | superhero comic | cartoon'),
  pixel: lexicon('pixel art | pixel | pixelated | 8-bit | 16-bit | sprite'),
  clay: lexicon('clay | claymation | plasticine | stop-motion'),
  'retro-synth': lexicon('vaporwave | synthwave | retrowave | outrun'),
  sketch: lexicon('pencil sketch | sketch | line art | charcoal | ink drawing'),
  toy: lexicon('doll | action figure | toy | figurine | lego'),
};

const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);
/** `search` ignores a global pattern's lastIndex, unlike `test`. */
export const mentions = (text: string, pattern: RegExp) => text.search(pattern) >= 0;
const unique = (words: string[]) => [...new Map(words.map((w) => [w.toLowerCase(), w])).values()];

export function analysePrompt(input: string): PromptAnalysis {
  const text = input.replace(/\s+/g, ' ').trim();
  const found = Object.fromEntries(Aspects.map((aspect) => [aspect, [] as string[]])) as Record<Aspect, string[]>;
  for (const aspect of Object.keys(Lexicons) as Array<keyof typeof Lexicons>) found[aspect] = unique(matches(text, Lexicons[aspect]));
  const actions = actionWords(text);
  found.pose = unique([...found.pose, ...actions]);
  found.setting = settingPhrases(text);
  const styles = (Object.keys(StyleLooks) as StyleLook[]).flatMap((look) => unique(matches(text, StyleLooks[look])).map((word) => ({ word, look })));
  return { text, wordCount: text ? text.split(' ').length : 0, subject: subjectOf(text, actions), found, styles };
}

/**
 * What the subject does: verbs compromise finds, and -ing words right after a noun ("a woman
 * dancing", "puppy surfing"), which it often tags as nouns. An -ing word before a noun after a
 * preposition or article ("with glowing trees") describes a thing, not an action.
 */
function actionWords(text: string): string[] {
  // Lighting and framing words ("close-up", "backlit") are not actions; compromise would split some of them.
  const terms = nlp(text.replace(Lexicons.composition, ' ').replace(Lexicons.lighting, ' ')).terms().json() as Array<{ terms: Array<{ text: string; tags: string[] }> }>;
  const words = terms.map(({ terms: [term] }) => ({ text: clean(term.text), tags: new Set(term.tags) }));
  const actions = words.filter((word, i) => {
    if (!/^[a-z]{3,}$/i.test(word.text) || word.tags.has('Adjective')) return false;
    if (/ing$/i.test(word.text)) {
      const before = words[i - 1];
      return !IngNouns.has(word.text.toLowerCase()) && (!before || before.tags.has('Noun') || before.tags.has('Pronoun'));
    }
    return word.tags.has('Verb') && !word.tags.has('Auxiliary') && !word.tags.has('Copula') && !word.tags.has('Modal');
  });
  return unique(actions.map((word) => word.text));
}

/** Where the subject is: phrases opened by a place preposition ("in a tiny Paris kitchen"), or a place word on its own. */
function settingPhrases(text: string): string[] {
  const phrases: string[] = [];
  for (const clause of text.split(/[,;.!?]+/)) {
    const words = clause.trim().split(' ').filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      if (!Locatives.has(words[i].toLowerCase())) continue;
      let end = i + 1;
      while (end < words.length && !Locatives.has(words[end].toLowerCase()) && !/ing$/i.test(words[end])) end++;
      const phrase = words.slice(i, end).join(' ');
      if (isPlace(phrase)) phrases.push(phrase);
      i = end - 1;
    }
  }
  const places = (nlp(text).places().out('array') as string[]).map(clean);
  const loose = [...matches(text, SettingNouns), ...places].filter((word) => !phrases.some((phrase) => phrase.toLowerCase().includes(word.toLowerCase())));
  return unique([...phrases, ...loose]);
}

function isPlace(phrase: string): boolean {
  return mentions(phrase, SettingNouns) || nlp(phrase).places().found;
}

/** The first clause up to its first place phrase or action, without lead-ins ("a portrait of"). */
function subjectOf(text: string, actions: string[]): string {
  const clause = text.split(/[,;.!?]/)[0].replace(LeadIns, '').trim();
  const words = clause.split(' ').filter(Boolean);
  const actionSet = new Set(actions.map((a) => a.toLowerCase()));
  const end = words.findIndex((word, i) => i > 0 && (Locatives.has(word.toLowerCase()) || actionSet.has(word.toLowerCase()) || word.toLowerCase() === 'with'));
  const subject = (end > 0 ? words.slice(0, end) : words).slice(0, 8).join(' ');
  if (subject && nlp(subject).match('(#Noun|#Pronoun)').found) return subject;
  return clean((nlp(text).nouns().out('array') as string[])[0] ?? subject);
}

const clean = (words: string) => words.replace(/[,;.!?]+$/, '').trim();

/** What the prompt's words say about one aspect, e.g. `lighting: ["dramatic lighting"]`. */
export const has = (analysis: PromptAnalysis, aspect: Aspect) => analysis.found[aspect].length > 0;
