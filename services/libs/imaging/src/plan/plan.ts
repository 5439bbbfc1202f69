/**
 * The scene plan: what the engine will draw for a prompt. compromise tags the words (numbers,
 * adjectives, verbs, prepositions, people and places); the drawable vocabulary resolves the nouns;
 * prepositions and verbs place the props around the main subject; time, weather, season, mood and
 * colour words set the scene.
 */
import nlp from 'compromise';
import { COLOURS } from '../prompt.js';
import { ENGINE_ONLY, LONGEST_PHRASE, SUFFIX_FALLBACKS, VOCABULARY, type ThingKind, type VocabEntry } from './vocabulary.js';

export type { ThingKind } from './vocabulary.js';

export interface PlannedThing {
  phrase: string;
  word: string;
  icon: string | null;
  kind: ThingKind;
  figure?: 'person' | 'cat' | 'dog' | 'fox' | 'bear' | 'rabbit' | 'robot';
  count: number;
  adjectives: string[];
  colour?: string;
  size?: 'small' | 'large';
}
/** 'between': on a table between the players (a board game). */
export type Placement = 'held' | 'under' | 'worn' | 'in' | 'beside' | 'above' | 'background' | 'between';
/** How the main subject's body is drawn: what the action and its props ask of it. */
export type PlanPose = 'stand' | 'sit' | 'lie' | 'ride' | 'hold' | 'fly' | 'run' | 'balance' | 'swim';
export interface ScenePlan {
  /** Main subject first. */
  subjects: PlannedThing[];
  props: Array<PlannedThing & { placement: Placement }>;
  /** Verbs, infinitive ("surf", "read", "cook"). */
  actions: string[];
  /** The main subject's pose: sitting on a throne, lying on a towel, riding a bicycle, flying, running, holding a cake. */
  pose: PlanPose;
  setting: {
    place?: string;
    placeIcon?: string;
    timeOfDay?: 'dawn' | 'morning' | 'midday' | 'afternoon' | 'sunset' | 'night';
    weather?: 'clear' | 'rain' | 'snow' | 'storm' | 'fog' | 'cloudy';
    season?: 'spring' | 'summer' | 'autumn' | 'winter';
  };
  mood?: string;
  /** Hex. */
  colours: string[];
  /** Nouns it could not resolve to anything drawable. */
  unknown: string[];
}

type Setting = ScenePlan['setting'];

const TIME_OF_DAY: Record<string, NonNullable<Setting['timeOfDay']>> = {
  sunrise: 'dawn', dawn: 'dawn', daybreak: 'dawn', morning: 'morning', noon: 'midday', midday: 'midday', afternoon: 'afternoon',
  sunset: 'sunset', dusk: 'sunset', evening: 'sunset', twilight: 'sunset', sundown: 'sunset', night: 'night', midnight: 'night', nighttime: 'night', moonlight: 'night', starlight: 'night', tonight: 'night',
};
const WEATHER: Record<string, NonNullable<Setting['weather']>> = {
  rain: 'rain', rainy: 'rain', raining: 'rain', drizzle: 'rain', downpour: 'rain', snow: 'snow', snowy: 'snow', snowing: 'snow', snowfall: 'snow', blizzard: 'snow',
  storm: 'storm', stormy: 'storm', thunderstorm: 'storm', thunder: 'storm', fog: 'fog', foggy: 'fog', mist: 'fog', misty: 'fog', haze: 'fog',
  cloudy: 'cloudy', overcast: 'cloudy', clouds: 'cloudy', sunny: 'clear', sunshine: 'clear', clear: 'clear',
};
const SEASONS: Record<string, NonNullable<Setting['season']>> = { spring: 'spring', springtime: 'spring', summer: 'summer', summertime: 'summer', autumn: 'autumn', autumnal: 'autumn', winter: 'winter', wintry: 'winter', christmas: 'winter' };
const MOODS = new Set(
  'happy cheerful joyful sad melancholy lonely cozy cosy spooky scary creepy eerie dreamy magical peaceful calm serene epic dramatic romantic mysterious whimsical playful angry funny cute gloomy festive nostalgic adventurous sleepy grumpy proud brave curious excited'.split(' '),
);
const SIZES: Record<string, 'small' | 'large'> = {
  small: 'small', tiny: 'small', little: 'small', mini: 'small', miniature: 'small', baby: 'small', young: 'small',
  big: 'large', large: 'large', giant: 'large', huge: 'large', enormous: 'large', massive: 'large', gigantic: 'large', tall: 'large', colossal: 'large',
};
const FEW: Record<string, number> = { few: 3, several: 3, many: 5, lots: 5, dozen: 12 };
/** "a family of ducks": a count for the next noun when "of" follows, else a noun of its own. */
const COLLECTIVES: Record<string, number> = { couple: 2, pair: 2, family: 3, group: 3, herd: 4, flock: 4, pack: 3, team: 4, crowd: 6, bunch: 3, school: 4, pod: 3, litter: 3, swarm: 6, army: 6 };
/** Things that belong to the sky or the surroundings, drawn behind the subject whatever the preposition. */
const SCENERY = new Set(['star', 'stars', 'moon', 'sun', 'rainbow', 'cloud', 'clouds', 'comet', 'fireworks', 'wave', 'waves', 'lightning', 'aurora', 'galaxy', 'planet', 'planets']);

