/**
 * Staging: the scene plan (plan/plan.ts) drawn around, or instead of, the engine's figure. People
 * and the engine's animals stay figures; every other subject is its Fluent Emoji icon, tinted to
 * its colour and outlined on the outlined looks; props go where the plan places them (in the
 * hands, underfoot, worn, in the pan, beside, above, behind), in scale with the subject; the
 * setting's time of day, weather and season change the sky and the light. Everything is drawn in
 * the figure's own coordinates (figure.ts: a 600×1000 box standing on y = 1000; the bust build is
 * 1000×1000), so every trend places a staged subject exactly as it places a figure.
 */
import { hasIcon, icon as engineIcon } from './icons.js';
import { iconBody } from './plan/icons.js';
import { BEDS, BOATS, PLAYED_AT, type PlannedThing, type PlanPose, type ScenePlan } from './plan/plan.js';
import { ENGINE_ONLY } from './plan/vocabulary.js';
import { glows, over, renderSvg, type Raw } from './raster.js';
import { clouds, petals, rain } from './trends/decor.js';
import { hsl, toHsl } from './util/color.js';
import type { Rng } from './util/rng.js';
import { hashString } from './util/rng.js';
import { r } from './util/svg.js';
import type { TrendContext } from './types.js';

/**
 * Where the stage draws a thing: the plan's placements, plus 'companion' (another subject), 'sky',
 * 'place' (the named place behind), 'below' (what a flyer flies over), 'stove' (the cooker the
 * subject cooks at), 'played' (a piano or drums the seated subject plays) and 'climbed' (a tree or a
 * ladder the subject is half way up).
 */
type Where = 'held' | 'under' | 'worn' | 'in' | 'beside' | 'above' | 'background' | 'between' | 'companion' | 'sky' | 'place' | 'below' | 'stove' | 'played' | 'climbed';

export interface StagedThing {
  thing: PlannedThing;
  where: Where;
}

/** What the figure spec carries from the plan (see figure.ts figureFromPrompt). */
export interface Stage {
  /** The main subject drawn as an icon instead of the figure (a dragon, a car, a cupcake). */
  subject?: PlannedThing;
  /** How many of the main subject (1–4). */
  copies: number;
  things: StagedThing[];
  /** The main subject's pose (the plan's): the figure sits, lies, rides, runs, flies or balances. */
  pose: PlanPose;
  /** Sleeping: closed eyes (figure.ts) and a few Zs over the head. */
  asleep?: boolean;
  /** Lying in the grass: blades in front of the body. */
  grass?: boolean;
  /** By a lake, a river, the sea: water behind the subject's feet (the place has no icon of its own); frozen, ice. */
  shore?: boolean | 'frozen';
  /** On a stage: boards under the feet and spotlights. */
  platform?: boolean;
  /** Under the water: blue all round, bubbles rising, no surface in front. */
  underwater?: boolean;
  /** The main subject's words (a pirate captain's sail is black). */
  subjectWord?: string;
  /** Rowing or paddling: a boat without a sail, an oar in the hands. */
  rowing?: boolean;
}

/** Words drawn in the sky whatever the preposition. */
const SKY = new Set(['moon', 'sun', 'star', 'stars', 'rainbow', 'cloud', 'clouds', 'comet', 'fireworks', 'lightning', 'aurora', 'galaxy', 'planet', 'planets', 'airplane', 'plane', 'kite', 'bird', 'birds']);
/** Things ridden flat underfoot. */
const BOARDS = new Set(['surfboard', 'skateboard', 'ski', 'skis', 'snowboard', 'sled', 'sledge', 'board', 'roller skate']);
/** Face-only person icons and the whole-body figure drawn for them as a companion ("with his grandpa", "a bride and groom"). */
const FULL_BODY: Record<string, string> = {
  man: 'man-standing', 'old-man': 'man-standing', boy: 'man-standing', woman: 'woman-standing', 'old-woman': 'woman-standing', girl: 'woman-standing',
  person: 'person-standing', child: 'person-standing', 'older-person': 'person-standing', 'people-hugging': 'person-standing',
};
const SMALL_PEOPLE = new Set(['boy', 'girl', 'child']);
/** Worn on the feet, one a foot. */
const SKATES = new Set(['ice skates', 'ice skate', 'skate', 'skates']);
/** Worn things the figure draws itself. */
const HEADWEAR: Record<string, 'hat' | 'cap' | 'crown' | 'helmet' | 'headphones' | 'chef'> = {
  hat: 'hat', sunhat: 'hat', 'top hat': 'hat', cap: 'cap', crown: 'crown', tiara: 'crown', helmet: 'helmet', headphones: 'headphones',
};
const EYEWEAR = new Set(['glasses', 'sunglasses', 'goggles']);
/** Things sat on: behind the subject (a chair's back would cover the face if drawn in front). */
const SEATS = new Set(['sofa', 'couch', 'chair', 'stool', 'throne', 'bench', 'bed', 'armchair']);
/**
 * Place icons that are whole framed scenes (a city on a rounded tile): as a thing they read as a
 * box, so the trend's backdrop shows the place instead (backgrounds.ts picks it from the prompt).
 */
const TILE_PLACES = new Set(['cityscape', 'cityscape-at-dusk', 'national-park', 'sunrise-over-mountains', 'night-with-stars', 'milky-way', 'desert', 'railway-track', 'motorway']);
/** The named place as a thing to draw behind the subject, unless its icon is a framed scene. */
function placeThing(plan: ScenePlan): PlannedThing | undefined {
  const { place, placeIcon } = plan.setting;
  if (!place || !placeIcon || TILE_PLACES.has(placeIcon)) return undefined;
  // Drawn by the backdrop or the stage itself: a kitchen or a cafe (backgrounds.ts), water (a
  // shore), ice (a snowy ground), a stage (boards and spotlights); never a pan, a wave or an ice
  // cube behind the subject.
  if (DRAWN_PLACES.test(place) || placeIcon === 'water-wave') return undefined;
  return { phrase: place, word: place.split(' ').pop() ?? place, icon: placeIcon, kind: 'building', count: 1, adjectives: [] };
}

const ROW = new Set(['row', 'paddle', 'canoe', 'kayak']);
const DRAWN_PLACES = /\b(gym|gymnasium|kitchen|cafe|coffee shop|bakery|restaurant|diner|ice|arctic|antarctica|tundra|stage|concert|club|nightclub)\b/;
const WATER_PLACES = /\b(lake|river|pond|sea|ocean|water|pool|swimming pool|pier|dock|jetty|harbour|harbor)\b/;

/** Sleeping, whatever the pose. */
export const SLEEP = new Set(['sleep', 'nap', 'doze', 'snooze']);
/** Actions done at a cooker: the subject stands behind one, the pan over its hob. */
export const COOKING = new Set(['cook', 'fry', 'bake', 'boil', 'stir', 'flip']);
const CHAIR: PlannedThing = { phrase: 'chair', word: 'chair', icon: 'chair', kind: 'object', count: 1, adjectives: [] };
const STOVE: PlannedThing = { phrase: 'stove', word: 'stove', icon: null, kind: 'object', count: 1, adjectives: [] };
const LOG: PlannedThing = { phrase: 'log', word: 'log', icon: 'wood', kind: 'object', count: 1, adjectives: [] };
/** Places with walls: a figure sitting there with no seat named sits on a chair (outdoors, on a log). */
const INDOOR = /\b(room|bedroom|living room|kitchen|cafe|coffee shop|bakery|restaurant|diner|library|office|classroom|school|house|home|ballroom|castle|palace|museum|hospital|lab|laboratory|stage|gym)\b/;
/** Flown in: the pilot sits in it, the aircraft level under the hips. */
const AIRCRAFT = new Set(['airplane', 'plane', 'aeroplane', 'jet', 'biplane', 'helicopter']);

