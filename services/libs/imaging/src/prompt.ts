/**
 * Reads a prompt into the few things a scene needs: the words to print, a subject archetype,
 * headwear and a held prop, colour and hair hints, clothes; and folds a member's personalization
 * (the trait options' words) into it, the prompt's own words first. Pure string work, no model.
 */
import { splitTraits } from '@trendforge/contracts';
import { displayText } from './util/svg.js';
import type { ScenePlan } from './plan/plan.js';

export type SubjectKind = 'person' | 'cat' | 'dog' | 'fox' | 'bear' | 'rabbit' | 'robot';
export type Headwear = 'none' | 'crown' | 'chef' | 'wizard' | 'cap' | 'hat' | 'helmet' | 'headphones' | 'bow' | 'flower' | 'knight';
export type HairStyle = 'short' | 'long' | 'curly' | 'straight' | 'bun' | 'bald' | 'ponytail';
/** Formal wear / business attire: a dark suit jacket, shirt and tie; sportswear; casual wear. */
export type Clothes = 'formal' | 'sporty' | 'casual';
/** The style trait options: a tweak of the character's palette. */
export type StyleWord = 'elegant' | 'minimalist' | 'vintage' | 'bohemian';
/** A face the personalization asks for: a big smile, a calm closed mouth, a surprised open one. */
export type FaceExpression = 'grin' | 'calm' | 'open';

export interface PromptInfo {
  /** The prompt, cleaned for display (no emoji or control characters). */
  text: string;
  /** Meaningful words in prompt order, original casing, without style boilerplate. */
  keywords: string[];
  /** A short title built from the keywords (1 to 3 words), Title Case. */
  title: string;
  subject: SubjectKind;
  headwear: Headwear;
  /** Icon names of objects the prompt mentions, in prompt order. */
  props: string[];
  /** Named colours found in the prompt (hex). */
  colours: string[];
  hairColour?: string;
  hairStyle?: HairStyle;
  eyeColour?: string;
  glasses: boolean;
  feminine?: boolean;
  clothes?: Clothes;
  necklace: boolean;
  earrings: boolean;
  expression?: FaceExpression;
  style?: StyleWord;
  /** The scene plan (plan/plan.ts) the engine stages: set by the engine, absent in plain readings. */
  plan?: ScenePlan;
}

/** Words that make a person the subject when they come before any animal. */
const PERSON_FIRST = /^(woman|women|man|men|girl|girls|boy|boys|lady|guy|kid|kids|child|children|person|people|me|myself|mom|dad|mother|father|grandma|grandpa)$/;