/** Where a noun goes after a preposition; `undefined` = the place or the scene, not a prop. */
const PREPOSITIONS: Record<string, Placement> = {
  with: 'held', holding: 'held', on: 'under', onto: 'under', atop: 'under', riding: 'under', in: 'in', inside: 'in', into: 'in', within: 'in',
  wearing: 'worn', beside: 'beside', near: 'beside', by: 'beside', next: 'beside', around: 'beside', among: 'beside', at: 'beside', under: 'above', beneath: 'above',
  below: 'above', over: 'under', above: 'background', behind: 'background', across: 'under', through: 'background', from: 'beside', of: 'held', to: 'beside', toward: 'beside', towards: 'beside',
  between: 'beside', amid: 'beside', amongst: 'beside',
  for: 'beside', along: 'beside', against: 'beside', outside: 'background', during: 'background', past: 'beside',
};
/** Where a verb's object goes ("reading a map": the map is held). */
const VERB_PLACEMENT: Record<string, Placement> = {
  hold: 'held', carry: 'held', lift: 'held', brush: 'held', read: 'held', eat: 'held', drink: 'held', play: 'held', cook: 'in', paint: 'held', throw: 'held', catch: 'held', grab: 'held', hug: 'held', juggle: 'held',
  fly: 'held', use: 'held', sip: 'held', lick: 'held', bake: 'in', fry: 'in', pour: 'held', mix: 'held', stir: 'held', write: 'held', draw: 'held', knit: 'held', feed: 'held', pick: 'held', plant: 'held', water: 'beside', have: 'held', blow: 'held', wave: 'held', build: 'beside',
  wear: 'worn', ride: 'under', surf: 'under', drive: 'under', sail: 'under', skate: 'under', sit: 'under', stand: 'under', sleep: 'under', climb: 'under', row: 'under', pilot: 'under', fish: 'beside',
  lie: 'under', lay: 'under', nap: 'under', recline: 'under', lounge: 'under', sunbathe: 'under',
};
/** Props an action implies when the prompt names none ("surfing" → a surfboard underfoot). */
const IMPLIED: Record<string, Array<[string, Placement]>> = {
  surf: [['surfboard', 'under']], cook: [['pan', 'held']], fry: [['pan', 'held']], read: [['book', 'held']], paint: [['paintbrush', 'held'], ['palette', 'held']],
  fish: [['fishing rod', 'held']], write: [['pen', 'held']], draw: [['pencil', 'held']], knit: [['yarn', 'held']], sing: [['microphone', 'held']], skate: [['skateboard', 'under']], iceskate: [['ice skates', 'under']], sled: [['sled', 'under']], sledge: [['sled', 'under']], toboggan: [['sled', 'under']], study: [['book', 'held']],
  ski: [['ski', 'under']], skateboard: [['skateboard', 'under']], cycle: [['bicycle', 'under']], bike: [['bicycle', 'under']], sail: [['sailboat', 'under']], row: [['canoe', 'under']], camp: [['tent', 'background']], bake: [['pan', 'held']],
  drink: [['coffee', 'held']], shop: [['shopping bags', 'held']], chop: [['knife', 'held']], slice: [['knife', 'held']], barbecue: [['sausage', 'held']], grill: [['sausage', 'held']], cast: [['wand', 'held']], photograph: [['camera', 'held']], garden: [['plant', 'held']], water: [['watering can', 'held']], juggle: [['ball', 'held']], game: [['controller', 'held']], dj: [['headphones', 'worn']],
};
/** What a subject carries unless the prompt says otherwise ("a knight": a sword in the hand). */
const CARRIED: Record<string, Array<[string, Placement]>> = {
  knight: [['sword', 'held']], warrior: [['sword', 'held']], samurai: [['sword', 'held']], wizard: [['wand', 'held']], witch: [['broom', 'held']], painter: [['paintbrush', 'held']],
  // A sport's name brings its gear: "a skier racing down a mountain" is on skis.
  skier: [['ski', 'under']], surfer: [['surfboard', 'under']], skateboarder: [['skateboard', 'under']], cyclist: [['bicycle', 'under']], biker: [['bicycle', 'under']],
  pirate: [['sword', 'held'], ['hat', 'worn']],
  fisherman: [['fishing rod', 'held']], firefighter: [['hose', 'held']], fireman: [['hose', 'held']],
};
/** Balls played with the feet: on the ground beside the player, not in the hand. */
const KICKED = new Set(['soccer', 'football', 'soccer ball', 'golf']);
/** Places of ice and snow: the ground is snowy whatever the season. */
const ICY = /\b(ice|icy|frozen|arctic|antarctica|tundra|glacier|alps|snow|snowfield)\b/;
/** Boats: stood in at sea; the sea is the place unless the prompt names another. */
export const BOATS = new Set(['ship', 'boat', 'sailboat', 'yacht', 'steamship', 'cruise', 'ferry', 'speedboat', 'motorboat', 'canoe', 'kayak', 'raft']);
/** Board and table games: played on a table between the players. */
const GAMES = new Set(['chess', 'chessboard', 'board game', 'checkers', 'draughts', 'cards', 'card game', 'poker', 'dice']);
const SWIM = new Set(['swim', 'paddle', 'dive', 'snorkel', 'bathe']);
/** Off the ground: flying, and jumping or leaping ("jumping over rooftops"). */
const FLY = new Set(['fly', 'soar', 'float', 'hover', 'glide', 'swoop', 'jump', 'leap']);
const RUN = new Set(['run', 'jog', 'race', 'sprint', 'dash', 'chase', 'hurry', 'rush']);
const SIT = new Set(['sit', 'seat', 'relax', 'rest', 'perch']);
/** Lying down: on a towel, in a hammock, in bed, in the grass. */
const LIE = new Set(['lie', 'lay', 'sleep', 'nap', 'doze', 'snooze', 'recline', 'lounge', 'sunbathe', 'sprawl', 'curl', 'crawl']);
const RIDE = new Set(['ride', 'cycle', 'bike', 'drive', 'pilot', 'pedal']);
const BALANCE = new Set(['surf', 'skate', 'iceskate', 'ski', 'snowboard', 'skateboard', 'slide', 'sled', 'toboggan']);
/** Things sat on: a figure on one sits. */
const SEATS = new Set(['chair', 'stool', 'throne', 'sofa', 'couch', 'bench', 'armchair', 'rocking chair', 'swing']);
/** Things lain on or in: a figure on one lies ("a cat in a hammock"), whatever the verb. */
export const BEDS = new Set(['bed', 'crib', 'cot', 'bunk', 'hammock', 'towel', 'blanket', 'mat', 'rug', 'carpet', 'sleeping bag']);
/** Seats nobody lies on: "sleeping on a chair" sits. */
const UPRIGHT_SEATS = new Set(['chair', 'stool', 'throne', 'armchair', 'rocking chair', 'swing']);