/** The plan's things sorted into the places the stage draws them. */
export function stageFromPlan(plan: ScenePlan, figureDrawn: boolean): Stage {
  const [main, ...others] = plan.subjects;
  const things: StagedThing[] = others.map((thing) => ({ thing, where: 'companion' }));
  for (const p of plan.props) {
    // A held animal ("a pirate with a parrot") keeps the subject company rather than sit in a fist;
    // what a flyer flies over ("over the moon") is below it, not in the sky.
    // (a broom or a carpet flown on stays under the flyer); a held person ("with his grandpa") stands beside as company.
    const flownOver = plan.pose === 'fly' && p.placement === 'under' && (SKY.has(p.word) || p.kind === 'building' || p.kind === 'plant' || p.kind === 'place');
    const played = plan.pose === 'sit' && p.placement === 'beside' && PLAYED_AT.has(p.word);
    const climbed = plan.actions.includes('climb') && p.placement === 'under' && (p.kind === 'plant' || p.word === 'ladder');
    // A plane flown, ridden in: under the pilot, not in the sky beside it.
    const flown = p.placement === 'under' && p.kind === 'vehicle';
    const where: Where = climbed ? 'climbed' : played ? 'played' : flownOver ? 'below' : SKY.has(p.word) && !flown ? 'sky' : p.placement === 'held' && p.kind === 'person' ? 'companion' : p.placement === 'held' && (p.kind === 'animal' || p.kind === 'creature') ? 'beside' : p.placement;
    if (figureDrawn && where === 'worn' && (HEADWEAR[p.word] || EYEWEAR.has(p.word))) continue;
    things.push({ thing: p, where });
  }
  // Sitting with no seat named: on a chair indoors or with no place, on a log outdoors (by a campfire, in a forest).
  if (figureDrawn && main?.figure && plan.pose === 'sit' && !things.some((t) => t.where === 'under' || t.where === 'in' || t.where === 'between' || t.where === 'played')) {
    const place = plan.setting.place ?? '';
    const outdoors = !INDOOR.test(place) && (place !== '' || plan.props.some((p) => p.kind === 'plant' || /fire$/.test(p.word)));
    things.push({ thing: outdoors ? LOG : CHAIR, where: 'under' });
  }
  // Cooking: at a stove, in front of the cook (unless a held pan is all the prompt has room for: no figure, no hands).
  if (figureDrawn && main?.figure && plan.actions.some((a) => COOKING.has(a)) && !things.some((t) => t.thing.word === 'stove')) things.push({ thing: STOVE, where: 'stove' });
  // The named place ("in a castle", "in a kitchen") stands behind the subject.
  const place = placeThing(plan);
  // A flyer flies over it ("flying over the moon"): below, not behind.
  if (place) things.push({ thing: place, where: plan.pose === 'fly' ? 'below' : 'place' });
  const asleep = plan.actions.some((a) => SLEEP.has(a));
  const grass = plan.pose === 'lie' && /\b(grass|lawn|meadow|field|park|garden)\b/.test(plan.setting.place ?? '');
  // Water behind the feet, unless the subject is in it (swimming) or on it (a boat draws its own sea).
  const afloat = plan.pose === 'swim' || plan.props.some((p) => p.placement === 'under' && (BOATS.has(p.word) || p.word === 'surfboard'));
  const shore = !afloat && WATER_PLACES.test(plan.setting.place ?? '') ? (/\b(frozen|icy|ice)\b/.test(plan.setting.place ?? '') || plan.actions.includes('iceskate') ? 'frozen' : true) : false;
  const platform = /\b(stage|concert|club|nightclub)\b/.test(plan.setting.place ?? '');
  const underwater = /\bunderwater\b/.test(plan.setting.place ?? '');
  return {
    subject: main && !main.figure ? main : undefined, copies: Math.max(1, Math.min(4, main?.count ?? 1)), things, pose: plan.pose ?? 'stand',
    ...(asleep ? { asleep } : {}), ...(grass ? { grass } : {}), ...(shore ? { shore } : {}), ...(platform ? { platform } : {}), ...(underwater ? { underwater } : {}), ...(main ? { subjectWord: main.phrase } : {}), ...(plan.actions.some((a) => ROW.has(a)) ? { rowing: true } : {}),
  };
}

/** What a figure wears from the plan: headwear and glasses the figure draws itself. */
export function wornByFigure(plan: ScenePlan): { headwear?: 'hat' | 'cap' | 'crown' | 'helmet' | 'headphones' | 'chef'; glasses: boolean } {
  const worn = plan.props.filter((p) => p.placement === 'worn');
  const hat = worn.map((p) => HEADWEAR[p.word]).find(Boolean);
  return { ...(hat ? { headwear: hat } : {}), glasses: worn.some((p) => EYEWEAR.has(p.word)) };
}

// ---- icons ------------------------------------------------------------------------------------

const HEX = /#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![0-9a-zA-Z])/g;
const restyled = new Map<string, string>();

/** The colours of an icon moved to `tint`'s hue, keeping each one's shading; greys and white stay. */
function tintColours(body: string, tint: string): string {
  const [th, ts, tl] = toHsl(tint);
  const lift = (tl - 0.5) * 0.5;
  return body.replace(HEX, (m) => {
    const [, s, l] = toHsl(m);
    if (s < 0.12 || l > 0.94 || l < 0.06) return m;
    return hsl(th, Math.min(1, ts * (0.55 + s * 0.5)), Math.max(0.04, Math.min(0.96, l + lift)));
  });
}

/**
 * A Fluent Emoji icon as SVG content in a 100×100 box: ids made unique per style, colours moved
 * to `tint`, and on outlined looks a dark silhouette drawn behind it (the ink line). Cached: the
 * same icon in the same style is parsed and restyled once per process.
 */