const STOP = new Set(
  `a an the of in on at to for from with without and or but as by into onto over under my me i im i'm you your our we us it its is are was be being been this that these those
  her his their she he they them him
  some any very really so just like make made create created creating generate draw render show showing picture photo image portrait shot style styled version look looking
  who which what where when while whose has have having wearing wears holding holds using also plus full body high quality detailed ultra hd 4k 8k best
  3d animated animation cartoon character characters movie film scene trend trending viral art artwork illustration design featuring feature`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that name a style rather than the subject; dropped from printed text. */
const STYLE_WORDS = new Set(
  `pixar disney ghibli studio barbie doll collectible action figure toy box blister pack magazine cover masthead vogue anime comic pixel clay claymation vaporwave dreamcore renaissance
  cyberpunk oil painting painted vintage simpsons miyazaki dreamworks render rendering cinematic lighting watercolor watercolour hand-drawn`
    .split(/\s+/)
    .filter(Boolean),
);

const SUBJECTS: Array<[SubjectKind, RegExp]> = [
  ['robot', /^(robot|robots|android|cyborg|droid|mech|bot)$/],
  ['cat', /^(cat|cats|kitten|kitty|kittens|feline)$/],
  ['dog', /^(dog|dogs|puppy|puppies|pup|doggo|corgi|retriever|labrador|poodle|husky|pug|beagle)$/],
  ['fox', /^(fox|foxes|vixen)$/],
  ['bear', /^(bear|bears|teddy|panda|grizzly)$/],
  ['rabbit', /^(rabbit|rabbits|bunny|bunnies|hare)$/],
];

const HEADWEAR: Array<[Headwear, RegExp]> = [
  ['helmet', /^(astronaut|astronauts|spaceman|cosmonaut|space|helmet|diver)$/],
  ['crown', /^(king|queen|prince|princess|royal|crown|emperor|empress|royalty)$/],
  ['chef', /^(chef|cook|baker|cooking|baking|kitchen)$/],
  ['wizard', /^(wizard|witch|mage|sorcerer|sorceress|magician|magic|wizardry)$/],
  ['cap', /^(cap|baseball|skater|skateboarder|rapper|sporty|athlete|player|footballer|basketball)$/],
  ['hat', /^(hat|fedora|beret|beanie|cowboy|cowgirl|sunhat)$/],
  ['headphones', /^(dj|headphones|music|musician|gamer|gaming|podcaster|producer)$/],
  ['bow', /^(bow|ribbon)$/],
  ['flower', /^(flowers|floral|garden|gardener|spring|bloom|blossom)$/],
];

export const COLOURS: Record<string, string> = {
  red: '#e0383e', crimson: '#c21d3a', scarlet: '#e23d28', orange: '#f28c28', amber: '#f5a623', yellow: '#f7d038', gold: '#e6b422', golden: '#e6b422',
  green: '#3fa34d', emerald: '#1f9d6b', mint: '#7fdcb0', teal: '#1e9e9a', turquoise: '#30c5c0', cyan: '#29c4e0', blue: '#2f6fe0', navy: '#1d2f6f',
  purple: '#8a4fd8', violet: '#7b4fe0', lavender: '#b79cf0', pink: '#ff6fae', magenta: '#e0309e', rose: '#f06292', brown: '#8b5a3c', black: '#262630',
  white: '#f4f4f6', silver: '#b8bec8', grey: '#8a8f99', gray: '#8a8f99', beige: '#e3cfa8', coral: '#ff7f6b', peach: '#ffb38a',
};

const HAIR_COLOURS: Record<string, string> = {
  blonde: '#f0cf78', blond: '#f0cf78', brunette: '#6b3f24', brown: '#6b3f24', black: '#22201f', red: '#b8432a', ginger: '#c8602e', redhead: '#b8432a',
  auburn: '#8e3b22', grey: '#a9a9ae', gray: '#a9a9ae', silver: '#c9cbd2', white: '#ecebe6', pink: '#f49ac1', blue: '#5b8ff0', purple: '#9b6be0',
};

const EYE_COLOURS: Record<string, string> = { blue: '#3b82d6', green: '#3f9a5a', hazel: '#8a6a2f', brown: '#6b3f24', grey: '#7d8893', amber: '#c98a1c' };

/** Object words the icon set can draw (see icons.ts); synonyms map to one icon. */
export const PROP_WORDS: Record<string, string> = {
  coffee: 'mug', mug: 'mug', tea: 'mug', latte: 'mug', cup: 'mug', espresso: 'mug',
  book: 'book', books: 'book', reading: 'book', reader: 'book', novel: 'book', writer: 'book', author: 'book', student: 'book', teacher: 'book',
  guitar: 'guitar', guitarist: 'guitar', rock: 'guitar', band: 'guitar', music: 'note', musician: 'note', singer: 'note', song: 'note', dj: 'headphones', headphones: 'headphones',
  camera: 'camera', photographer: 'camera', photography: 'camera', laptop: 'laptop', computer: 'laptop', coder: 'laptop', developer: 'laptop', programmer: 'laptop', code: 'laptop', coding: 'laptop', hacker: 'laptop',
  phone: 'phone', smartphone: 'phone', selfie: 'phone', influencer: 'phone', sword: 'sword', knight: 'sword', warrior: 'sword', samurai: 'sword', ninja: 'sword', pirate: 'sword',
  wand: 'wand', wizard: 'wand', witch: 'wand', magic: 'wand', umbrella: 'umbrella', rain: 'umbrella', rainy: 'umbrella', balloon: 'balloon', balloons: 'balloon', party: 'balloon', birthday: 'cake',
  flower: 'flower', flowers: 'flower', rose: 'flower', garden: 'flower', gardener: 'flower', ball: 'ball', soccer: 'ball', football: 'ball', basketball: 'ball', tennis: 'ball',
  pizza: 'pizza', cake: 'cake', cupcake: 'cake', baker: 'cake', baking: 'cake', dessert: 'cake', star: 'star', stars: 'star', heart: 'heart', love: 'heart', crown: 'crown', king: 'crown', queen: 'crown',
  brush: 'brush', paint: 'brush', painter: 'brush', artist: 'brush', palette: 'brush', rocket: 'rocket', astronaut: 'rocket', space: 'rocket', planet: 'planet', moon: 'planet', mars: 'planet',
  leaf: 'leaf', plant: 'leaf', plants: 'leaf', tree: 'leaf', forest: 'leaf', nature: 'leaf', fish: 'fish', fishing: 'fish', ocean: 'fish', sea: 'fish', bone: 'bone', dog: 'bone', puppy: 'bone',
  gym: 'dumbbell', fitness: 'dumbbell', workout: 'dumbbell', dumbbell: 'dumbbell', bodybuilder: 'dumbbell', game: 'gamepad', gamer: 'gamepad', gaming: 'gamepad', videogame: 'gamepad',
  chef: 'pan', cook: 'pan', cooking: 'pan', kitchen: 'pan', pan: 'pan', skateboard: 'skateboard', skater: 'skateboard', skateboarder: 'skateboard', bike: 'bike', bicycle: 'bike', cyclist: 'bike',
  sun: 'sun', sunny: 'sun', summer: 'sun', beach: 'sun', surf: 'surfboard', surfer: 'surfboard', surfing: 'surfboard', surfboard: 'surfboard', yarn: 'yarn', knitting: 'yarn', cat: 'yarn', kitten: 'yarn',
  microphone: 'mic', mic: 'mic', podcast: 'mic', podcaster: 'mic', rapper: 'mic', singer_: 'mic', key: 'key', map: 'map', explorer: 'map', adventure: 'map', adventurer: 'map', travel: 'map', traveler: 'map',
  glasses: 'glasses', sunglasses: 'glasses', hat: 'hat', cap: 'hat', shield: 'shield', hero: 'shield', superhero: 'shield', robot: 'gear', gear: 'gear', engineer: 'gear', mechanic: 'gear', wrench: 'gear',
  doctor: 'stethoscope', nurse: 'stethoscope', medic: 'stethoscope', science: 'flask', scientist: 'flask', chemist: 'flask', lab: 'flask', potion: 'flask', icecream: 'icecream', gelato: 'icecream',
  carrot: 'carrot', bunny: 'carrot', rabbit: 'carrot', honey: 'honey', bear: 'honey', teddy: 'heart', diamond: 'gem', jewel: 'gem', gem: 'gem', money: 'coin', coin: 'coin', gold: 'coin', rich: 'coin', crypto: 'coin',
  explore: 'map', exploring: 'map', exploration: 'map', brave: 'shield', courage: 'shield', happy: 'heart', cute: 'heart', kind: 'heart', magical: 'wand', sparkle: 'star', shiny: 'gem', sweet: 'cake', cozy: 'mug',
  trophy: 'trophy', champion: 'trophy', winner: 'trophy', medal: 'trophy', car: 'car', racer: 'car', racing: 'car', driver: 'car', dragon: 'flame', fire: 'flame', flame: 'flame', ice: 'snowflake', snow: 'snowflake', winter: 'snowflake',
};

export function tokenize(text: string): string[] {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).map((w) => w.replace(/['’-]+$/, ''));
}

const titleCase = (w: string) => (w.length <= 2 && w === w.toUpperCase() ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

export function analysePrompt(prompt: string): PromptInfo {
  const text = displayText(prompt).slice(0, 400);
  const tokens = tokenize(text);
  const lower = tokens.map((t) => t.toLowerCase());
  const keywords: string[] = [];
  const seen = new Set<string>();
  tokens.forEach((t, i) => {
    const l = lower[i];
    if (STOP.has(l) || STYLE_WORDS.has(l) || /^\d+$/.test(l) || l.length < 2 || seen.has(l)) return;
    seen.add(l);
    keywords.push(t);
  });

  // The subject is the first animal or robot named, unless a person is named before it
  // ("a girl and her cat" is a girl; "an astronaut cat" is a cat).
  let subject: SubjectKind = 'person';
  outer: for (const l of lower) {
    if (PERSON_FIRST.test(l)) break;
    for (const [kind, re] of SUBJECTS) {
      if (re.test(l)) {
        subject = kind;
        break outer;
      }
    }
  }
  let headwear: Headwear = 'none';
  outer2: for (const l of lower) {
    for (const [kind, re] of HEADWEAR) {
      if (re.test(l)) {
        headwear = kind;
        break outer2;
      }
    }
  }
  if (subject === 'robot' && headwear !== 'crown') headwear = 'none';

  const props: string[] = [];
  for (const l of lower) {
    const icon = PROP_WORDS[l];
    if (icon && !props.includes(icon)) props.push(icon);
  }

  const colours: string[] = [];
  let hairColour: string | undefined;
  let eyeColour: string | undefined;
  lower.forEach((l, i) => {
    const nextWord = lower[i + 1] ?? '';
    if (nextWord === 'hair' || nextWord === 'haired' || l === 'blonde' || l === 'blond' || l === 'redhead' || l === 'brunette' || l === 'ginger') {
      if (HAIR_COLOURS[l]) hairColour = HAIR_COLOURS[l];
      return;
    }
    if (nextWord === 'eyes' || nextWord === 'eyed') {
      if (EYE_COLOURS[l]) eyeColour = EYE_COLOURS[l];
      return;
    }
    const c = COLOURS[l];
    if (c && !colours.includes(c)) colours.push(c);
  });

  let hairStyle: HairStyle | undefined;
  if (lower.includes('bald')) hairStyle = 'bald';
  else if (lower.includes('curly') || lower.includes('afro')) hairStyle = 'curly';
  else if (lower.includes('ponytail')) hairStyle = 'ponytail';
  else if (lower.some((l, i) => l === 'straight' && lower[i + 1] === 'hair')) hairStyle = 'straight';
  else if (lower.includes('bun')) hairStyle = 'bun';
  else if (lower.includes('long')) hairStyle = 'long';
  else if (lower.includes('short')) hairStyle = 'short';

  let clothes: Clothes | undefined;
  for (const l of lower) {
    clothes = CLOTHES_WORDS.find(([, re]) => re.test(l))?.[0];
    if (clothes) break;
  }

  const fem = /^(woman|women|girl|girls|lady|she|her|queen|princess|mother|mom|mum|sister|bride|witch|actress|ballerina|feminine|daughter|grandma|empress|sorceress|aunt|wife|girlfriend)$/;
  const masc = /^(man|men|boy|boys|guy|he|his|king|prince|father|dad|brother|groom|wizard|actor|masculine|son|grandpa|emperor|sorcerer|uncle|husband|boyfriend|gentleman|beard|bearded)$/;
  let feminine: boolean | undefined;
  for (const l of lower) {
    if (fem.test(l)) { feminine = true; break; }
    if (masc.test(l)) { feminine = false; break; }
  }

  const titleWords = pickTitleWords(keywords, subject);
  return {
    text,
    keywords,
    title: titleWords.map(titleCase).join(' '),
    subject,
    headwear,
    props,
    colours,
    hairColour,
    hairStyle,
    eyeColour,
    glasses: lower.some((l) => l === 'glasses' || l === 'sunglasses' || l === 'nerd' || l === 'nerdy'),
    feminine,
    clothes,
    necklace: lower.some((l) => l === 'necklace' || l === 'pendant' || l === 'pearls'),
    earrings: lower.some((l) => l === 'earrings' || l === 'earring' || l === 'hoops'),
  };
}

/** Clothes the prompt names (its words win over the personalization's). */
const CLOTHES_WORDS: Array<[Clothes, RegExp]> = [
  ['formal', /^(suit|suits|tuxedo|tux|blazer|formal|business|businessman|businesswoman|ceo|lawyer|banker|tie)$/],
  ['sporty', /^(tracksuit|jersey|sportswear|athletic|sporty|gym|jogger|runner|running)$/],
  ['casual', /^(hoodie|tshirt|t-shirt|tee|jeans|casual|denim)$/],
];

const TRAIT_CLOTHES: Record<string, Clothes> = {
  'formal wear': 'formal', 'business attire': 'formal', formal: 'formal', suit: 'formal',
  sportswear: 'sporty', sporty: 'sporty', 'athletic wear': 'sporty',
  'casual wear': 'casual', 'casual style': 'casual', casual: 'casual',
};
const TRAIT_EXPRESSION: Record<string, FaceExpression> = {
  'smiling face': 'grin', smiling: 'grin', smile: 'grin', 'big smile': 'grin',
  'neutral expression': 'calm', neutral: 'calm', 'serious look': 'calm',
  'surprised look': 'open', surprised: 'open',
};
const TRAIT_STYLES = new Set<StyleWord>(['elegant', 'minimalist', 'vintage', 'bohemian']);

/**
 * The prompt's reading with a personalization (comma-separated trait words, e.g. "blonde hair,
 * glasses, formal wear") folded in for the drawn character: hair colour and style, eye colour,
 * glasses, a hat, clothes, necklace and earrings, gender presentation, expression and a style
 * palette. The prompt's own words win where they say something else ("a red-haired woman" keeps
 * red hair whatever the traits; a prompt's crown stays a crown). Only a person takes traits, not
 * an animal or a robot. Unknown words are ignored; among traits of one kind the first wins.
 */
export function applyTraits(info: PromptInfo, personalization: string | readonly string[] | null | undefined): PromptInfo {
  const traits = (typeof personalization === 'string' || personalization == null ? splitTraits(personalization) : [...personalization]).map((t) => t.toLowerCase().replace(/\s+/g, ' ').trim());
  if (info.subject !== 'person' || traits.length === 0) return info;
  const out: PromptInfo = { ...info };
  const styles = new Set<string>();
  let hairColour: string | undefined;
  let eyeColour: string | undefined;
  let feminine: boolean | undefined;
  let clothes: Clothes | undefined;
  let expression: FaceExpression | undefined;
  let style: StyleWord | undefined;
  let hat = false;
  for (const t of traits) {
    const hair = /^(\w+)[ -](?:hair|haired)$/.exec(t);
    if (hair && HAIR_COLOURS[hair[1]]) hairColour ??= HAIR_COLOURS[hair[1]];
    else if (hair || t === 'bald' || t === 'afro') styles.add(t === 'afro' ? 'curly' : t === 'bald' ? 'bald' : hair![1]);
    const eyes = /^(\w+)[ -](?:eyes|eyed)$/.exec(t);
    if (eyes && EYE_COLOURS[eyes[1]]) eyeColour ??= EYE_COLOURS[eyes[1]];
    if (t === 'glasses' || t === 'sunglasses' || t === 'spectacles') out.glasses = true;
    if (t === 'hat' || t === 'cap') hat = true;
    if (t === 'necklace') out.necklace = true;
    if (t === 'earrings') out.earrings = true;
    if (t === 'feminine') feminine ??= true;
    if (t === 'masculine') feminine ??= false;
    clothes ??= TRAIT_CLOTHES[t];
    expression ??= TRAIT_EXPRESSION[t];
    if (TRAIT_STYLES.has(t as StyleWord)) style ??= t as StyleWord;
  }
  out.hairColour = info.hairColour ?? hairColour;
  out.eyeColour = info.eyeColour ?? eyeColour;
  out.feminine = info.feminine ?? feminine;
  out.clothes = info.clothes ?? clothes;
  out.expression = info.expression ?? expression;
  out.style = info.style ?? style;
  if (!info.hairStyle && styles.size > 0) {
    out.hairStyle = styles.has('bald') ? 'bald'
      : styles.has('curly') || styles.has('wavy') ? 'curly'
        : styles.has('short') ? 'short'
          : styles.has('straight') ? 'straight'
            : styles.has('long') ? 'long'
              : undefined;
  }
  // A hat unless the prompt names headwear of its own; with sportswear it is a cap.
  if (hat && info.headwear === 'none') out.headwear = out.clothes === 'sporty' ? 'cap' : 'hat';
  return out;
}

const PERSON_NOUNS =
  /^(woman|man|girl|boy|lady|guy|kid|child|baby|person|people|friend|friends|family|couple|hero|superhero|heroine|villain|chef|cook|baker|doctor|nurse|teacher|student|artist|painter|musician|singer|dancer|ballerina|athlete|player|gamer|coder|developer|programmer|scientist|engineer|astronaut|pilot|captain|pirate|ninja|samurai|knight|warrior|wizard|witch|king|queen|prince|princess|explorer|adventurer|traveler|traveller|surfer|skater|photographer|influencer|farmer|gardener|detective|firefighter|soldier|mermaid|fairy|vampire|zombie|elf|cowboy|cowgirl|boss|ceo|entrepreneur|founder|designer|writer|author|dj|rapper|grandma|grandpa|mom|dad|mother|father|sister|brother|puppy|kitten|dragon|unicorn|monster|alien|owl|bird|penguin|lion|tiger|panda|dinosaur|dino|robot|cat|dog|fox|bear|rabbit|bunny)$/i;

const GENERIC_NOUNS = /^(woman|man|girl|boy|lady|guy|kid|child|baby|person|people|friend|friends|family|couple|me|myself)$/i;

/**
 * Up to two words that read as a name: an animal or robot subject first, else a role noun
 * (chef, astronaut…) with the word before it, else a generic noun (woman, boy…), else the first
 * keywords.
 */
function pickTitleWords(keywords: string[], subject: SubjectKind): string[] {
  if (keywords.length === 0) return ['Star'];
  const lower = keywords.map((w) => w.toLowerCase());
  let idx = subject === 'person' ? -1 : lower.findIndex((w) => SUBJECTS.some(([kind, re]) => kind === subject && re.test(w)));
  if (idx < 0) idx = lower.findIndex((w) => PERSON_NOUNS.test(w) && !GENERIC_NOUNS.test(w) && (subject !== 'person' || !SUBJECTS.some(([, re]) => re.test(w))));
  if (idx < 0) idx = lower.findIndex((w) => GENERIC_NOUNS.test(w));
  if (idx < 0) return keywords.slice(0, keywords.length > 1 && keywords[0].length + keywords[1].length <= 15 ? 2 : 1);
  if (idx > 0 && keywords[idx - 1].length + keywords[idx].length <= 15) return keywords.slice(idx - 1, idx + 1);
  return [keywords[idx]];
}

/** Hair colours (hex) used when the prompt gives none. */
export const NATURAL_HAIR = ['#2b211c', '#5a3823', '#8a5a34', '#d8b26a', '#b5532e', '#3b2a22'];
export const SKIN_TONES = ['#ffd9bf', '#f5c6a0', '#e8b08a', '#d39a6e', '#b67b52', '#8d5a3b', '#6b4228'];