/**
 * The main subject's pose from the actions and what they put under or before it: on a board or
 * flying or running wins over holding (the hands are busy with the motion); lying down or a bed,
 * a hammock or a towel under it lies (a held book is read lying); a seat or a board game sits; a
 * vehicle or an animal underfoot is ridden (a board is balanced on).
 */
function poseOf(plan: ScenePlan): PlanPose {
  const acts = new Set(plan.actions);
  const has = (set: Set<string>) => [...acts].some((a) => set.has(a));
  const under = plan.props.filter((p) => p.placement === 'under');
  const held = plan.props.some((p) => p.placement === 'held');
  if (has(BALANCE) || under.some((p) => /board$|^skis?$|^skate$/.test(p.word))) return 'balance';
  // Flying a plane or a rocket: sat in it, not flying beside it.
  if (has(FLY) && under.some((p) => p.kind === 'vehicle' || p.word === 'rocket')) return 'ride';
  if (has(FLY) && !held) return 'fly';
  if (has(SWIM)) return 'swim';
  if (has(RUN)) return 'run';
  // Lying: the verb ("sleeping", "lying in the grass") unless the seat is upright, or a bed-like prop.
  const lain = plan.props.some((p) => BEDS.has(p.word) && (p.placement === 'under' || p.placement === 'in'));
  if ((has(LIE) && !under.some((p) => UPRIGHT_SEATS.has(p.word))) || lain) return 'lie';
  // A board game, or a piano or drums played: sat at.
  const playedAt = acts.has('play') && plan.props.some((p) => PLAYED_AT.has(p.word));
  if (has(SIT) || under.some((p) => SEATS.has(p.word)) || plan.props.some((p) => p.placement === 'between') || playedAt) return 'sit';
  // On a ship's deck, in a boat: standing, the hull in front of the legs.
  if (under.some((p) => BOATS.has(p.word)) && !under.some((p) => p.kind === 'animal')) return held ? 'hold' : 'stand';
  if (has(RIDE) || under.some((p) => p.kind === 'vehicle' || p.kind === 'animal' || (p.kind === 'creature' && acts.has('ride')))) return 'ride';
  return held ? 'hold' : 'stand';
}