export function emojiSvg(name: string, tint?: string, outline?: string): string | null {
  const key = `${name}|${tint ?? ''}|${outline ?? ''}`;
  const hit = restyled.get(key);
  if (hit !== undefined) return hit || null;
  const data = iconBody(name);
  if (!data) {
    restyled.set(key, '');
    return null;
  }
  const prefix = `e${hashString(key).toString(36)}`;
  // The set's soft-blur filters cost ten times the rest of an icon in librsvg at these sizes: the
  // shapes stay, drawn crisp.
  let body = data.body.replace(/\sfilter="[^"]*"/g, '').replace(/id="([^"]+)"/g, `id="${prefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`).replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  if (tint) body = tintColours(body, tint);
  let ink = '';
  if (outline) {
    // The silhouette: every shape filled with the ink and stroked wider, behind the icon.
    const shapes = body.replace(/<defs>[\s\S]*?<\/defs>/g, '').replace(/\s(fill|stroke)="(?!none)[^"]*"/g, ` $1="${outline}"`).replace(/\s(fill-)?opacity="[^"]*"/g, '');
    ink = `<g stroke="${outline}" stroke-width="1.6" stroke-linejoin="round">${shapes}</g>`;
  }
  const k = 100 / Math.max(data.width, data.height);
  const svg = `<g transform="scale(${k.toFixed(4)})">${ink}${body}</g>`;
  if (restyled.size < 2000) restyled.set(key, svg);
  return svg;
}

/**
 * A planned thing in a 100×100 box: its emoji icon, else the engine's own drawing of the word
 * (surfboard, dumbbell), else a badge with its initial (never an unrelated picture).
 */
export function thingSvg(t: Pick<PlannedThing, 'icon' | 'word' | 'colour'>, accent: string, outline?: string): string {
  if (t.icon) {
    const svg = emojiSvg(t.icon, t.colour, outline);
    if (svg) return svg;
  }
  const own = t.word.replace(/s$/, '');
  const engine = ENGINE_ONLY.get(t.word)?.engineIcon;
  if (engine) return engineIcon(engine, t.colour ?? accent);
  if (hasIcon(t.word)) return engineIcon(t.word, t.colour ?? accent);
  if (hasIcon(own)) return engineIcon(own, t.colour ?? accent);
  return engineIcon('', t.colour ?? accent, t.word);
}

/** Things beside the subject that stand as tall as it (an easel, a ladder), not a hand's size. */
const STANDING = new Set(['easel', 'ladder', 'door', 'mirror', 'bookshelf', 'bookcase', 'stove', 'cooker']);
/** Long things held (a fishing rod, a guitar, a hose): drawn larger in the hand than a cup or a book. */
const LONG_HELD = new Set(['fishing rod', 'rod', 'fishing pole', 'guitar', 'violin', 'cello', 'banjo', 'saxophone', 'trumpet', 'broom', 'broomstick', 'hose', 'umbrella', 'flag', 'bow', 'watering can']);
/** How much larger than usual the figure draws what it holds. */
export function heldScale(stage: Stage | undefined): number {
  const held = stage?.things.find((s) => s.where === 'held');
  return held && LONG_HELD.has(held.thing.word) ? 1.45 : 1;
}

/** What the hand holds: the held thing, with what is cooked in it on top ("pancakes in a pan"). */
export function heldSvg(stage: Stage, accent: string, outline?: string): string | undefined {
  const held = stage.things.find((s) => s.where === 'held');
  if (!held) return undefined;
  let svg = thingSvg(held.thing, accent, outline);
  const inside = stage.things.find((s) => s.where === 'in');
  if (inside && CONTAINERS.has(held.thing.word)) svg += `<g transform="translate(8 -4) scale(0.7)">${thingSvg(inside.thing, accent, outline)}</g>`;
  return svg;
}
const CONTAINERS = new Set(['pan', 'pot', 'bowl', 'plate', 'basket', 'cup', 'mug', 'wok', 'tray', 'box', 'bucket', 'jar', 'cauldron']);

// ---- layout -----------------------------------------------------------------------------------

interface Geometry {
  cx: number;
  foot: number;
  /** Half the width of the main subject group, and the top of its head. */
  half: number;
  top: number;
  /** Where a figure's face is (nothing goes in front of it). */
  headBottom: number;
}

export interface StageDrawing {
  back: string;
  front: string;
  /**
   * The main subject copies: translate + scale about the feet, back to front; `dy` lifts a flyer
   * off the ground and `rot` leans it into the flight (degrees about its middle), `flip` mirrors a
   * player on the right of a board game to face the other; `lie` lays the figure down, turned by
   * that many degrees about the middle of its box (head to the left), before it is scaled and moved.
   */
  copies: Array<{ dx: number; s: number; dy?: number; flip?: boolean; rot?: number; lie?: number }>;
  /** The subject icon (when no figure is drawn), in local coordinates. */
  subject?: string;
  /** Local bounds of everything drawn. */
  bounds: { x0: number; y0: number; x1: number; y1: number };
}

const COPIES: Record<number, { gap: number; s: number }> = { 1: { gap: 0, s: 1 }, 2: { gap: 380, s: 0.8 }, 3: { gap: 310, s: 0.68 }, 4: { gap: 250, s: 0.58 } };
/** How far a flyer is lifted off the ground, in the figure's units, and how far it leans into the flight. */
export const FLY_LIFT = 260;
export const FLY_LEAN = 18;
/**
 * Per build, where a figure's hand is in the holding pose (figure.ts: the right arm at 70°) and
 * the top of its hips: a board game's table and a cooker's hob go just under the hand, a seat
 * under the hips.
 */
const HAND_Y = { chibi: 596, doll: 440 } as const;
const SEAT_Y = { chibi: 770, doll: 560 } as const;
/** Where the hands are reaching forward and down (figure.ts: both arms at 40°), at a piano or drums. */
const PLAY_HAND_Y = { chibi: 690, doll: 545 } as const;
/** A lying figure: turned head to the left (a little up, as on a pillow), and its size against a standing one. */
export const LIE_ANGLE = -82;
const LIE_SCALE = 0.78;
/**
 * What a figure lies on, and where the middle of its body is then (above the feet line, in the
 * figure's units): on the ground or a towel, on a sofa, in bed, in a hammock slung between posts.
 */
type Bedding = 'ground' | 'flat' | 'seat' | 'bed' | 'hammock';
const LIE_MID: Record<Bedding, number> = { ground: 300, flat: 300, seat: 380, bed: 420, hammock: 420 };
/** On the ground or a towel the body lies a little way back from the feet line (the frame's edge is near it). */
const LIE_FLOOR = 70;
function beddingOf(thing: PlannedThing | undefined): Bedding {
  if (!thing) return 'ground';
  if (thing.word === 'hammock') return 'hammock';
  // A bed by any name (a crib, a cot): the bed's icon.
  if (thing.icon === 'bed') return 'bed';
  return SEATS.has(thing.word) ? 'seat' : 'flat';
}

/** How far a climber is lifted up its tree or ladder, in the figure's units. */
export const CLIMB_LIFT = 230;
/** How far a rider is lifted at most (a horse's legs are long): past it, the hooves are cut by the frame. */
const MAX_RIDE_LIFT = 220;
const sizeScale = (t: PlannedThing) => (t.size === 'large' ? 1.25 : t.size === 'small' ? 0.8 : 1);

/** Ridden astride like a horse: an animal, a dinosaur, a dragon, a unicorn. */
const RIDDEN_KINDS = new Set(['animal', 'creature']);
/** Ridden with the rider astride (the rider sits over it): the rest are sat in (a car, a boat). */
const ASTRIDE = new Set(['bicycle', 'bike', 'motorcycle', 'motorbike', 'scooter', 'moped', 'vespa', 'unicycle']);

/** The swell a surfboard rides: blue water rising to a foam line at the feet, across the frame's width. */
function surfWater(cx: number, foot: number, ink = '#1a4f80', bottom = foot + 210, half = 560): string {
  const y = foot - 30;
  // Stretched sideways to `half` (a swimmer's sea runs off the frame's sides).
  if (half !== 560) return `<g transform="translate(${cx} 0) scale(${(half / 560).toFixed(3)} 1) translate(${-cx} 0)">${surfWater(cx, foot, ink, bottom)}</g>`;
  const d = `M${cx - 560},${y + 40} C${cx - 380},${y - 10} ${cx - 220},${y + 50} ${cx - 60},${y} S${cx + 300},${y - 30} ${cx + 560},${y + 30} V${bottom} H${cx - 560}Z`;
  return `<path d="${d}" fill="#2f8fd8" stroke="${ink}" stroke-width="8" stroke-opacity="0.6"/><path d="M${cx - 560},${y + 110} C${cx - 300},${y + 80} ${cx - 100},${y + 140} ${cx + 120},${y + 100} S${cx + 420},${y + 90} ${cx + 560},${y + 120} V${bottom} H${cx - 560}Z" fill="#1f6fb8" opacity="0.8"/>` +
    `<path d="M${cx - 560},${y + 40} C${cx - 380},${y - 10} ${cx - 220},${y + 50} ${cx - 60},${y} S${cx + 300},${y - 30} ${cx + 560},${y + 30}" fill="none" stroke="#ffffff" stroke-width="22" stroke-linecap="round" opacity="0.9"/>`;
}
/** Foam thrown up off the board's tail and in front of it. */
function spray(cx: number, foot: number, ink = '#1a4f80'): string {
  const blobs: Array<[number, number, number]> = [[-330, 10, 46], [-390, -30, 34], [-300, -50, 28], [-440, 20, 30], [-250, 40, 36], [200, 60, 30], [280, 50, 24]];
  return blobs.map(([dx, dy, rr]) => `<circle cx="${cx + dx}" cy="${foot + dy}" r="${rr}" fill="#ffffff" stroke="${ink}" stroke-width="4" stroke-opacity="0.4"/>`).join('');
}

/** Motion lines: a white streak with a faint ink edge, from (x, y) by (dx, dy). */
function streak(x: number, y: number, dx: number, dy: number, ink = STREAK_INK): string {
  const d = `M${r(x)},${r(y)} l${r(dx)},${r(dy)}`;
  return `<path d="${d}" stroke="${ink}" stroke-opacity="0.45" stroke-width="30" stroke-linecap="round"/><path d="${d}" stroke="#ffffff" stroke-width="16" stroke-linecap="round" opacity="0.95"/>`;
}
const STREAK_INK = '#3a2a34';

/** A beach towel lain flat on the ground, seen from above and in front: a trapezoid with bands across it. */
function towel(cx: number, foot: number, half: number, colour: string, ink: string): string {
  const top = foot - 210;
  const bottom = foot + 30;
  const at = (u: number, y: number) => {
    const k = (y - top) / (bottom - top);
    const h = half * (0.9 + 0.1 * k);
    return `${r(cx - h + 2 * h * u)},${r(y)}`;
  };
  let bands = '';
  for (const u of [0.08, 0.3, 0.52, 0.74]) bands += `<path d="M${at(u, top)} L${at(u + 0.1, top)} L${at(u + 0.1, bottom)} L${at(u, bottom)}Z" fill="${colour}"/>`;
  return `<path d="M${at(0, top)} L${at(1, top)} L${at(1, bottom)} L${at(0, bottom)}Z" fill="#fffaf0"/>${bands}<path d="M${at(0, top)} L${at(1, top)} L${at(1, bottom)} L${at(0, bottom)}Z" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>`;
}

/** Tufts of grass along the ground in front of a body lying in it. */
function grassBlades(cx: number, foot: number, half: number, ink: string): string {
  let d = '';
  for (let x = cx - half; x <= cx + half; x += 46) {
    const h = 70 + ((x * 7) % 50);
    d += `M${r(x - 18)},${r(foot + 10)} Q${r(x - 10)},${r(foot - h * 0.5)} ${r(x - 26)},${r(foot - h)} Q${r(x + 4)},${r(foot - h * 0.45)} ${r(x + 6)},${r(foot + 10)}Z M${r(x + 2)},${r(foot + 10)} Q${r(x + 14)},${r(foot - h * 0.6)} ${r(x + 30)},${r(foot - h * 0.8)} Q${r(x + 18)},${r(foot - h * 0.3)} ${r(x + 22)},${r(foot + 10)}Z `;
  }
  return `<path d="${d}" fill="#4f9a3f" stroke="${ink}" stroke-width="5" stroke-opacity="0.5" stroke-linejoin="round"/>`;
}

/** A bed seen from the side: headboard on the left (the head's end), footboard, frame, legs and mattress. */
function bedFrame(cx: number, foot: number, ink: string): string {
  const wood = '#9a6a3a';
  const st = `stroke="${ink}" stroke-width="8" stroke-linejoin="round"`;
  return `<rect x="${r(cx - 590)}" y="${r(foot - 660)}" width="90" height="660" rx="36" fill="${wood}" ${st}/>` +
    `<rect x="${r(cx + 500)}" y="${r(foot - 430)}" width="80" height="430" rx="30" fill="${wood}" ${st}/>` +
    `<rect x="${r(cx - 530)}" y="${r(foot - 300)}" width="1060" height="140" rx="14" fill="${wood}" ${st}/>` +
    `<rect x="${r(cx - 520)}" y="${r(foot - 360)}" width="1030" height="90" rx="30" fill="#f4f1ea" ${st}/>`;
}

/** The cover over a body in bed, from under the chin to over the foot of the mattress, its top turned down. */
function bedCover(cx: number, foot: number, colour: string, ink: string): string {
  const d = `M${r(cx - 30)},${r(foot - 520)} C${r(cx + 150)},${r(foot - 570)} ${r(cx + 350)},${r(foot - 540)} ${r(cx + 520)},${r(foot - 470)} L${r(cx + 530)},${r(foot - 250)} L${r(cx - 40)},${r(foot - 250)}Z`;
  return `<path d="${d}" fill="${colour}" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M${r(cx - 30)},${r(foot - 520)} C${r(cx)},${r(foot - 530)} ${r(cx + 40)},${r(foot - 530)} ${r(cx + 70)},${r(foot - 528)} L${r(cx + 60)},${r(foot - 250)} L${r(cx - 40)},${r(foot - 250)}Z" fill="#ffffff" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>`;
}

/** A hammock slung from (cx ± ax): the ropes and its far side behind the body, its near side in front. */
function hammock(cx: number, foot: number, ax: number, colour: string, ink: string): { back: string; front: string } {
  const ay = foot - 650;
  const ey = foot - 470;
  const ex = ax - 190;
  const ropes = [-1, 1].map((m) => `<path d="M${r(cx + m * ax)},${r(ay)} L${r(cx + m * ex)},${r(ey)} M${r(cx + m * ax)},${r(ay)} L${r(cx + m * (ex + 10))},${r(ey + 40)}" stroke="${ink}" stroke-width="12" stroke-linecap="round"/><path d="M${r(cx + m * ax)},${r(ay)} L${r(cx + m * ex)},${r(ey)}" stroke="#e8d8b0" stroke-width="6" stroke-linecap="round"/>`).join('');
  const back = `<path d="M${r(cx - ex)},${r(ey)} Q${r(cx)},${r(foot - 430)} ${r(cx + ex)},${r(ey)} Q${r(cx)},${r(foot - 120)} ${r(cx - ex)},${r(ey)}Z" fill="${colour}" stroke="${ink}" stroke-width="8" opacity="0.85"/>`;
  const near = `M${r(cx - ex)},${r(ey)} Q${r(cx)},${r(foot - 190)} ${r(cx + ex)},${r(ey)} Q${r(cx)},${r(foot - 100)} ${r(cx - ex)},${r(ey)}Z`;
  const stripe = (dy: number) => `<path d="M${r(cx - ex + 30)},${r(ey + 20 + dy * 0.3)} Q${r(cx)},${r(foot - 175 + dy)} ${r(cx + ex - 30)},${r(ey + 20 + dy * 0.3)}" fill="none" stroke="#ffffff" stroke-width="14" opacity="0.85"/>`;
  const front = `<path d="${near}" fill="${colour}"/>${stripe(25)}${stripe(55)}<path d="${near}" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>`;
  return { back: ropes + back, front };
}

/** A wooden hull seen from the side, its rail at `rail`, bow to the right; stood in, it covers the legs. */
function hull(cx: number, rail: number, foot: number, colour: string, ink: string): string {
  const d = `M${cx - 460},${rail} H${cx + 400} Q${cx + 520},${rail - 40} ${cx + 560},${rail - 70} L${cx + 420},${foot + 70} H${cx - 400} Q${cx - 470},${foot - 40} ${cx - 460},${rail}Z`;
  const planks = [0.3, 0.6].map((k) => `<path d="M${cx - 450},${r(rail + (foot + 70 - rail) * k)} H${cx + 500 - 100 * k}" stroke="${ink}" stroke-width="6" opacity="0.45"/>`).join('');
  return `<path d="${d}" fill="#8a5a34" stroke="${ink}" stroke-width="9" stroke-linejoin="round"/>${planks}<path d="M${cx - 460},${rail + 26} H${cx + 420}" stroke="${colour}" stroke-width="22"/><path d="M${cx - 470},${rail} H${cx + 410}" stroke="${ink}" stroke-width="16" stroke-linecap="round"/><path d="M${cx - 470},${rail} H${cx + 410}" stroke="#b07a48" stroke-width="8" stroke-linecap="round"/>`;
}
/** A mast and a billowing sail behind the sailor (a dark one with a skull for a pirate). */
function mastAndSail(cx: number, rail: number, ink: string, pirate: boolean): string {
  const x = cx + 250;
  const top = rail - 1050;
  const sail = pirate ? '#2a2a32' : '#fffaf0';
  const d = `M${x + 14},${top + 90} Q${x + 330},${top + 330} ${x + 14},${rail - 140} Z`;
  const skull = pirate ? `<circle cx="${x + 130}" cy="${top + 330}" r="44" fill="#f4f1ea"/><path d="M${x + 80},${top + 400} l100,60 M${x + 180},${top + 400} l-100,60" stroke="#f4f1ea" stroke-width="18" stroke-linecap="round"/><circle cx="${x + 114}" cy="${top + 326}" r="10" fill="#2a2a32"/><circle cx="${x + 146}" cy="${top + 326}" r="10" fill="#2a2a32"/>` : '';
  return `<rect x="${x - 14}" y="${top}" width="28" height="${rail - top}" rx="8" fill="#7a4e2c" stroke="${ink}" stroke-width="8"/><path d="${d}" fill="${sail}" stroke="${ink}" stroke-width="9" stroke-linejoin="round"/>${skull}`;
}
/** Water behind the feet (a lake, a river, the sea): a band from the far shore to just behind the subject, with ripples. */
function shoreWater(cx: number, foot: number, ink: string, frozen = false): string {
  const [water, rim, streak] = frozen ? ['#d6ecf7', '#9cc8e0', '#ffffff'] : ['#4aa3df', '#2f7fbf', '#ffffff'];
  const far = foot - 250;
  // Frozen, it is stood on: the ice runs under the feet to the frame's bottom.
  const near = frozen ? foot + 260 : foot - 70;
  const d = `M${cx - 1000},${far + 20} Q${cx - 500},${far - 10} ${cx},${far} T${cx + 1000},${far + 10} V${near} Q${cx + 500},${near + 30} ${cx},${near + 10} T${cx - 1000},${near}Z`;
  const ripples = [[-620, 0.35, 150], [-180, 0.6, 120], [380, 0.4, 160], [700, 0.7, 110], [-820, 0.75, 90]].map(([dx, k, w]) => `<path d="M${cx + dx - w / 2},${r(far + (near - far) * k)} h${w}" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.75"/>`).join('');
  return `<path d="${d}" fill="${water}" stroke="${ink}" stroke-width="6" stroke-opacity="0.5"/><path d="M${cx - 1000},${far + 20} Q${cx - 500},${far - 10} ${cx},${far} T${cx + 1000},${far + 10}" fill="none" stroke="${rim}" stroke-width="14"/>${ripples.replace(/stroke="#ffffff"/g, `stroke="${streak}"`)}`;
}
/** A stage: wooden boards under the feet, a curtain's edge each side and two spotlights' beams. */
function platformBoards(cx: number, foot: number, ink: string): string {
  const beams = [-1, 1].map((m) => `<path d="M${cx + m * 760},-200 L${cx + m * 120},${foot - 40} L${cx - m * 260},${foot - 40}Z" fill="#fff6c8" opacity="0.28"/>`).join('');
  const curtains = [-1, 1].map((m) => `<path d="M${cx + m * 1000},-300 H${cx + m * 700} Q${cx + m * 640},${foot - 500} ${cx + m * 760},${foot - 60} H${cx + m * 1000}Z" fill="#b0283a" stroke="${ink}" stroke-width="8"/>`).join('');
  const boards = `<path d="M${cx - 1000},${foot - 60} H${cx + 1000} V${foot + 140} H${cx - 1000}Z" fill="#a8743f" stroke="${ink}" stroke-width="8"/>` +
    [0, 1, 2].map((i) => `<path d="M${cx - 1000},${foot - 10 + i * 50} H${cx + 1000}" stroke="${ink}" stroke-width="4" opacity="0.35"/>`).join('');
  return curtains + beams + boards;
}

/** Three Zs rising from a sleeper's head. */
function zzz(x: number, y: number, ink: string): string {
  return [0, 1, 2].map((i) => {
    const k = 46 + i * 22;
    const zx = x + i * 70;
    const zy = y - i * 110;
    const d = `M${r(zx)},${r(zy)} h${k} l${-k},${r(k * 1.1)} h${k}`;
    return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${r(k * 0.42)}" stroke-linejoin="round" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#ffffff" stroke-width="${r(k * 0.2)}" stroke-linejoin="round" stroke-linecap="round"/>`;
  }).join('');
}

/** Lays the stage out in the figure's local box for a build; `hasHands`: a figure holds the held thing. */
export function drawStage(stage: Stage, build: 'chibi' | 'doll' | 'bust', accent: string, outline: string | undefined, hasHands: boolean): StageDrawing {
  const bust = build === 'bust';
  const g: Geometry = bust ? { cx: 500, foot: 1000, half: 420, top: 150, headBottom: 590 } : { cx: 300, foot: 1000, half: 230, top: build === 'chibi' ? 110 : 78, headBottom: build === 'chibi' ? 500 : 310 };
  const n = stage.copies;
  const c = COPIES[n] ?? COPIES[1];
  const lift = stage.pose === 'fly' && !bust ? FLY_LIFT : 0;
  // Half way up a tree or a ladder: lifted off the ground in front of it.
  const climbLift = !bust && !stage.subject && stage.things.some((t) => t.where === 'climbed') ? CLIMB_LIFT : 0;
  const game = stage.things.some((t) => t.where === 'between');
  // Ridden astride (a bicycle, a horse): the rider is lifted so the wheels or the hooves stand on the
  // ground instead of running out of the frame below it (an icon fills about 7/8 of its box).
  const mount = stage.pose === 'ride' && !bust && !stage.subject ? stage.things.find((t) => t.where === 'under' && (ASTRIDE.has(t.thing.word) || RIDDEN_KINDS.has(t.thing.kind))) : undefined;
  const mountAnimal = !!mount && RIDDEN_KINDS.has(mount.thing.kind);
  const mountSize = mount ? (mountAnimal ? 820 : 680) * sizeScale(mount.thing) : 0;
  const mountY = mount ? SEAT_Y[build as 'chibi' | 'doll'] - (mountAnimal ? 0.3 : 0.36) * mountSize + mountSize / 2 : 0;
  const rideLift = mount ? Math.max(0, Math.min(MAX_RIDE_LIFT, mountY + 0.44 * mountSize - g.foot)) : 0;
  // Lying (a figure, not an icon subject): on what the plan put under it, else on the ground.
  const lying = stage.pose === 'lie' && !bust && !stage.subject;
  const lain = lying ? stage.things.find((t) => t.where === 'under' && (BEDS.has(t.thing.word) || SEATS.has(t.thing.word))) : undefined;
  const bedding = beddingOf(lain?.thing);
  const lieS = c.s * LIE_SCALE;
  /** The middle of the (front) lying body. */
  const mid = { x: g.cx, y: g.foot - LIE_MID[bedding] };
  const copies: StageDrawing['copies'] = Array.from({ length: n }, (_, i) => {
    if (lying) {
      // Side by side in depth: the ones behind a little higher and to the left.
      const k = n - 1 - i;
      const dy = mid.y - g.foot + 500 * lieS - k * 170 * c.s;
      return { dx: (i - (n - 1) / 2) * 220 * c.s, s: lieS, dy, lie: LIE_ANGLE };
    }
    const dx = (i - (n - 1) / 2) * c.gap;
    return { dx, s: c.s, ...(lift ? { dy: -lift, rot: FLY_LEAN } : {}), ...(rideLift ? { dy: -rideLift } : {}), ...(climbLift ? { dy: -climbLift } : {}), ...(game && dx > 0 ? { flip: true } : {}) };
  });
  // The middle copy in front: draw the outer ones first (lying: the ones behind first).
  if (lying) copies.sort((a, b) => (a.dy ?? 0) - (b.dy ?? 0));
  else copies.sort((a, b) => Math.abs(b.dx) - Math.abs(a.dx));
  const span = lying ? 540 * c.s + (n - 1) * 80 * c.s : g.half * c.s + (n > 1 ? ((n - 1) / 2) * c.gap : 0);
  const box = { x0: g.cx - span - 200, y0: g.top - 160 - lift - rideLift - climbLift, x1: g.cx + span + 200, y1: g.foot + 250 };
  const grow = (x: number, y: number, w: number, h: number) => {
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x + w);
    box.y1 = Math.max(box.y1, y + h);
  };
  /** A thing in a `size` box whose centre is (x, y); optional horizontal/vertical stretch. */
  const put = (svg: string, x: number, y: number, size: number, opts: { sx?: number; sy?: number; rotate?: number; opacity?: number } = {}) => {
    const sx = (size / 100) * (opts.sx ?? 1);
    const sy = (size / 100) * (opts.sy ?? 1);
    grow(x - 50 * sx, y - 50 * sy, 100 * sx, 100 * sy);
    const rot = opts.rotate ? ` rotate(${opts.rotate})` : '';
    const op = opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : '';
    return `<g transform="translate(${r(x)} ${r(y)}) scale(${sx.toFixed(4)} ${sy.toFixed(4)})${rot} translate(-50 -50)"${op}>${svg}</g>`;
  };

  let back = '';
  let front = '';
  /** What the subject stands on or in: in front of it, but behind what stands beside it. */
  let low = '';
  let subject: string | undefined;
  const figureH = g.foot - g.top;
  if (stage.subject) {
    const wide = stage.subject.kind === 'vehicle' || stage.subject.kind === 'building';
    const size = (wide ? 880 : 780) * (stage.subject.size === 'small' ? 0.86 : 1);
    // Icons fill about 7/8 of their box: stand the drawing on the ground line.
    subject = put(thingSvg(stage.subject, accent, outline), g.cx, g.foot - size * 0.44, size);
  }
  const side = { right: g.cx + span + 40, left: g.cx - span - 40 };
  let besides = 0;
  const beside = (svg: string, size: number, count: number) => {
    const right = besides % 2 === 0;
    besides++;
    let out = '';
    const k = Math.max(1, Math.min(3, count));
    for (let i = 0; i < k; i++) {
      const x = right ? side.right + size * (0.42 + i * 0.55) : side.left - size * (0.42 + i * 0.55);
      out += put(svg, x, g.foot - size * 0.45 - i * size * 0.04, size);
    }
    if (right) side.right += size * (0.2 + k * 0.55);
    else side.left -= size * (0.2 + k * 0.55);
    return out;
  };
  let skies = 0;
  let behind = 0;
  let held = 0;
  if (!bust && stage.underwater) {
    // Under the sea: the water all round the swimmer (behind it), light from above, bubbles rising.
    const top = g.top - 900;
    back += `<rect x="${g.cx - 2400}" y="${top}" width="4800" height="${g.foot + 900 - top}" fill="#1f78b8" opacity="0.78"/><rect x="${g.cx - 2400}" y="${top}" width="4800" height="700" fill="#8fd4f4" opacity="0.35"/>`;
    for (const [dx, dy, rr] of [[-420, -200, 34], [-380, -340, 22], [-450, -460, 16], [380, 80, 30], [420, -60, 20], [360, -180, 14], [-300, 300, 26]]) back += `<circle cx="${g.cx + dx}" cy="${g.foot - 500 + dy}" r="${rr}" fill="#ffffff" fill-opacity="0.25" stroke="#ffffff" stroke-width="6" opacity="0.9"/>`;
    grow(g.cx - 2400, top, 4800, g.foot + 900 - top);
  } else if (!bust && stage.pose === 'swim') {
    // Swimming: water up to the chest, in front of the swimmer.
    low += surfWater(g.cx, SEAT_Y[build] - 120, outline, g.foot + 500, 2400);
    grow(g.cx - 2400, SEAT_Y[build] - 200, 4800, g.foot + 700 - SEAT_Y[build]);
  }
  if (!bust && stage.shore) {
    back += shoreWater(g.cx, g.foot, outline ?? '#1a4f80', stage.shore === 'frozen');
    grow(g.cx - 1000, g.foot - 270, 2000, stage.shore === 'frozen' ? 560 : 220);
  }
  if (!bust && stage.platform) {
    back += platformBoards(g.cx, g.foot, outline ?? '#3a2a34');
    grow(g.cx - 1000, -300, 2000, g.foot + 440);
  }
  if (!bust && stage.pose === 'run') {
    // Speed lines trailing behind the runner.
    for (const [i, y] of [g.top + figureH * 0.45, g.top + figureH * 0.62, g.top + figureH * 0.8].entries()) {
      const x = g.cx - span - 20 - i * 30;
      grow(x - 260, y - 20, 280, 40);
      back += streak(x, y, -220 + i * 40, 0, outline);
    }
  }
  if (lift) {
    // Trails behind the leaning flyer, from under its feet down and away from the way it flies.
    for (const [i, dx] of [-90, 30, 150].entries()) {
      const x = g.cx - 140 + dx * c.s;
      const y = g.foot - lift + 20 + i * 40;
      grow(x - 240, y - 20, 260, 260);
      back += streak(x, y, -150 - i * 30, 150 + i * 30, outline);
    }
  }

  /**
   * Seated at something (a board game, a piano) with no seat named: each player on a chair behind
   * it, its seat under the hips, a little to the player's outer side so its back and legs show.
   */
  let seated = false;
  const chairs = () => {
    if (seated || stage.pose !== 'sit' || stage.things.some((t) => t.where === 'under')) return '';
    seated = true;
    const hip = g.foot - (g.foot - SEAT_Y[build as 'chibi' | 'doll']) * c.s;
    const C = ((g.foot - SEAT_Y[build as 'chibi' | 'doll']) / 0.45) * c.s;
    const chair = thingSvg(CHAIR, accent, outline);
    return copies.map((cp) => put(chair, g.cx + cp.dx + (cp.dx > 0 ? 1 : -1) * 150 * c.s, hip - 0.55 * C + C / 2, C, { sx: cp.flip ? 1 : -1 })).join('');
  };
  /** Things the lying layout drew itself (the bedding, the trees a hammock hangs from). */
  const drawn = new Set<StagedThing>();
  if (lying) {
    const ink = outline ?? '#3a2a34';
    const cloth = lain?.thing.colour ?? accent;
    // The head, for the pillow and the Zs: (300, 300) in the figure's box, turned about its middle (300, 500).
    const a = (LIE_ANGLE * Math.PI) / 180;
    const head = { x: mid.x + 200 * Math.sin(a) * lieS, y: mid.y - 200 * Math.cos(a) * lieS };
    const F = g.foot;
    const X = g.cx;
    if (lain) drawn.add(lain);
    switch (bedding) {
      case 'ground':
      case 'flat':
        back += `<ellipse cx="${r(X)}" cy="${r(F - LIE_FLOOR - 40)}" rx="${r(520 * c.s)}" ry="60" fill="#1a1020" opacity="0.22"/>`;
        if (bedding === 'flat') back += towel(X, F - LIE_FLOOR, 540 * c.s, cloth, ink);
        if (stage.grass) low += grassBlades(X, F - LIE_FLOOR, 560 * c.s, ink);
        break;
      case 'seat':
        // A sofa or a bench, long under the body.
        back += put(thingSvg(lain!.thing, accent, outline), X, F - 330, 900, { sx: 1.25 });
        break;
      case 'bed':
        back += bedFrame(X, F, ink) + `<ellipse cx="${r(head.x - 40)}" cy="${r(head.y + 80)}" rx="170" ry="62" fill="#ffffff" stroke="${ink}" stroke-width="8"/>`;
        low += bedCover(X, F, cloth, ink);
        grow(X - 600, F - 680, 1200, 700);
        break;
      case 'hammock': {
        // Slung between the trees the prompt names ("between palm trees"), else between two posts.
        const trees = stage.things.filter((t) => t.where === 'beside' && t.thing.kind === 'plant');
        const ends: Array<PlannedThing | undefined> = [trees[0]?.thing, trees[0]?.thing.count && trees[0].thing.count > 1 ? trees[0].thing : trees[1]?.thing];
        for (const t of trees.slice(0, ends[0] === ends[1] ? 1 : 2)) drawn.add(t);
        const ax = 620;
        for (const [i, t] of ends.entries()) {
          const x = X + (i === 0 ? -ax : ax);
          if (t) back += put(thingSvg(t, accent, outline), x + (i === 0 ? -60 : 60), F - 500, 1100);
          else back += `<rect x="${r(x - 22)}" y="${r(F - 720)}" width="44" height="720" rx="14" fill="#8a5a34" stroke="${ink}" stroke-width="8"/>`;
        }
        const hm = hammock(X, F, ax, cloth, ink);
        back += hm.back;
        low += hm.front;
        grow(X - ax - 640, F - 1120, 2 * ax + 1280, 1140);
        break;
      }
    }
    if (stage.asleep) front += zzz(head.x + 120, head.y - 260, ink);
  } else if (stage.asleep && !bust && !stage.subject) front += zzz(g.cx + 220, g.top + 40, outline ?? '#3a2a34');

  for (const entry of stage.things) {
    if (drawn.has(entry)) continue;
    const { thing } = entry;
    // Lying in a tree, in a cave: what it lies in is behind it (in front it would cover the body).
    const where = lying && entry.where === 'in' ? 'background' : entry.where;
    const svg = thingSvg(thing, accent, outline);
    const big = thing.kind === 'plant' || thing.kind === 'building' || thing.kind === 'vehicle';
    const scale = sizeScale(thing);
    switch (where) {
      case 'companion': {
        // Another person keeps the subject company as a whole figure, not a floating face.
        const body = thing.kind === 'person' && thing.icon ? FULL_BODY[thing.icon] : undefined;
        if (body) {
          // A standing figure's icon is narrow (about a third of its box): close beside the subject.
          const size = (SMALL_PEOPLE.has(thing.icon ?? '') ? 760 : 900) * scale;
          const right = besides % 2 === 0;
          besides++;
          const x = right ? side.right + size * 0.16 : side.left - size * 0.16;
          front += put(thingSvg({ ...thing, icon: body }, accent, outline), x, g.foot - size * 0.47, size);
          if (right) side.right += size * 0.36;
          else side.left -= size * 0.36;
        } else front += beside(svg, (thing.kind === 'person' ? 560 : 460) * scale, thing.count);
        break;
      }
      case 'sky': {
        const left = skies % 2 === 0;
        skies++;
        back += put(svg, g.cx + (left ? -1 : 1) * (span + 300), g.top + 30 + skies * 40, 230 * scale);
        break;
      }
      case 'place':
      case 'background': {
        if (thing.word === 'wave' || thing.word === 'waves') {
          // The wave rises behind the rider, breaking over the horizon.
          back += put(svg, g.cx - 80, g.foot - 420, 1250 * scale);
          break;
        }
        const right = behind % 2 === 0;
        behind++;
        // Behind a body lying on the ground: close by (a beach umbrella over a sunbather), on the ground it lies on.
        const flat = lying && (bedding === 'ground' || bedding === 'flat');
        const size = (big ? (flat ? 640 : 820) : 420) * scale;
        back += put(svg, g.cx + (right ? 1 : -1) * ((flat ? 320 : span) + size * 0.15), g.foot - (flat ? LIE_FLOOR : 0) - size * 0.46, size);
        break;
      }
      case 'above':
        if (big) back += put(svg, g.cx, g.foot - 560, 1150 * scale);
        else back += put(svg, g.cx, g.top - 120, 320 * scale);
        break;
      case 'climbed':
        // The tree or the ladder behind the climber, its foot on the ground line, rising past its head.
        back += put(svg, g.cx + (thing.word === 'ladder' ? 0 : 70), g.foot - 600 * scale * 0.88, 1200 * scale);
        break;
      case 'below':
        // What the flyer flies over: large, on the ground under its lifted feet.
        // Far below the lifted flyer, so small, standing on the ground line (never cut by the frame's
        // bottom): a village or buildings in the plural as a row of three, clear of the feet;
        // anything else (a castle, the moon) once, larger.
        if (thing.icon === 'houses' || (thing.kind === 'building' && thing.count > 1)) {
          const size = 300 * scale;
          for (const dx of [-380, 0, 380]) back += put(svg, g.cx + dx, g.foot - size * 0.44 + (dx === 0 ? 40 : 0), dx === 0 ? size * 0.85 : size);
        } else back += put(svg, g.cx - 60, g.foot - 460 * scale * 0.44, 460 * scale);
        break;
      case 'between': {
        if (bust) {
          front += put(svg, g.cx + 300, g.foot - 220, 320);
          break;
        }
        // A table with the game on it, just under the players' hands: between two players (the
        // one on the right mirrored to face the other), else in front of the one.
        const s1 = c.s;
        const top = g.foot - (g.foot - HAND_Y[build] - 110) * s1;
        const x = n > 1 ? g.cx : g.cx + 230;
        const T = 420 * s1;
        low += put(engineIcon('table', '#9a6a3a'), x, top - 0.34 * T + T / 2, T, { sx: n > 1 ? 1.3 : 1 });
        const B = 380 * s1;
        low += put(svg, x, top + 6 - 0.82 * B + B / 2, B, { sx: n > 1 ? 1.25 : 1 });
        back += chairs();
        break;
      }
      case 'played': {
        if (bust) {
          front += put(svg, g.cx + 300, g.foot - 220, 320);
          break;
        }
        // In front of the seated player, its top just under the hands reaching forward and down to it.
        const size = 440 * c.s * scale;
        low += put(svg, g.cx + 30, PLAY_HAND_Y[build] + size * 0.45, size, { sx: 1.25 });
        back += chairs();
        break;
      }
      case 'stove': {
        if (bust) break;
        // The cooker in front of the cook, its hob just under the hand that holds the pan.
        const top = HAND_Y[build] + 50;
        const size = (g.foot + 10 - top) / 0.86;
        low += put(svg, g.cx + 130, top - 0.14 * size + size / 2, size, { sx: Math.min(1.1, 440 / size) });
        break;
      }
      case 'under':
        if (stage.pose === 'sit' && thing.word === 'throne' && !bust && !stage.subject) {
          // A throne behind the sitter: its seat under the hips, its back rising behind the head.
          const seat = SEAT_Y[build];
          const size = (seat - (g.top - 70)) / 0.72;
          back += put(svg, g.cx, seat - 0.72 * size + size / 2, size, { sx: (build === 'chibi' ? 560 : 380) / size });
        } else if (stage.pose === 'ride' && (ASTRIDE.has(thing.word) || RIDDEN_KINDS.has(thing.kind)) && !bust && !stage.subject) {
          // Astride: the saddle (or the animal's back) under the hips, the wheels or legs in front of the rider's feet.
          low += put(svg, g.cx, mountY - rideLift, mountSize);
        } else if (lift) {
          // Flown on (a broom, a carpet): across under the lifted flyer's hips.
          low += put(svg, g.cx - 40, (build === 'doll' ? SEAT_Y.doll : SEAT_Y.chibi) - lift + 60, 620 * scale, { rotate: -10 });
        } else if (SKATES.has(thing.word) && !bust && !stage.subject) {
          // Ice skates: one on each foot, blades on the ice.
          const k = build === 'chibi' ? 48 : 24;
          for (const dx of [-k, k]) low += put(svg, g.cx + dx, g.foot - 30, build === 'chibi' ? 150 : 100);
        } else if (thing.word === 'surfboard') {
          // Surfing: the board rides the water, the swell around it and the spray off its tail.
          low += surfWater(g.cx, g.foot, outline) + put(svg, g.cx, g.foot - 10, 200, thing.icon ? { sx: 3.2, sy: 1.6 } : { sx: 3.8, sy: 1.8, rotate: 90 }) + spray(g.cx, g.foot, outline);
          grow(g.cx - 560, g.foot - 120, 1120, 330);
        } else if (BOARDS.has(thing.word)) {
          // Flat underfoot, seen from the side: the engine's own skateboard; its surfboard and the emoji boards are turned flat.
          if (hasIcon(thing.word) && thing.word !== 'surfboard') low += put(engineIcon(thing.word, thing.colour ?? accent), g.cx, g.foot - 5, 200, { sx: 3, sy: 1.6 });
          else low += put(svg, g.cx, g.foot - 10, 200, !thing.icon ? { sx: 3.8, sy: 1.8, rotate: 90 } : { sx: 3.2, sy: 1.6 });
        } else if (BOATS.has(thing.word) && !bust && !stage.subject) {
          // Stood in a boat at sea: the hull covers the legs up to the hips, a sail behind (a ship,
          // a sailboat), the sea across the frame in front of the hull's keel.
          const ink = outline ?? '#3a2a34';
          const rail = SEAT_Y[build] - 40;
          if (stage.rowing) low += `<path d="M${g.cx - 330},${rail - 330} L${g.cx + 420},${g.foot + 60}" stroke="${ink}" stroke-width="30" stroke-linecap="round"/><path d="M${g.cx - 330},${rail - 330} L${g.cx + 420},${g.foot + 60}" stroke="#c98a4a" stroke-width="16" stroke-linecap="round"/><ellipse cx="${g.cx + 400}" cy="${g.foot + 40}" rx="46" ry="100" transform="rotate(-40 ${g.cx + 400} ${g.foot + 40})" fill="#c98a4a" stroke="${ink}" stroke-width="8"/>`;
          else if (!/canoe|kayak|raft|speedboat|motorboat/.test(thing.word)) back += mastAndSail(g.cx, rail, ink, /\bpirate/.test(stage.subjectWord ?? ''));
          low += hull(g.cx, rail, g.foot, thing.colour ?? accent, ink) + surfWater(g.cx, g.foot + 20, outline, g.foot + 260, 2000);
          grow(g.cx - 2000, rail - 1060, 4000, g.foot + 260 - rail + 1060);
        } else if (AIRCRAFT.has(thing.word) && !bust && !stage.subject) {
          // Flying a plane: sat in it, the plane turned level (the emoji climbs at 45°), its body across the hips.
          const size = 1000 * scale;
          low += put(svg, g.cx + 40, SEAT_Y[build] + 60, size, { rotate: 45 });
        } else if (thing.word === 'log' && !bust && !stage.subject) {
          // A log sat on: across behind the legs, its top under the hips.
          const size = 560 * scale;
          back += put(svg, g.cx, SEAT_Y[build] + size * 0.3, size, { sx: 1.2 });
        } else if ((thing.kind === 'vehicle' || thing.kind === 'animal') && !SEATS.has(thing.word)) {
          // In the car, on the horse: it covers the legs, never the face (its box starts below the chin).
          const size = Math.min(900 * scale, g.foot + 200 - g.headBottom);
          low += put(svg, g.cx, g.headBottom + size / 2, size);
        } else {
          // A sofa, a chair, a rug: behind, the subject in front of it.
          back += put(svg, g.cx, g.foot - 300, 880 * scale);
        }
        break;
      case 'in':
        if (stage.things.some((s) => s.where === 'held' && CONTAINERS.has(s.thing.word))) break;
        {
          // In a box, in a tub: in front of the body, below the chin.
          const size = Math.min(620 * scale, g.foot + 200 - g.headBottom);
          low += put(svg, g.cx, Math.max(g.headBottom + size / 2, g.foot - 200), size);
        }
        break;
      case 'worn':
        if (stage.subject) front += put(svg, g.cx, g.foot - (stage.subject.kind === 'vehicle' ? 560 : 700), 240);
        else front += put(svg, g.cx, g.headBottom + (bust ? 150 : 40), bust ? 260 : 200);
        break;
      case 'held':
        // The figure holds the first one itself (figure.ts); the others, and an icon subject's, go beside it.
        if (hasHands && held === 0) {
          held++;
          break;
        }
        held++;
        if (stage.subject || bust) front += put(svg, g.cx + (bust ? 300 : span * 0.8), g.foot - (bust ? 220 : figureH * 0.25), (bust ? 300 : 320) * scale);
        else front += beside(svg, 300 * scale, thing.count);
        break;
      case 'beside':
        front += beside(svg, (big || STANDING.has(thing.word) ? 600 : thing.kind === 'animal' || thing.kind === 'creature' ? 440 : thing.kind === 'person' ? 560 : 300) * scale, thing.count);
        break;
    }
  }
  return { back, front: low + front, copies, subject, bounds: box };
}

// ---- setting: sky and light ---------------------------------------------------------------------

type Setting = ScenePlan['setting'];

/**
 * SVG painted over a backdrop, behind the subject: the sky of the time of day (a low sun and a
 * warm glow at sunset and dawn, a dark sky with stars and a moon at night), the weather (clouds,
 * rain, snow and a snowy ground, lightning, fog) and the season (falling leaves, petals).
 */
export function settingSky(setting: Setting, W: number, H: number, groundY: number, rng: Rng, id: string): { defs: string; body: string; dark: boolean } {
  const S = Math.min(W, H);
  let defs = '';
  let body = '';
  const horizon = Math.min(groundY, H * 0.85);
  const { timeOfDay: time, weather, season } = setting;
  const grad = (name: string, stops: Array<[number, string, number]>) => {
    defs += `<linearGradient id="${id}${name}" x1="0" y1="0" x2="0" y2="1">${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('')}</linearGradient>`;
    return `url(#${id}${name})`;
  };
  const overcast = weather === 'rain' || weather === 'storm' || weather === 'snow' || weather === 'cloudy' || weather === 'fog';
  if (time === 'sunset' || time === 'dawn') {
    const warm = time === 'sunset' ? ['#2d1b5a', '#e0506a', '#ff9a3c', '#ffd27a'] : ['#5a78c8', '#f4a0b4', '#ffc89a', '#fff0c8'];
    body += `<rect width="${W}" height="${r(horizon)}" fill="${grad('sky', [[0, warm[0], 0.75], [0.5, warm[1], 0.6], [0.85, warm[2], 0.6], [1, warm[3], 0.7]])}"/>`;
    if (!overcast) {
      const sx = W * (time === 'sunset' ? 0.72 : 0.28);
      const sy = horizon * 0.78;
      body += `<circle cx="${r(sx)}" cy="${r(sy)}" r="${r(S * 0.2)}" fill="${warm[3]}" opacity="0.3"/><circle cx="${r(sx)}" cy="${r(sy)}" r="${r(S * 0.1)}" fill="${warm[3]}" opacity="0.95"/>`;
    }
    body += `<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="${warm[1]}" opacity="0.25"/>`;
  } else if (time === 'night') {
    // Dark overhead, thinner towards the ground: the place below stays readable (a city's lights are drawn over it, withSetting).
    body += `<rect width="${W}" height="${H}" fill="${grad('night', [[0, '#050a24', 0.9], [0.45, '#0c1440', 0.72], [0.8, '#14205a', 0.5], [1, '#1a1a3a', 0.45]])}"/>`;
    if (!overcast) {
      const st = rng.fork('stars');
      for (let i = 0; i < 60; i++) body += `<circle cx="${r(st.range(0, W))}" cy="${r(st.range(0, horizon * 0.8))}" r="${r(S * st.range(0.0015, 0.004))}" fill="#ffffff" opacity="${st.range(0.5, 1).toFixed(2)}"/>`;
      const mx = W * 0.82;
      const my = H * 0.14;
      body += `<circle cx="${r(mx)}" cy="${r(my)}" r="${r(S * 0.12)}" fill="#fff6c8" opacity="0.15"/><circle cx="${r(mx)}" cy="${r(my)}" r="${r(S * 0.06)}" fill="#fff6d8"/><circle cx="${r(mx + S * 0.025)}" cy="${r(my - S * 0.015)}" r="${r(S * 0.05)}" fill="#0c1440" opacity="0.9"/>`;
    }
  }
  if (overcast) {
    const tone = weather === 'storm' ? '#2a3040' : weather === 'rain' ? '#56647a' : weather === 'fog' ? '#c8d0d8' : weather === 'snow' ? '#c4d0e0' : '#8a94a6';
    body += `<rect width="${W}" height="${r(horizon)}" fill="${tone}" opacity="${weather === 'storm' ? 0.7 : 0.45}"/>`;
    const cl = rng.fork('clouds');
    const dark = weather === 'storm' || weather === 'rain';
    body += clouds(W, H, cl, 7, S, 0.02, 0.28, dark ? '#7a8498' : '#eef2f6', dark ? '#4a5264' : '#cfd8e2');
  }
  if (weather === 'rain' || weather === 'storm') body += rain(W, H, rng.fork('rain'), 140, S, '#dbe8f8');
  if (weather === 'storm') {
    const x = W * rng.fork('bolt').range(0.15, 0.35);
    const y = H * 0.12;
    const k = S * 0.06;
    body += `<path d="M${r(x)},${r(y)} l${r(-k * 0.6)},${r(k * 2.2)} h${r(k * 0.7)} l${r(-k * 0.8)},${r(k * 2.4)} l${r(k * 1.9)},${r(-k * 3)} h${r(-k * 0.8)} l${r(k * 0.7)},${r(-k * 1.6)}z" fill="#fff6a8" stroke="#ffe14a" stroke-width="${r(S * 0.004)}"/>`;
  }
  const snowy = weather === 'snow' || (season === 'winter' && !weather);
  if (snowy) {
    // Snow lies on the ground around and behind the feet, not only in front of them.
    body += `<path d="M0,${r(groundY - S * 0.1)} Q${r(W * 0.3)},${r(groundY - S * 0.14)} ${r(W * 0.55)},${r(groundY - S * 0.09)} T${W},${r(groundY - S * 0.11)} V${H} H0Z" fill="#f4f8ff" opacity="0.92"/>`;
  }
  if (weather === 'snow') {
    const sn = rng.fork('snow');
    for (let i = 0; i < 120; i++) body += `<circle cx="${r(sn.range(0, W))}" cy="${r(sn.range(0, H))}" r="${r(S * sn.range(0.003, 0.009))}" fill="#ffffff" opacity="${sn.range(0.6, 1).toFixed(2)}"/>`;
  }
  if (weather === 'fog') body += `<rect width="${W}" height="${H}" fill="${grad('fog', [[0, '#eef2f5', 0.2], [0.55, '#eef2f5', 0.75], [1, '#eef2f5', 0.45]])}"/>`;
  if (season === 'autumn') {
    const lf = rng.fork('leaves');
    for (let i = 0; i < 36; i++) {
      const x = lf.range(0, W);
      const y = lf.range(H * 0.1, H);
      const s = S * lf.range(0.008, 0.016);
      body += `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(s * 1.6)}" ry="${r(s)}" transform="rotate(${r(lf.range(0, 180))} ${r(x)} ${r(y)})" fill="${lf.pick(['#e0702a', '#c8401e', '#f2a93a', '#a8501c'])}"/>`;
    }
  } else if (season === 'spring') {
    body += petals(W, H, rng.fork('petals'), 30, S);
  }
  return { defs, body, dark: time === 'night' || weather === 'storm' };
}

/** The setting's light over the whole picture, subject included: cool night, warm low sun, grey storm. */
export function settingLight(img: Raw, setting: Setting, strength = 1): Raw {
  const { width: W, height: H } = img;
  const all = (colour: string, opacity: number, blend: 'screen' | 'multiply') => ({ cx: W / 2, cy: H / 2, rx: W * 4, ry: H * 4, colour, opacity: opacity * strength, blend });
  const list = [];
  if (setting.timeOfDay === 'night') list.push(all('#6070b8', 0.4, 'multiply'));
  if (setting.timeOfDay === 'sunset') list.push(all('#ff9040', 0.3, 'multiply'), all('#ff8a3c', 0.12, 'screen'));
  if (setting.timeOfDay === 'dawn') list.push(all('#ffc0a0', 0.25, 'multiply'));
  if (setting.weather === 'storm') list.push(all('#6070a0', 0.45, 'multiply'));
  if (setting.weather === 'rain') list.push(all('#9aa8c0', 0.3, 'multiply'));
  if (setting.weather === 'snow' || setting.weather === 'fog') list.push(all('#e4ecf6', 0.18, 'screen'));
  if (setting.season === 'autumn') list.push(all('#ffb060', 0.15, 'multiply'));
  return list.length > 0 ? glows(img, list as Parameters<typeof glows>[1]) : img;
}

/** Whether the setting asks for anything at all. */
export const hasSetting = (s: Setting | undefined): s is Setting => !!s && !!(s.timeOfDay || s.weather || s.season);

/** A backdrop with the prompt's setting painted over its sky (unchanged without one). */
export function withSetting<T extends { defs: string; body: string; groundY: number; dark: boolean; indoor?: boolean }>(bd: T, ctx: TrendContext): T {
  const setting = ctx.prompt.plan?.setting;
  if (!hasSetting(setting)) return bd;
  if (bd.indoor) {
    // Indoors: no clouds, rain or stars over the walls; the room only darkens after dark or warms at sunset.
    const night = setting.timeOfDay === 'night';
    const warm = setting.timeOfDay === 'sunset' || setting.timeOfDay === 'dawn';
    if (!night && !warm) return bd;
    const tint = `<rect width="${ctx.W}" height="${ctx.H}" fill="${night ? '#0a1030' : '#ff9a3c'}" opacity="${night ? 0.4 : 0.14}"/>`;
    return { ...bd, body: bd.body + tint, dark: bd.dark || night };
  }
  const sky = settingSky(setting, ctx.W, ctx.H, bd.groundY, ctx.rng.fork('setting'), `${ctx.id}s`);
  // After dark, what glows in the place (a city's windows and street lamps) shines through the night sky.
  const lights = setting.timeOfDay === 'night' && 'lights' in bd && typeof bd.lights === 'string' ? bd.lights : '';
  return { ...bd, defs: bd.defs + sky.defs, body: bd.body + sky.body + lights, dark: bd.dark || sky.dark };
}

/** The prompt's setting light over a finished scene (unchanged without one). */
export function lightOf(img: Raw, ctx: TrendContext): Raw {
  const setting = ctx.prompt.plan?.setting;
  return hasSetting(setting) ? settingLight(img, setting) : img;
}

/** The things a photo has room for around the person: props, companions, a non-person subject, the place. */
function photoThings(plan: ScenePlan): PlannedThing[] {
  const out: PlannedThing[] = [];
  for (const s of plan.subjects) if (s.kind !== 'person') out.push(s);
  for (const p of plan.props) if (p.placement !== 'worn') out.push(p);
  const place = placeThing(plan);
  if (place) out.push(place);
  return out.slice(0, 4);
}

/**
 * A member's photo with the prompt around the person: the setting's light and weather (rain and
 * snow fall around the face, never on it) and the props, companions and place as icons in the
 * corners and at the sides that are clear of the face. `face` is in the image's pixels.
 */
export async function stagePhoto(ctx: TrendContext, img: Raw, face: { left: number; top: number; width: number; height: number } | undefined, outline?: string): Promise<Raw> {
  const plan = ctx.prompt.plan;
  if (!plan) return img;
  const { width: W, height: H } = img;
  const S = Math.min(W, H);
  const things = photoThings(plan);
  const setting = plan.setting;
  if (things.length === 0 && !hasSetting(setting)) return img;
  // The face and a margin around it (the middle of the frame when none was found).
  const f = face ?? { left: W * 0.3, top: H * 0.15, width: W * 0.4, height: H * 0.5 };
  const fx = f.left + f.width / 2;
  const fy = f.top + f.height / 2;
  const frx = f.width * 0.85;
  const fry = f.height * 0.85;
  const clearOfFace = (x: number, y: number, rr: number) => ((x - fx) / (frx + rr)) ** 2 + ((y - fy) / (fry + rr)) ** 2 > 1;
  let body = '';
  if (setting.weather === 'rain' || setting.weather === 'storm') {
    const rn = ctx.rng.fork('photo-rain');
    for (let i = 0; i < 110; i++) {
      const x = rn.range(0, W);
      const y = rn.range(0, H);
      const len = S * rn.range(0.03, 0.06);
      if (clearOfFace(x, y, len)) body += `<path d="M${r(x)},${r(y)} l${r(-len * 0.2)},${r(len)}" stroke="#dbe8f8" stroke-width="${r(S * 0.003)}" stroke-linecap="round" opacity="0.7"/>`;
    }
  }
  if (setting.weather === 'snow') {
    const sn = ctx.rng.fork('photo-snow');
    for (let i = 0; i < 120; i++) {
      const x = sn.range(0, W);
      const y = sn.range(0, H);
      const rr = S * sn.range(0.003, 0.008);
      if (clearOfFace(x, y, rr)) body += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(rr)}" fill="#ffffff" opacity="0.9"/>`;
    }
  }
  // Slots around the frame, the ones furthest from the face first.
  const size = S * 0.26;
  const slots = [
    [0.16, 0.82], [0.84, 0.82], [0.16, 0.2], [0.84, 0.2], [0.14, 0.5], [0.86, 0.5],
  ].map(([x, y]) => ({ x: x * W, y: y * H }))
    .filter((s) => clearOfFace(s.x, s.y, size * 0.45))
    .sort((a, b) => Math.hypot(b.x - fx, b.y - fy) - Math.hypot(a.x - fx, a.y - fy));
  // Half the light of a drawn scene: a photo has its own, and the trends' tone steps need it.
  let out = hasSetting(setting) ? settingLight(img, setting, 0.5) : img;
  if (body) out = await over(out, [{ img: await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`) }]);
  // Each icon rendered in its own small box: a full-frame layer would cost more than the icons.
  const side = Math.round(size);
  const layers = await Promise.all(
    things.slice(0, slots.length).map(async (t, i) => ({
      img: await renderSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><g transform="scale(${(side / 100).toFixed(4)})">${thingSvg(t, '#ffd23f', outline)}</g></svg>`),
      left: Math.round(slots[i].x - side / 2),
      top: Math.round(slots[i].y - side / 2),
    })),
  );
  if (layers.length > 0) out = await over(out, layers);
  return out;
}