const WEARABLE = new Set(['hat', 'cap', 'crown', 'tiara', 'helmet', 'glasses', 'sunglasses', 'goggles', 'scarf', 'tie', 'necktie', 'coat', 'jacket', 'dress', 'gown', 'kimono', 'robe', 'shirt', 'jeans', 'gloves', 'mittens', 'socks', 'sneakers', 'boots', 'boot', 'shoes', 'heels', 'ribbon', 'necklace', 'ring', 'backpack', 'headphones', 'top hat', 'sunhat']);
/** Instruments too big for the hand: played beside the player. */
export const PLAYED_AT = new Set(['piano', 'drum', 'drums', 'harp', 'organ', 'synth', 'keyboard']);
/** Style and material words compromise may read as nouns ("a neon city"): they describe, they are not things. */
const DESCRIBERS = new Set(
  'neon cyberpunk steampunk futuristic retro vintage wooden metal metallic glass paper plastic stone fantasy medieval ancient modern tropical pixel cartoon anime toy cosmic electric mechanical magical holographic origami knitted'.split(' '),
);
/** Plural words that name one thing. */
const ONE_PAIR = new Set(['glasses', 'sunglasses', 'headphones', 'jeans', 'goggles', 'scissors', 'pants', 'trousers', 'shorts', 'binoculars', 'pajamas', 'skis', 'drums']);
/** -ing words that are nouns, not actions. */
const NOT_GERUND = new Set(['king', 'ring', 'wing', 'string', 'swing', 'spring', 'thing', 'ceiling', 'pudding', 'wedding', 'morning', 'evening', 'sibling', 'duckling', 'viking', 'building', 'clothing', 'icing', 'nothing', 'something', 'everything', 'lightning', 'frosting', 'dumpling', 'sapling']);
const SKIP = new Set(['a', 'an', 'the', 'his', 'her', 'their', 'its', 'my', 'our', 'your', 'some', 'this', 'that', 'these', 'those', 'is', 'are', 'was', 'be', 'being', 'while', 'who', 'which', 'very', 'it', 'he', 'she', 'they', 'him', 'them', 'up', 'out', 'down', 'off', 'away', 'there', 'here', 'time', 'day', 'scene', 'style', 'background', 'picture', 'photo', 'image', 'illustration', 'portrait', 'view', 'shot', 'top', 'side', 'front', 'middle', 'edge', 'end', 'hour', 'kind', 'lot', 'bit', 'piece', 'back', 'head', 'hand', 'hands', 'shoulder', 'lap', 'way']);

interface Word {
  text: string;
  tags: Set<string>;
}

type Token =
  | { type: 'noun'; words: string[]; word: string; entry: Resolved | null; plural: boolean }
  | { type: 'verb'; verb: string }
  | { type: 'adj'; word: string }
  | { type: 'count'; count: number }
  | { type: 'prep'; placement: Placement | undefined }
  | { type: 'and' }
  | { type: 'skip' };

interface Resolved {
  icon: string | null;
  kind: ThingKind;
  figure?: PlannedThing['figure'];
  /** The word the vocabulary knows it by ("retriever" → "dog" for a fallback). */
  word: string;
}

/**
 * compromise's own inflection tables, called directly: a whole document per lone word costs ~10 ms,
 * the transforms a few microseconds (planning is on every render's path).
 */
const { methods, model } = nlp.world() as unknown as {
  methods: { two: { transform: { noun: { toSingular(w: string, m: unknown): string }; verb: { toInfinitive(w: string, m: unknown, tense?: string): string } } } };
  model: unknown;
};
/** Remembers each word's answer: prompts repeat words. */
function memo(fn: (w: string) => string): (w: string) => string {
  const seen = new Map<string, string>();
  return (w) => {
    let out = seen.get(w);
    if (out === undefined) {
      out = fn(w);
      if (seen.size < 5000) seen.set(w, out);
    }
    return out;
  };
}
/** The singular of a word, or of a phrase's last word ("ice creams" → "ice cream"); words ending in -us/-ss stay. */
const singular = memo((w) => {
  const parts = w.split(' ');
  const last = parts[parts.length - 1];
  if (!/s$/.test(last) || /(ss|us|is)$/.test(last)) return w;
  parts[parts.length - 1] = methods.two.transform.noun.toSingular(last, model) || last;
  return parts.join(' ');
});
const TENSES = ['Gerund', 'PastTense', 'PresentTense', 'Participle'];
function infinitive(w: string, tags: Set<string>): string {
  const tense = TENSES.find((t) => tags.has(t)) ?? (w.endsWith('ing') ? 'Gerund' : w.endsWith('ed') ? 'PastTense' : w.endsWith('s') ? 'PresentTense' : undefined);
  return (tense ? methods.two.transform.verb.toInfinitive(w, model, tense) : w).toLowerCase() || w;
}

function fromVocab(word: string): Resolved | null {
  const engine = ENGINE_ONLY.get(word);
  if (engine) return { icon: null, kind: engine.kind, word };
  const e: VocabEntry | undefined = VOCABULARY.get(word);
  return e ? { icon: e.icon, kind: e.kind, figure: e.figure, word } : null;
}

/** The vocabulary entry for a word or its singular. */
function lookup(word: string): { resolved: Resolved; plural: boolean } | null {
  const direct = fromVocab(word);
  if (direct) return { resolved: direct, plural: false };
  const one = singular(word);
  const single = one !== word ? fromVocab(one) : null;
  return single ? { resolved: single, plural: true } : null;
}

/** The nearest known family of an unknown noun: its ending, then what compromise knows of it. */
function fallback(word: Word): Resolved | null {
  for (const base of [word.text, singular(word.text)]) {
    for (const [re, family] of SUFFIX_FALLBACKS) {
      if (re.test(base) && base !== family) {
        const r = fromVocab(family);
        if (r) return { ...r, word: base };
      }
    }
  }
  if (word.tags.has('Actor') || word.tags.has('Person')) return { ...(fromVocab('person') as Resolved), word: word.text };
  if (word.tags.has('Place') || word.tags.has('City') || word.tags.has('Country') || word.tags.has('Region')) return { ...(fromVocab('city') as Resolved), kind: 'place', word: word.text };
  return null;
}

function words(prompt: string): Word[] {
  const out: Word[] = [];
  for (const sentence of nlp(prompt).terms().json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>) {
    for (const t of sentence.terms) {
      for (const part of t.normal.split(/[-\s]+/)) {
        const text = part.replace(/[^\p{L}\p{N}']/gu, '');
        if (text) out.push({ text, tags: new Set(t.tags) });
      }
    }
  }
  return out;
}

export function planScene(prompt: string): ScenePlan {
  const plan: ScenePlan = { subjects: [], props: [], actions: [], pose: 'stand', setting: {}, colours: [], unknown: [] };
  const ws = words(prompt);
  const tokens: Token[] = [];

  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    const text = w.text;
    const prev = tokens[tokens.length - 1];

    // Multi-word names first ("ice cream", "fire truck", "polar bear").
    let phrase: { n: number; hit: { resolved: Resolved; plural: boolean } } | null = null;
    for (let n = Math.min(LONGEST_PHRASE, ws.length - i); n >= 2 && !phrase; n--) {
      const hit = lookup(ws.slice(i, i + n).map((x) => x.text).join(' '));
      if (hit) phrase = { n, hit };
    }
    if (phrase) {
      const span = ws.slice(i, i + phrase.n).map((x) => x.text);
      tokens.push({ type: 'noun', words: span, word: span.join(' '), entry: phrase.hit.resolved, plural: phrase.hit.plural });
      i += phrase.n - 1;
      continue;
    }

    // "taking a photo", "taking a selfie": photographing, with a camera.
    if (/^(photo|photos|picture|pictures|selfie|snapshot)$/.test(text) && tokens.slice(-3).some((t) => t.type === 'verb' && t.verb === 'take')) {
      if (!plan.actions.includes('photograph')) plan.actions.push('photograph');
      tokens.push({ type: 'skip' });
      continue;
    }
    // "ice skating": on ice skates, on ice (not a skateboard, and "ice" is no place of the girl's).
    if (text === 'ice' && /^skat/.test(ws[i + 1]?.text ?? '')) {
      tokens.push({ type: 'verb', verb: 'iceskate' });
      plan.setting.season ??= 'winter';
      i++;
      continue;
    }
    if (SKIP.has(text)) { tokens.push({ type: 'skip' }); continue; }
    if (text === 'and' || text === '&') { tokens.push({ type: 'and' }); continue; }
    if (COLLECTIVES[text] && ws[i + 1]?.text === 'of') {
      tokens.push({ type: 'count', count: COLLECTIVES[text] });
      i++;
      continue;
    }
    if (w.tags.has('Value') || /^\d+$/.test(text) || FEW[text]) {
      const n = FEW[text] ?? Number((nlp(text).numbers().get() as number[])[0]);
      tokens.push(Number.isFinite(n) && n > 0 ? { type: 'count', count: Math.min(n, 12) } : { type: 'skip' });
      continue;
    }
    if (TIME_OF_DAY[text]) { plan.setting.timeOfDay ??= TIME_OF_DAY[text]; tokens.push({ type: 'skip' }); continue; }
    if (WEATHER[text]) { plan.setting.weather ??= WEATHER[text]; tokens.push({ type: 'skip' }); continue; }
    if (SEASONS[text] || (text === 'fall' && prev?.type === 'prep')) { plan.setting.season ??= SEASONS[text] ?? 'autumn'; tokens.push({ type: 'skip' }); continue; }
    if (text in PREPOSITIONS) {
      tokens.push({ type: 'prep', placement: PREPOSITIONS[text] });
      if (text !== 'with' && text !== 'next' && text !== 'of' && text !== 'to') {
        const verb = text === 'holding' ? 'hold' : text === 'wearing' ? 'wear' : text === 'riding' ? 'ride' : null;
        if (verb && !plan.actions.includes(verb)) plan.actions.push(verb);
      }
      continue;
    }
    const describesNext = ws[i + 1] && !(ws[i + 1].text in PREPOSITIONS) && ws[i + 1].text !== 'and';
    if (DESCRIBERS.has(text) && describesNext) { tokens.push({ type: 'adj', word: text }); continue; }
    if (COLOURS[text] || SIZES[text] || MOODS.has(text)) {
      if (MOODS.has(text)) plan.mood ??= text;
      if (COLOURS[text] && !plan.colours.includes(COLOURS[text])) plan.colours.push(COLOURS[text]);
      // "baby" and other noun-adjectives name a thing when no noun follows ("a baby", "a baby sleeping in a crib", "a baby in a crib").
      const next = ws[i + 1]?.text;
      const nounFollows = next !== undefined && !(next in PREPOSITIONS) && next !== 'and' && !(next.endsWith('ing') && !NOT_GERUND.has(next) && !lookup(next));
      if (!(SIZES[text] && lookup(text) && !nounFollows)) { tokens.push({ type: 'adj', word: text }); continue; }
    }

    // "kids building a sandcastle": a noun-like -ing word after a subject and before an article is its action.
    const actedOn = NOT_GERUND.has(text) && prev?.type === 'noun' && /^(a|an|the|some|his|her|their)$/.test(ws[i + 1]?.text ?? '');
    const gerund = text.endsWith('ing') && text.length > 4 && (!NOT_GERUND.has(text) || actedOn);
    const afterNoun = prev?.type === 'noun' || prev?.type === 'and' || prev?.type === 'verb';
    const known = lookup(text);
    if (gerund && (!known || afterNoun)) { tokens.push({ type: 'verb', verb: infinitive(text, w.tags) }); continue; }
    if (known) { tokens.push({ type: 'noun', words: [text], word: text, entry: known.resolved, plural: known.plural || w.tags.has('Plural') || singular(text) !== text }); continue; }
    if (w.tags.has('Verb') && !w.tags.has('Noun')) { tokens.push({ type: 'verb', verb: infinitive(text, w.tags) }); continue; }
    if (w.tags.has('Adjective') || w.tags.has('Adverb')) { tokens.push({ type: 'adj', word: text }); continue; }
    if (w.tags.has('Noun')) {
      const near = fallback(w);
      tokens.push({ type: 'noun', words: [text], word: text, entry: near, plural: w.tags.has('Plural') });
      continue;
    }
    tokens.push({ type: 'skip' });
  }

  assemble(plan, tokens);
  addImpliedProps(plan);
  setTheTable(plan);
  // On a ship with no place named: at sea. On ice: a snowy ground.
  if (!plan.setting.place && plan.props.some((p) => p.placement === 'under' && BOATS.has(p.word))) {
    plan.setting.place = 'sea';
    plan.setting.placeIcon = 'water-wave';
  }
  if (plan.setting.place && ICY.test(plan.setting.place)) plan.setting.season ??= 'winter';
  plan.pose = poseOf(plan);
  return plan;
}

const ANIMATE = new Set<ThingKind>(['person', 'animal', 'creature']);

function assemble(plan: ScenePlan, tokens: Token[]): void {
  let count: number | undefined;
  let adjectives: string[] = [];
  let modifiers: Array<Extract<Token, { type: 'noun' }>> = [];
  let placement: Placement | undefined;
  let verb: string | undefined;
  /** Whether the current placement comes from a verb ("fighting a dragon") rather than a preposition. */
  let verbObject = false;
  let joined = false;
  let lastWasSubject = false;

  const reset = () => {
    count = undefined;
    adjectives = [];
    modifiers = [];
  };

  tokens.forEach((t, i) => {
    switch (t.type) {
      case 'skip':
        return;
      case 'count':
        count = t.count;
        return;
      case 'adj':
        adjectives.push(t.word);
        return;
      case 'and':
        joined = true;
        return;
      case 'prep':
        placement = t.placement;
        verbObject = false;
        joined = false;
        return;
      case 'verb':
        verb = t.verb;
        if (!plan.actions.includes(t.verb)) plan.actions.push(t.verb);
        placement = VERB_PLACEMENT[t.verb] ?? 'beside';
        verbObject = true;
        joined = false;
        return;
      case 'noun':
        break;
    }
    // A noun right before another is a modifier of it ("candy forest", "robot chef", "baby dragon").
    const next = tokens[i + 1];
    if (next?.type === 'noun') {
      modifiers.push(t);
      return;
    }
    let head = t;
    let role: string | undefined;
    // "robot chef", "cat wizard": the creature is the subject, the person noun its role.
    const creature = modifiers.find((m) => m.entry && (m.entry.kind === 'animal' || m.entry.kind === 'creature'));
    if (head.entry?.kind === 'person' && creature) {
      role = head.word;
      head = creature;
    }
    // Unknown modifiers are reported too: "bamboo fence" must not hide an unknown "bamboo".
    for (const m of modifiers) if (!m.entry && !plan.unknown.includes(m.word)) plan.unknown.push(m.word);
    // A place naming a thing is the setting too: "a beach towel" is on the beach, "a park bench" in the park.
    const placeModifier = head.entry && head.entry.kind !== 'place' ? modifiers.find((m) => m !== head && m.entry?.kind === 'place') : undefined;
    if (placeModifier && !plan.setting.place) {
      plan.setting.place = placeModifier.word;
      if (placeModifier.entry?.icon) plan.setting.placeIcon = placeModifier.entry.icon;
    }
    const modifierWords = modifiers.filter((m) => m !== head).map((m) => m.word);
    const allAdjectives = [...adjectives, ...modifierWords, ...(role ? [role] : [])];
    const phrase = [...adjectives, ...modifiers.map((m) => m.word), ...(modifiers.includes(t) ? [] : [t.word])].join(' ');
    const entry = head.entry;
    if (!entry) {
      // Unknown head: a resolvable modifier still draws ("dragon whisperer" is at least a dragon).
      const known = modifiers.find((m) => m.entry);
      if (!known) {
        if (!plan.unknown.includes(head.word)) plan.unknown.push(head.word);
        reset();
        return;
      }
      if (!plan.unknown.includes(head.word)) plan.unknown.push(head.word);
      head = known;
    }
    const resolved = head.entry as Resolved;

    if (resolved.kind === 'place') {
      // "under the sea", "beneath the ocean": underwater.
      if (!plan.setting.place && placement === 'above' && resolved.icon === 'water-wave') {
        plan.setting.place = 'underwater';
        plan.setting.placeIcon = resolved.icon;
      }
      if (!plan.setting.place) {
        plan.setting.place = phrase;
        if (resolved.icon) plan.setting.placeIcon = resolved.icon;
      }
      reset();
      return;
    }

    const colour = allAdjectives.map((a) => COLOURS[a]).find(Boolean);
    const size = allAdjectives.map((a) => SIZES[a]).find(Boolean);
    const thing: PlannedThing = {
      phrase,
      word: head.word,
      icon: resolved.icon,
      kind: resolved.kind,
      ...(resolved.figure ? { figure: resolved.figure } : {}),
      // "a couple dancing": two people; "a family": three.
      count: count ?? (head.plural && !ONE_PAIR.has(head.word) ? 2 : resolved.kind === 'person' && COLLECTIVES[head.word] ? Math.min(4, COLLECTIVES[head.word]) : 1),
      adjectives: allAdjectives,
      ...(colour ? { colour } : {}),
      ...(size ? { size } : {}),
    };

    const animate = ANIMATE.has(resolved.kind);
    // "candles on a birthday cake", "a cherry on a cake": the food is the thing, with what is on it drawn as part of it.
    const lastProp = plan.props[plan.props.length - 1];
    if (resolved.kind === 'food' && placement === 'under' && !verbObject && !lastWasSubject && lastProp && lastProp.kind !== 'food' && lastProp.placement !== 'under' && !joined) {
      plan.props.pop();
      plan.props.push({ ...thing, placement: lastProp.placement });
      joined = false;
      reset();
      return;
    }
    // Animate things join the subjects unless a preposition or verb gives them a place ("riding a horse").
    const isSubject = plan.subjects.length === 0 || (joined && lastWasSubject) || (animate && (placement === undefined || (verbObject && placement === 'beside')));
    if (isSubject) {
      plan.subjects.push(thing);
      lastWasSubject = true;
    } else {
      plan.props.push({ ...thing, placement: placeProp(thing, placement, verb) });
      lastWasSubject = false;
    }
    joined = false;
    reset();
  });
}

/** Refines the placement a preposition or verb gave: worn clothes, vehicles ridden, food in the pan. */
function placeProp(thing: PlannedThing, placement: Placement | undefined, verb: string | undefined): Placement {
  // The thing the action implies, named ("singing into a microphone"): where the action puts it.
  const implied = verb ? IMPLIED[verb]?.find(([word]) => word === thing.word) : undefined;
  if (implied && placement !== 'under') return implied[1];
  // Under a blanket: lain on it (a cover over the head would hide the subject).
  if (BEDS.has(thing.word) && placement === 'above') return 'under';
  // "flying over the moon": the moon is below the flyer, not in the sky behind.
  if (SCENERY.has(thing.word)) return placement === 'under' && verb && FLY.has(verb) ? 'under' : 'background';
  if (GAMES.has(thing.word)) return 'between';
  // "having a picnic": the basket on the ground beside, not in every hand.
  if (thing.word === 'picnic') return 'beside';
  if (KICKED.has(thing.word) && placement === 'held') return 'beside';
  // Played standing at it, not held up: a piano, drums, a harp.
  if (PLAYED_AT.has(thing.word) && placement === 'held') return 'beside';
  if (WEARABLE.has(thing.word) && (placement === 'held' || placement === 'in' || placement === 'worn')) return 'worn';
  // A toy car is played with, not ridden in.
  const toy = thing.adjectives.some((a) => a === 'toy' || a === 'model' || a === 'miniature');
  if (thing.kind === 'vehicle' && !toy && (placement === 'in' || placement === 'held' || placement === 'beside')) return 'under';
  if (thing.kind === 'food' && (verb === 'cook' || verb === 'fry' || verb === 'bake')) return 'in';
  // In bed, in a hammock, in an armchair: lain or sat in, so under the body.
  if ((BEDS.has(thing.word) || SEATS.has(thing.word)) && placement === 'in') return 'under';
  // "flying over a castle": the castle is below the flyer.
  if (thing.kind === 'building') return placement === 'under' && verb && FLY.has(verb) ? 'under' : 'background';
  return placement ?? 'beside';
}

/** Meals: on a table between the diners. */
const MEALS = new Set(['dinner', 'lunch', 'breakfast', 'meal', 'supper', 'feast', 'brunch']);
/** Tables sat at. */
const TABLES = new Set(['table', 'desk']);
/** Eaten, drunk, read or worked on at a table: what goes on it. */
const ON_TABLE = new Set<ThingKind>(['food', 'object']);

/**
 * "a family eating dinner at a table", "a student studying at a desk": the subjects sit at the table
 * and what they eat or work on is on it (the board game's layout, plan 'between'), not in a hand
 * beside a small table.
 */
function setTheTable(plan: ScenePlan): void {
  // A meal is eaten at a table, named or not.
  const meal = plan.props.find((p) => MEALS.has(p.word) && p.placement !== 'under');
  if (meal) meal.placement = 'between';
  const table = plan.props.find((p) => TABLES.has(p.word) && p.placement !== 'under');
  if (!table) return;
  if (meal) {
    plan.props = plan.props.filter((p) => p !== table);
    return;
  }
  const onIt = plan.props.find((p) => p !== table && ON_TABLE.has(p.kind) && !WEARABLE.has(p.word) && (p.placement === 'held' || p.placement === 'in' || p.placement === 'beside'));
  if (!onIt) return;
  plan.props = plan.props.filter((p) => p !== table);
  onIt.placement = 'between';
}

function addImpliedProps(plan: ScenePlan): void {
  const main = plan.subjects[0];
  const implied = [...plan.actions.flatMap((a) => IMPLIED[a] ?? []), ...(main ? (CARRIED[main.word] ?? CARRIED[singular(main.word)] ?? main.adjectives.map((a) => CARRIED[a]).find(Boolean) ?? []) : [])];
  for (const [word, placement] of implied) {
    const entry = fromVocab(word);
    if (!entry) continue;
    // A named thing in the same place or drawn the same wins: "reading a map" holds the map, not a
    // book; "a witch on a broomstick" rides it, with no second broom in the hand.
    if (plan.props.some((p) => p.word === word || p.placement === placement || (entry.icon && p.icon === entry.icon))) continue;
    plan.props.push({ phrase: word, word, icon: entry.icon, kind: entry.kind, ...(entry.figure ? { figure: entry.figure } : {}), count: 1, adjectives: [], placement });
  }
}
