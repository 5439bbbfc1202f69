/**
 * A parametric cartoon figure drawn in SVG: people, a few animals and a robot, in three builds
 * (chibi for 3D-animation and toy looks, doll for fashion dolls, bust for portraits). Shading is
 * done with radial gradients (key light from the upper left) so the result reads as soft 3D.
 */
import { darken, lighten, mix } from './util/color.js';
import { r, radialGradient, linearGradient } from './util/svg.js';
import type { Clothes, Headwear, HairStyle, PromptInfo, StyleWord, SubjectKind } from './prompt.js';
import { NATURAL_HAIR, SKIN_TONES } from './prompt.js';
import { icon } from './icons.js';
import { COOKING, heldScale, heldSvg, LIE_ANGLE, SLEEP, stageFromPlan, wornByFigure, type Stage } from './stage.js';
import type { PlanPose } from './plan/plan.js';
import type { Rng } from './util/rng.js';

export type Build = 'chibi' | 'doll' | 'bust';
export type Shading = 'gloss' | 'soft';
export type Pose = 'down' | 'wave' | 'cheer' | 'hold' | 'fly' | 'run' | 'balance' | 'ride';
export type Expression = 'grin' | 'smile' | 'wink' | 'open' | 'calm';

export interface FigureSpec {
  kind: SubjectKind;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: string;
  outfit: string;
  outfitAccent: string;
  trousers: string;
  shoes: string;
  headwear: Headwear;
  glasses: boolean;
  prop?: string;
  pose: Pose;
  expression: Expression;
  tilt: number;
  feminine: boolean;
  lookX: number;
  /** Eye size multiplier (1 = default; the pixar exaggerated_eyes option raises it). */
  eyeScale: number;
  /** Cut of the clothes (personalization or prompt): suit and tie, sportswear, casual; else the default outfit. */
  clothes?: Clothes;
  necklace: boolean;
  earrings: boolean;
  /** Asked to smile (personalization): also the portrait (bust) build smiles. */
  smiling: boolean;
  /** Sleeping: the eyes closed, whatever the expression. */
  asleep?: boolean;
  /** The prompt's scene plan staged around the figure (stage.ts); without it, the figure alone. */
  stage?: Stage;
  /** What the hand holds, as SVG in a 100×100 box (the plan's held thing); wins over `prop`. */
  propSvg?: string;
}

/** Style words as outfit palettes: outfit choices, the accent, trousers and shoes. */
const STYLE_PALETTES: Record<StyleWord, { outfits: string[]; accent: string; trousers: string; shoes: string }> = {
  elegant: { outfits: ['#15151c', '#3a0f2a', '#0f2a3a'], accent: '#c9a227', trousers: '#15151c', shoes: '#15151c' },
  minimalist: { outfits: ['#f2f2f0', '#d9d9d6', '#2b2b2b'], accent: '#111111', trousers: '#2b2b2b', shoes: '#f4f4f6' },
  vintage: { outfits: ['#c49a3a', '#2f6f6a', '#8a4a2f'], accent: '#e8dcc0', trousers: '#5a4636', shoes: '#6b3f24' },
  bohemian: { outfits: ['#c0603a', '#7a8a3a', '#b5884a'], accent: '#e6c07a', trousers: '#6b4a35', shoes: '#8a5a34' },
};

/** Clothes as colours: formal is a dark suit with a coloured tie, sportswear bright with white stripes, casual soft. */
function dressFor(spec: FigureSpec, p: PromptInfo, rng: Rng): void {
  const style = p.style ? STYLE_PALETTES[p.style] : undefined;
  const pick = rng.fork('clothes');
  const suits = ['#1f2a44', '#2b2d36', '#1a1a22', '#3a2f2a'];
  const ties = ['#8e1b2e', '#1d3f8f', '#5a1a6a', '#b8862b'];
  const sport = ['#e0383e', '#2f6fe0', '#f28c28', '#1e9e9a', '#ffd23f', '#ff4f7a'];
  const casual = ['#8a9bb0', '#c9a86a', '#6f8a5a', '#d9826a', '#e9e4d8', '#b0486a'];
  const suit = pick.pick(suits);
  const tie = pick.pick(ties);
  const bright = pick.pick(sport);
  const soft = pick.pick(casual);
  const styled = style ? pick.pick(style.outfits) : undefined;
  if (style) {
    spec.outfit = styled!;
    spec.outfitAccent = style.accent;
    spec.trousers = style.trousers;
    spec.shoes = style.shoes;
  }
  switch (p.clothes) {
    case 'formal':
      // Elegant keeps its own dark; a light style palette is no suit.
      spec.outfit = p.style === 'elegant' ? styled! : suit;
      spec.outfitAccent = p.style === 'elegant' ? style!.accent : tie;
      spec.trousers = spec.outfit;
      spec.shoes = '#1a1414';
      break;
    case 'sporty':
      spec.outfit = bright;
      spec.outfitAccent = '#ffffff';
      spec.trousers = darken(bright, 0.55);
      spec.shoes = '#f4f4f6';
      break;
    case 'casual':
      spec.outfit = style ? styled! : soft;
      spec.trousers = '#3b5b8a';
      spec.shoes = '#f4f4f6';
      break;
    default:
      break;
  }
  // The prompt's colours are its own words: they win.
  if (p.colours[0]) spec.outfit = p.colours[0];
  if (p.colours[1]) spec.outfitAccent = p.colours[1];
}

const FUR: Record<Exclude<SubjectKind, 'person' | 'robot'>, string[]> = {
  cat: ['#f2a65a', '#8c8c96', '#3a3238', '#f4efe6', '#d9a066'],
  dog: ['#c8874e', '#e8c89a', '#6b4a35', '#f4efe6', '#2e2a28'],
  fox: ['#e8772e', '#d8652a', '#f08a3c'],
  bear: ['#8b5a3c', '#a8744d', '#6b4228', '#f4efe6'],
  rabbit: ['#f4efe6', '#d8c7b4', '#a8a0a0', '#e9d6c8'],
};

/** Choose a figure for a prompt; `rng` supplies everything the prompt leaves open. */
export function figureFromPrompt(p: PromptInfo, rng: Rng, palette: { primary: string; secondary: string }, overrides: Partial<FigureSpec> = {}): FigureSpec {
  const kind = p.subject;
  // Every choice is drawn, in a fixed order, whether the prompt settles it or not: a trait or a
  // word changes its own part of the character and leaves the rest of it as it was.
  const skin = kind === 'person' ? rng.pick(SKIN_TONES) : kind === 'robot' ? '#c9d3df' : rng.pick(FUR[kind]);
  const femDraw = rng.chance(0.5);
  const feminine = p.feminine ?? femDraw;
  const styleDraw = feminine ? rng.pick(['long', 'long', 'ponytail', 'bun', 'curly'] as const) : rng.pick(['short', 'short', 'curly', 'short'] as const);
  const hairStyle: HairStyle = p.hairStyle ?? styleDraw;
  const hairDraw = rng.pick(NATURAL_HAIR);
  const eyesDraw = rng.pick(['#6b3f24', '#3b82d6', '#3f9a5a', '#8a6a2f', '#4a3426']);
  const outfit = p.colours[0] ?? palette.primary;
  const prop = p.props.find((x) => x !== 'hat' && x !== 'glasses' && x !== 'headphones' && x !== 'crown');
  const spec: FigureSpec = {
    kind,
    skin,
    hair: p.hairColour ?? hairDraw,
    hairStyle,
    eyes: p.eyeColour ?? eyesDraw,
    outfit,
    outfitAccent: p.colours[1] ?? palette.secondary,
    trousers: rng.pick(['#2f4a7a', '#3a3a48', '#5a4636', '#2f5d62']),
    shoes: rng.pick(['#f4f4f6', '#2a2230', '#b8432a', '#f7d038']),
    headwear: p.headwear,
    glasses: p.glasses,
    prop,
    pose: prop ? rng.pick(['hold', 'hold', 'wave'] as const) : rng.pick(['down', 'wave', 'cheer', 'down'] as const),
    expression: rng.pick(['grin', 'smile', 'open', 'grin', 'wink'] as const),
    tilt: rng.range(-7, 7),
    feminine,
    lookX: rng.range(-0.25, 0.25),
    eyeScale: 1,
    necklace: false,
    earrings: false,
    smiling: false,
  };
  if (kind === 'person') {
    spec.clothes = p.clothes;
    spec.necklace = p.necklace;
    spec.earrings = p.earrings;
    if (p.expression) spec.expression = p.expression;
    spec.smiling = p.expression === 'grin';
    if (p.clothes || p.style) dressFor(spec, p, rng);
  }
  if (p.plan) stageSpec(spec, p, rng);
  // The prompt's "kitchen" gives a chef's hat to whoever is in it; a cat chasing a mouse there is no cook.
  const main = p.plan?.subjects[0];
  if (spec.headwear === 'chef' && main && !/^(chef|cook|baker)s?$/.test(main.word) && !main.adjectives.some((a) => /^(chef|cook|baker)$/.test(a)) && !p.plan!.actions.some((a) => COOKING.has(a))) spec.headwear = 'none';
  if (spec.headwear === 'helmet') {
    // A space suit, whatever else was asked for.
    spec.outfit = '#eef2f7';
    spec.trousers = '#e3e8ef';
    spec.shoes = '#b8bec8';
    spec.clothes = undefined;
  }
  return { ...spec, ...overrides };
}

/**
 * The scene plan on the figure: the main subject's kind and fur colour (a golden retriever is a
 * golden dog), what it wears and holds; the rest is staged around it (stage.ts).
 */
function stageSpec(spec: FigureSpec, p: PromptInfo, rng: Rng): void {
  const plan = p.plan!;
  const main = plan.subjects[0];
  if (main?.figure && main.figure !== spec.kind) {
    spec.kind = main.figure;
    spec.skin = main.figure === 'person' ? rng.fork('skin').pick(SKIN_TONES) : main.figure === 'robot' ? '#c9d3df' : rng.fork('fur').pick(FUR[main.figure]);
    if (main.figure !== 'person' && spec.headwear === 'crown' && !plan.props.some((x) => x.word === 'crown')) spec.headwear = 'none';
  }
  if (main?.figure && main.figure !== 'person' && main.figure !== 'robot' && main.colour) spec.skin = main.colour;
  // Age shows in the hair: an old fisherman, a grandma (unless the prompt names a hair colour).
  if (main?.figure === 'person' && !p.hairColour && (main.adjectives.some((a) => a === 'old' || a === 'elderly' || a === 'aged') || main.icon?.startsWith('old-') || main.icon === 'older-person')) spec.hair = '#c9c9cf';
  if (plan.actions.some((a) => SLEEP.has(a))) {
    spec.expression = 'calm';
    spec.asleep = true;
  }
  const worn = wornByFigure(plan);
  if (worn.headwear) spec.headwear = worn.headwear;
  else if (main?.adjectives.some((a) => a === 'chef' || a === 'cook' || a === 'baker')) spec.headwear = 'chef';
  else if (main?.figure === 'person' && ARMOURED.has(main.word.replace(/s$/, ''))) {
    // A knight in armour: a steel helm and plate.
    spec.headwear = 'knight';
    spec.outfit = '#b8c2ce';
    spec.trousers = '#8e98a6';
    spec.shoes = '#6a7280';
    spec.clothes = undefined;
  }
  if (worn.glasses) spec.glasses = true;
  spec.stage = stageFromPlan(plan, !!main?.figure || !main);
  spec.prop = undefined;
  spec.propSvg = heldSvg(spec.stage, spec.outfitAccent);
  // The plan's pose sets the arms: a held thing is held (sitting on a throne with a sword, too).
  const armsFor: Partial<Record<PlanPose, Pose>> = { fly: 'fly', run: 'run', balance: 'balance', ride: 'ride', swim: 'cheer', lie: 'down' };
  const game = spec.stage.things.some((t) => t.where === 'between');
  if (spec.propSvg) spec.pose = 'hold';
  else if (armsFor[plan.pose]) spec.pose = armsFor[plan.pose]!;
  // At a piano or drums both hands reach forward and down to it.
  else if (spec.stage.things.some((t) => t.where === 'played')) spec.pose = 'ride';
  // At a board game the hand reaches out over the board.
  else if (game) spec.pose = 'hold';
  else if (plan.actions.some((a) => a === 'dance' || a === 'jump')) spec.pose = 'cheer';
  else if (spec.pose === 'hold') spec.pose = 'down';
}

/** People drawn in armour. */
const ARMOURED = new Set(['knight', 'paladin', 'crusader']);

interface Head { cx: number; cy: number; rx: number; ry: number }

/** Size of the local coordinate box of a build (the figure stands on y = height). */
export function buildBox(build: Build): { width: number; height: number } {
  return build === 'bust' ? { width: 1000, height: 1000 } : { width: 600, height: 1000 };
}

/** Draw the figure; returns SVG (defs inline in a <defs> block) in the build's local box. */
export function drawFigure(spec: FigureSpec, build: Build, shading: Shading, id: string): string {
  const defs: string[] = [];
  const k = shading === 'gloss' ? 1 : 0.45;
  const grad = (name: string, base: string) => {
    const gid = `${id}-${name}`;
    defs.push(
      radialGradient(gid, [
        [0, lighten(base, 0.35 * k)],
        [0.55, base],
        [1, darken(mix(base, '#5a1030', 0.15), 0.35 * k)],
      ], 0.38, 0.32, 0.75, 0.32, 0.26),
    );
    return `url(#${gid})`;
  };
  const lin = (name: string, base: string) => {
    const gid = `${id}-${name}`;
    defs.push(linearGradient(gid, [[0, lighten(base, 0.3 * k)], [0.5, base], [1, darken(base, 0.3 * k)]], 0, 0, 1, 0.3));
    return `url(#${gid})`;
  };
  const O = darken(mix(spec.skin, '#3a1a2a', 0.5), 0.45);
  const outline = shading === 'gloss' ? '' : `stroke="${O}" stroke-width="5" stroke-opacity="0.55"`;
  const robot = spec.kind === 'robot';
  const animal = spec.kind !== 'person' && !robot;
  const body: string[] = [];
  const front: string[] = [];

  let head: Head;
  if (build === 'chibi') head = { cx: 300, cy: 300, rx: 200, ry: 188 };
  else if (build === 'doll') head = { cx: 300, cy: 190, rx: 100, ry: 112 };
  else head = { cx: 500, cy: 370, rx: 180, ry: 212 };
  const { cx, cy, rx, ry } = head;

  const skinFill = grad('skin', spec.skin);
  const outfitFill = robot ? lin('metal', '#b9c6d6') : grad('outfit', spec.outfit);
  const hairFill = grad('hair', spec.hair);

  // ---- body -------------------------------------------------------------------------------
  if (build === 'bust') {
    const sh = robot ? '#b9c6d6' : spec.outfit;
    body.push(`<path d="M${cx - 70},${cy + ry * 0.75} L${cx - 80},${cy + ry + 150} L${cx + 80},${cy + ry + 150} L${cx + 70},${cy + ry * 0.75}Z" fill="${robot ? '#8a97a8' : skinFill}"/>`);
    body.push(`<path d="M40,1000 C60,820 180,${cy + ry + 110} 360,${cy + ry + 90} L640,${cy + ry + 90} C820,${cy + ry + 110} 940,820 960,1000Z" fill="${grad('outfit', sh)}" ${outline}/>`);
    if (!robot) body.push(bustClothes(spec, head, sh, skinFill));
  } else {
    const chibi = build === 'chibi';
    const sY = chibi ? 478 : 325;
    const hipY = chibi ? 760 : 540;
    const shW = chibi ? 125 : 82;
    const hipW = chibi ? 112 : 50;
    // legs and shoes
    const legTop = chibi ? 720 : 640;
    const legBottom = chibi ? 952 : 952;
    const legW = chibi ? 44 : 22;
    const legX = chibi ? [252, 348] : [276, 324];
    const legFill = spec.feminine && build === 'doll' ? skinFill : robot ? lin('legs', '#9aa8ba') : grad('trousers', animal && spec.headwear !== 'helmet' ? spec.skin : spec.trousers);
    const stance = spec.stage?.pose;
    const lying = stance === 'lie';
    const seated = stance === 'sit' || stance === 'ride';
    const shoeFill = grad('shoes', build === 'doll' ? spec.outfitAccent : spec.shoes);
    for (const lx of legX) {
      const dir = lx < 300 ? -1 : 1;
      const leg: string[] = [];
      // Seated, seen from the front: the thighs run towards the viewer, so the knees show as
      // round caps just under the hips, and the shins hang from them to the feet.
      const kneeY = chibi ? 800 : 745;
      const top = seated ? kneeY : legTop;
      // Running: the left leg lifted (shorter, its foot off the ground).
      const bottom = stance === 'run' && dir < 0 ? legBottom - 90 : legBottom;
      leg.push(`<rect x="${lx - legW}" y="${top}" width="${legW * 2}" height="${bottom - top}" rx="${legW}" fill="${legFill}" ${outline}/>`);
      if (seated) leg.push(`<ellipse cx="${lx}" cy="${kneeY}" rx="${r(legW * 1.45)}" ry="${r(legW * 1.25)}" fill="${legFill}" ${outline}/>`);
      if (build === 'doll') {
        leg.push(`<path d="M${lx - 26},${bottom - 10} q26,-24 52,0 l${dir * 6},32 h${-dir * 14} l-4,-16 h-20 l-2,16 h-18z" fill="${shoeFill}" ${outline}/>`);
      } else {
        leg.push(`<ellipse cx="${lx + dir * 10}" cy="${bottom + 12}" rx="62" ry="36" fill="${shoeFill}" ${outline}/>`);
        if (shading === 'gloss') leg.push(`<ellipse cx="${lx + dir * 10 - 18}" cy="${bottom}" rx="22" ry="9" fill="#fff" opacity="0.55"/>`);
      }
      // Running strides the legs apart.
      body.push(stance === 'run' ? `<g transform="rotate(${dir < 0 ? 14 : -8} ${lx} ${legTop})">${leg.join('')}</g>` : leg.join(''));
    }
    // tail
    if (animal) {
      const tail = spec.kind === 'fox'
        ? `<path d="M390,720 C520,700 580,560 520,480 C560,600 470,660 380,660Z" fill="${grad('tail', spec.skin)}" ${outline}/><path d="M520,480 C545,520 548,560 530,590 C520,560 515,520 500,500Z" fill="#fff8f0"/>`
        : spec.kind === 'rabbit' || spec.kind === 'bear'
          ? `<circle cx="${chibi ? 410 : 345}" cy="${chibi ? 720 : 520}" r="${chibi ? 44 : 22}" fill="${lighten(spec.skin, 0.4)}"/>`
          : spec.kind === 'dog'
            ? `<path d="M395,720 C450,715 480,680 478,620" fill="none" stroke="${spec.skin}" stroke-width="36" stroke-linecap="round"/>`
            : `<path d="M400,730 C500,720 540,640 510,560" fill="none" stroke="${spec.skin}" stroke-width="26" stroke-linecap="round"/>`;
      body.push(tail);
    }
    // torso
    if (build === 'doll') {
      const waistY = 470;
      body.push(`<path d="M${300 - shW},${sY + 20} Q300,${sY - 14} ${300 + shW},${sY + 20} L${300 + 52},${waistY} L${300 - 52},${waistY}Z" fill="${outfitFill}" ${outline}/>`);
      body.push(`<path d="M${300 - 56},${waistY - 6} L${300 + 56},${waistY - 6} C${300 + 120},${600} ${300 + 175},${680} ${300 + 178},${712} Q300,${742} ${300 - 178},${712} C${300 - 175},${680} ${300 - 120},${600} ${300 - 56},${waistY - 6}Z" fill="${grad('skirt', spec.outfit)}" ${outline}/>`);
      body.push(`<rect x="${300 - 58}" y="${waistY - 16}" width="116" height="22" rx="10" fill="${spec.outfitAccent}"/>`);
      body.push(`<path d="M${300 - 120},700 Q300,726 ${300 + 120},700" fill="none" stroke="#fff" stroke-width="6" opacity="0.5"/>`);
      if (spec.clothes) body.push(dollClothes(spec, sY, waistY, shW, skinFill));
    } else {
      const belly = animal ? `<ellipse cx="300" cy="${(sY + hipY) / 2 + 20}" rx="${shW * 0.62}" ry="${(hipY - sY) * 0.38}" fill="${lighten(spec.skin, 0.45)}" opacity="0.9"/>` : '';
      const suit = spec.headwear === 'helmet';
      const torsoFill = animal && spec.kind !== 'fox' && !suit ? grad('fur', spec.skin) : outfitFill;
      body.push(`<path d="M${300 - shW},${sY + 40} Q${300 - shW},${sY} ${300 - shW + 50},${sY} L${300 + shW - 50},${sY} Q${300 + shW},${sY} ${300 + shW},${sY + 40} L${300 + hipW},${hipY - 20} Q${300 + hipW},${hipY} ${300 + hipW - 30},${hipY} L${300 - hipW + 30},${hipY} Q${300 - hipW},${hipY} ${300 - hipW},${hipY - 20}Z" fill="${torsoFill}" ${outline}/>`);
      if (animal && spec.kind !== 'fox' && !suit) {
        body.push(belly);
        body.push(`<path d="M${300 - shW + 10},${sY + 30} Q300,${sY + 90} ${300 + shW - 10},${sY + 30} L${300 + shW - 16},${sY + 8} Q300,${sY + 50} ${300 - shW + 16},${sY + 8}Z" fill="${spec.outfit}"/>`);
      } else if (robot) {
        body.push(`<rect x="235" y="${sY + 60}" width="130" height="110" rx="18" fill="#2b3448"/>`);
        body.push(`<circle cx="270" cy="${sY + 100}" r="14" fill="#4ff0ff"/><circle cx="330" cy="${sY + 100}" r="14" fill="${spec.outfitAccent}"/><rect x="255" y="${sY + 135}" width="90" height="12" rx="6" fill="#7bd88f"/>`);
      } else if (spec.clothes && spec.kind === 'person') {
        body.push(torsoClothes(spec, sY, hipY, shW, hipW, skinFill));
      } else {
        body.push(`<path d="M${300 - 55},${sY} L300,${sY + 70} L${300 + 55},${sY}Z" fill="${spec.headwear === 'helmet' ? '#b8bec8' : skinFill}"/>`);
        body.push(`<path d="M${300 - 62},${sY - 2} L300,${sY + 74} L${300 + 62},${sY - 2}" fill="none" stroke="${darken(spec.outfit, 0.25)}" stroke-width="12" stroke-linejoin="round"/>`);
        body.push(`<rect x="${300 - hipW + 4}" y="${hipY - 46}" width="${(hipW - 4) * 2}" height="22" fill="${darken(spec.outfit, 0.35)}"/>`);
        body.push(`<circle cx="300" cy="${sY + 140}" r="22" fill="${spec.outfitAccent}" stroke="#fff" stroke-width="5"/>`);
        if (spec.headwear === 'helmet') body.push(`<rect x="${300 + 40}" y="${sY + 60}" width="60" height="40" rx="6" fill="${spec.outfitAccent}"/><rect x="${300 - 100}" y="${sY + 60}" width="40" height="26" rx="4" fill="#2f6fe0"/>`);
      }
      if (shading === 'gloss') body.push(`<path d="M${300 - shW + 28},${sY + 50} Q${300 - shW + 20},${sY + 160} ${300 - shW + 40},${hipY - 60}" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.28"/>`);
    }
    if (spec.necklace && spec.kind === 'person') body.push(necklace(300, sY + (chibi ? 4 : 0), chibi ? 72 : 34, chibi ? 62 : 34, chibi ? 1 : 0.5, spec.outfitAccent));
    // arms
    const armW = chibi ? 34 : 17;
    const armLen = chibi ? 215 : 250;
    const shoulderY = sY + (chibi ? 45 : 30);
    const armFill = robot ? lin('arm', '#a9b6c8') : animal && spec.kind !== 'fox' && spec.headwear !== 'helmet' ? grad('armfur', spec.skin) : build === 'doll' ? skinFill : outfitFill;
    const handFill = robot ? '#8a97a8' : skinFill;
    const angles = poseAngles(spec.pose);
    const drawArm = (side: -1 | 1, angleDeg: number) => {
      const sx = 300 + side * (shW - (chibi ? 12 : 6));
      const a = (angleDeg * Math.PI) / 180;
      const handX = sx + side * Math.sin(a) * armLen;
      const handY = shoulderY + Math.cos(a) * armLen;
      const sleeveStripe = spec.clothes === 'sporty' && armFill === outfitFill
        ? `<rect x="${r(sx - armW * 0.5 + side * armW * 0.25)}" y="${r(shoulderY)}" width="${r(armW * 0.28)}" height="${r(armLen * 0.8)}" transform="rotate(${r(-side * angleDeg)} ${r(sx)} ${r(shoulderY)})" fill="${spec.outfitAccent}" opacity="0.95"/>`
        : '';
      const parts = `<rect x="${r(sx - armW)}" y="${r(shoulderY - armW)}" width="${armW * 2}" height="${armLen + armW * 2}" rx="${armW}" transform="rotate(${r(-side * angleDeg)} ${r(sx)} ${r(shoulderY)})" fill="${armFill}" ${outline}/>` + sleeveStripe +
        `<circle cx="${r(handX)}" cy="${r(handY)}" r="${chibi ? 38 : 20}" fill="${handFill}" ${outline}/>`;
      return { svg: parts, hand: [handX, handY] as [number, number] };
    };
    const left = drawArm(-1, angles[0]);
    const right = drawArm(1, angles[1]);
    body.push(left.svg);
    front.push(right.svg);
    if (spec.propSvg || spec.prop) {
      const [hx, hy] = right.hand;
      // A staged thing is drawn a little larger: an emoji reads at the size of a hand-held object.
      const size = (chibi ? 170 : 110) * (spec.propSvg ? 1.35 * heldScale(spec.stage) : 1) * (lying ? 1.3 : 1);
      // Lying, the figure is turned on its side (stage.ts LIE_ANGLE): the held thing is turned back upright.
      const upright = lying ? ` rotate(${-LIE_ANGLE} ${r(hx)} ${r(hy)})` : '';
      front.push(`<g transform="${upright.trim()} translate(${r(hx - size * 0.5)},${r(hy - size * 0.62)}) scale(${size / 100})">${heldDrawing(spec, shading)}</g>`);
      front.push(`<circle cx="${r(hx)}" cy="${r(hy)}" r="${chibi ? 30 : 16}" fill="${handFill}" opacity="0.95"/>`);
    }
  }

  // ---- head -------------------------------------------------------------------------------
  const headParts: string[] = [];
  const behind: string[] = [];
  if (spec.kind === 'person') {
    behind.push(backHair(spec, head, hairFill, outline));
    headParts.push(`<circle cx="${cx - rx * 0.97}" cy="${cy + ry * 0.12}" r="${rx * 0.17}" fill="${skinFill}"/><circle cx="${cx + rx * 0.97}" cy="${cy + ry * 0.12}" r="${rx * 0.17}" fill="${skinFill}"/>`);
  } else if (animal) {
    behind.push(animalEars(spec, head, outline, grad));
  }
  if (robot) {
    headParts.push(`<line x1="${cx}" y1="${cy - ry * 0.9}" x2="${cx}" y2="${cy - ry * 1.35}" stroke="#8a97a8" stroke-width="${rx * 0.06}"/><circle cx="${cx}" cy="${cy - ry * 1.38}" r="${rx * 0.12}" fill="${grad('bulb', spec.outfitAccent)}"/>`);
    headParts.push(`<circle cx="${cx - rx * 1.02}" cy="${cy}" r="${rx * 0.16}" fill="#8a97a8"/><circle cx="${cx + rx * 1.02}" cy="${cy}" r="${rx * 0.16}" fill="#8a97a8"/>`);
    headParts.push(`<rect x="${cx - rx}" y="${cy - ry * 0.92}" width="${rx * 2}" height="${ry * 1.84}" rx="${rx * 0.38}" fill="${grad('rhead', '#c9d3df')}" ${outline}/>`);
    headParts.push(`<rect x="${cx - rx * 0.78}" y="${cy - ry * 0.5}" width="${rx * 1.56}" height="${ry * 1.05}" rx="${rx * 0.25}" fill="#1c2333"/>`);
    const eyeY = cy - ry * 0.05;
    for (const s of [-1, 1]) {
      headParts.push(`<ellipse cx="${cx + s * rx * 0.36 + spec.lookX * rx * 0.2}" cy="${eyeY}" rx="${rx * 0.2}" ry="${rx * 0.22}" fill="#4ff0ff" opacity="0.3"/><ellipse cx="${cx + s * rx * 0.36 + spec.lookX * rx * 0.2}" cy="${eyeY}" rx="${rx * 0.12}" ry="${rx * 0.15}" fill="#bffcff"/>`);
    }
    headParts.push(`<path d="M${cx - rx * 0.3},${cy + ry * 0.3} Q${cx},${cy + ry * 0.45} ${cx + rx * 0.3},${cy + ry * 0.3}" fill="none" stroke="#4ff0ff" stroke-width="${rx * 0.06}" stroke-linecap="round"/>`);
  } else {
    headParts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${skinFill}" ${outline}/>`);
    if (animal) headParts.push(animalFace(spec, head));
    if (spec.kind === 'dog') headParts.push(dogEars(spec, head, grad));
    headParts.push(face(spec, head, build, animal));
    if (spec.kind === 'person') headParts.push(frontHair(spec, head, hairFill));
    if (spec.kind === 'person' && spec.earrings) {
      for (const side of [-1, 1]) {
        const ex = cx + side * rx * 0.97;
        const ey = cy + ry * 0.12 + rx * 0.17;
        headParts.push(`<circle cx="${r(ex)}" cy="${r(ey)}" r="${r(rx * 0.035)}" fill="#f2c84b"/><circle cx="${r(ex)}" cy="${r(ey + rx * 0.11)}" r="${r(rx * 0.075)}" fill="none" stroke="#e6b422" stroke-width="${r(rx * 0.03)}"/><circle cx="${r(ex)}" cy="${r(ey + rx * 0.18)}" r="${r(rx * 0.035)}" fill="${spec.outfitAccent}"/>`);
      }
    }
  }
  if (shading === 'gloss' && !robot) headParts.push(`<ellipse cx="${cx - rx * 0.45}" cy="${cy - ry * 0.55}" rx="${rx * 0.22}" ry="${ry * 0.1}" transform="rotate(-30 ${cx - rx * 0.45} ${cy - ry * 0.55})" fill="#fff" opacity="0.35"/>`);
  if (spec.glasses && !robot) {
    const ey = cy + ry * 0.1;
    headParts.push(`<g fill="#bfe3ff" fill-opacity="0.18" stroke="#2a2230" stroke-width="${rx * 0.05}"><circle cx="${cx - rx * 0.38}" cy="${ey}" r="${rx * 0.27}"/><circle cx="${cx + rx * 0.38}" cy="${ey}" r="${rx * 0.27}"/></g><path d="M${cx - rx * 0.12},${ey - rx * 0.04} q${rx * 0.12},-${rx * 0.08} ${rx * 0.24},0" fill="none" stroke="#2a2230" stroke-width="${rx * 0.05}"/>`);
  }
  headParts.push(headwear(spec, head, grad));

  const pivotY = build === 'bust' ? cy + ry : cy + ry * 0.9;
  const headGroup = `<g transform="rotate(${r(spec.tilt)} ${cx} ${r(pivotY)})">${behind.join('')}${headParts.join('')}</g>`;
  return `<defs>${defs.join('')}</defs>${body.join('')}${headGroup}${front.join('')}`;
}

/** The held thing in a 100×100 box, outlined on the soft (inked) shading like the figure. */
function heldDrawing(spec: FigureSpec, shading: Shading): string {
  if (spec.stage && shading === 'soft') return heldSvg(spec.stage, spec.outfitAccent, STAGE_INK) ?? '';
  return spec.propSvg ?? icon(spec.prop ?? '', spec.outfitAccent);
}

/** The ink line of staged icons on the soft (outlined) shading. */
export const STAGE_INK = '#3a2a34';

function poseAngles(pose: Pose): [number, number] {
  switch (pose) {
    case 'wave': return [18, 150];
    case 'cheer': return [145, 145];
    case 'hold': return [16, 70];
    // One fist up ahead of the flyer.
    case 'fly': return [28, 168];
    // Swinging: one arm forward and out, one back.
    case 'run': return [62, 28];
    // Out to the sides for balance on a board.
    case 'balance': return [88, 84];
    // Forward and down to the handlebars or the reins.
    case 'ride': return [40, 40];
    default: return [20, 20];
  }
}

function backHair(spec: FigureSpec, h: Head, fill: string, outline: string): string {
  const { cx, cy, rx, ry } = h;
  switch (spec.hairStyle) {
    case 'bald': return '';
    case 'long':
      // Flowing hair: full at the crown, tapering and curling out over the shoulders.
      return `<path d="M${r(cx - rx * 1.12)},${r(cy)} C${r(cx - rx * 1.2)},${r(cy - ry * 1.35)} ${r(cx + rx * 1.2)},${r(cy - ry * 1.35)} ${r(cx + rx * 1.12)},${r(cy)} C${r(cx + rx * 1.2)},${r(cy + ry * 0.7)} ${r(cx + rx * 1.35)},${r(cy + ry * 1.2)} ${r(cx + rx * 1.25)},${r(cy + ry * 1.6)} Q${r(cx + rx * 0.9)},${r(cy + ry * 1.75)} ${r(cx + rx * 0.55)},${r(cy + ry * 1.45)} L${r(cx - rx * 0.55)},${r(cy + ry * 1.45)} Q${r(cx - rx * 0.9)},${r(cy + ry * 1.75)} ${r(cx - rx * 1.25)},${r(cy + ry * 1.6)} C${r(cx - rx * 1.35)},${r(cy + ry * 1.2)} ${r(cx - rx * 1.2)},${r(cy + ry * 0.7)} ${r(cx - rx * 1.12)},${r(cy)}Z" fill="${fill}" ${outline}/>`;
    case 'straight':
      // Sleek and straight, falling past the shoulders with a blunt cut.
      return `<path d="M${r(cx - rx * 1.1)},${r(cy)} C${r(cx - rx * 1.18)},${r(cy - ry * 1.35)} ${r(cx + rx * 1.18)},${r(cy - ry * 1.35)} ${r(cx + rx * 1.1)},${r(cy)} L${r(cx + rx * 1.14)},${r(cy + ry * 1.55)} L${r(cx - rx * 1.14)},${r(cy + ry * 1.55)}Z" fill="${fill}" ${outline}/>` +
        `<path d="M${r(cx - rx * 0.95)},${r(cy + ry * 0.2)} L${r(cx - rx * 0.98)},${r(cy + ry * 1.45)} M${r(cx + rx * 0.95)},${r(cy + ry * 0.2)} L${r(cx + rx * 0.98)},${r(cy + ry * 1.45)}" stroke="#fff" stroke-width="${r(rx * 0.03)}" opacity="0.25"/>`;
    case 'curly': {
      let s = '';
      for (let i = 0; i < 11; i++) {
        const a = Math.PI * (0.95 + (i / 10) * 1.1);
        s += `<circle cx="${r(cx + Math.cos(a) * rx * 1.02)}" cy="${r(cy - ry * 0.05 + Math.sin(a) * ry * 1.0)}" r="${r(rx * 0.3)}" fill="${fill}"/>`;
      }
      return s + `<ellipse cx="${cx}" cy="${cy + ry * 0.15}" rx="${rx * 1.2}" ry="${ry * 0.9}" fill="${fill}"/>`;
    }
    case 'ponytail':
      return `<ellipse cx="${cx + rx * 0.95}" cy="${cy + ry * 0.5}" rx="${rx * 0.28}" ry="${ry * 0.7}" transform="rotate(-20 ${cx + rx * 0.95} ${cy + ry * 0.5})" fill="${fill}"/><ellipse cx="${cx}" cy="${cy - ry * 0.1}" rx="${rx * 1.08}" ry="${ry * 1.03}" fill="${fill}"/>`;
    case 'bun':
      return `<circle cx="${cx}" cy="${cy - ry * 1.08}" r="${rx * 0.38}" fill="${fill}" ${outline}/><ellipse cx="${cx}" cy="${cy - ry * 0.1}" rx="${rx * 1.08}" ry="${ry * 1.03}" fill="${fill}"/>`;
    default:
      return `<ellipse cx="${cx}" cy="${cy - ry * 0.12}" rx="${rx * 1.07}" ry="${ry * 1.0}" fill="${fill}"/>`;
  }
}

function frontHair(spec: FigureSpec, h: Head, fill: string): string {
  const { cx, cy, rx, ry } = h;
  if (spec.hairStyle === 'bald') return `<ellipse cx="${cx - rx * 0.3}" cy="${cy - ry * 0.6}" rx="${rx * 0.25}" ry="${ry * 0.1}" fill="#fff" opacity="0.3"/>`;
  const p = (x: number, y: number) => `${r(cx + x * rx)},${r(cy + y * ry)}`;
  const fringe = spec.feminine || spec.hairStyle === 'long' || spec.hairStyle === 'straight'
    ? `M${p(-1.08, 0.25)} C${p(-1.2, -1.3)} ${p(1.2, -1.3)} ${p(1.08, 0.25)} C${p(1.0, -0.25)} ${p(0.75, -0.5)} ${p(0.15, -0.55)} C${p(-0.2, -0.3)} ${p(-0.55, -0.2)} ${p(-0.8, -0.15)} C${p(-0.95, -0.05)} ${p(-1.0, 0.1)} ${p(-1.08, 0.25)}Z`
    : `M${p(-1.07, 0.05)} C${p(-1.15, -1.3)} ${p(1.15, -1.3)} ${p(1.07, 0.05)} C${p(0.95, -0.35)} ${p(0.8, -0.45)} ${p(0.55, -0.42)} C${p(0.35, -0.6)} ${p(0.1, -0.55)} ${p(-0.05, -0.45)} C${p(-0.3, -0.62)} ${p(-0.6, -0.55)} ${p(-0.75, -0.38)} C${p(-0.92, -0.35)} ${p(-1.0, -0.2)} ${p(-1.07, 0.05)}Z`;
  const curls = spec.hairStyle === 'curly'
    ? Array.from({ length: 7 }, (_, i) => `<circle cx="${r(cx + (i - 3) * rx * 0.28)}" cy="${r(cy - ry * (0.72 + 0.1 * Math.cos(i)))}" r="${r(rx * 0.2)}" fill="${fill}"/>`).join('')
    : '';
  return `<path d="${fringe}" fill="${fill}"/>${curls}<path d="M${p(-0.7, -0.6)} Q${p(-0.35, -0.95)} ${p(0.1, -0.92)}" fill="none" stroke="#fff" stroke-width="${r(rx * 0.07)}" stroke-linecap="round" opacity="0.35"/>`;
}

function face(spec: FigureSpec, h: Head, build: Build, animal: boolean): string {
  const { cx, cy, rx, ry } = h;
  const bust = build === 'bust';
  const eyeY = cy + ry * (animal ? 0.0 : 0.1);
  const ex = rx * (bust ? 0.36 : 0.38);
  const erx = rx * (bust ? 0.17 : 0.2) * spec.eyeScale;
  const ery = rx * (bust ? 0.12 : 0.25) * spec.eyeScale;
  const lash = '#2a1a1a';
  const out: string[] = [];
  for (const s of [-1, 1]) {
    const x = cx + s * ex;
    if (spec.asleep) {
      // Closed: a lid line curving down, with lashes.
      out.push(`<path d="M${r(x - erx)},${r(eyeY)} Q${r(x)},${r(eyeY + ery * 0.7)} ${r(x + erx)},${r(eyeY)}" fill="none" stroke="${lash}" stroke-width="${r(rx * 0.05)}" stroke-linecap="round"/>`);
      continue;
    }
    if (spec.expression === 'wink' && s === 1) {
      out.push(`<path d="M${r(x - erx)},${r(eyeY)} Q${r(x)},${r(eyeY - ery * 0.9)} ${r(x + erx)},${r(eyeY)}" fill="none" stroke="${lash}" stroke-width="${r(rx * 0.05)}" stroke-linecap="round"/>`);
      continue;
    }
    const ix = x + spec.lookX * erx * 0.6;
    const ir = Math.min(erx, ery) * (bust ? 0.95 : 0.78);
    out.push(`<ellipse cx="${r(x)}" cy="${r(eyeY)}" rx="${r(erx)}" ry="${r(ery)}" fill="#fdfdfd"/>`);
    out.push(`<circle cx="${r(ix)}" cy="${r(eyeY + ery * 0.12)}" r="${r(ir)}" fill="${spec.eyes}"/>`);
    out.push(`<circle cx="${r(ix)}" cy="${r(eyeY + ery * 0.12)}" r="${r(ir * 0.62)}" fill="${darken(spec.eyes, 0.35)}"/>`);
    out.push(`<circle cx="${r(ix)}" cy="${r(eyeY + ery * 0.12)}" r="${r(ir * 0.42)}" fill="#140c10"/>`);
    out.push(`<circle cx="${r(ix - ir * 0.35)}" cy="${r(eyeY - ir * 0.3)}" r="${r(ir * 0.3)}" fill="#fff"/>`);
    out.push(`<circle cx="${r(ix + ir * 0.35)}" cy="${r(eyeY + ir * 0.45)}" r="${r(ir * 0.13)}" fill="#fff" opacity="0.9"/>`);
    out.push(`<path d="M${r(x - erx * 1.08)},${r(eyeY + ery * 0.1)} Q${r(x)},${r(eyeY - ery * 1.35)} ${r(x + erx * 1.08)},${r(eyeY + ery * 0.1)}" fill="none" stroke="${lash}" stroke-width="${r(rx * (bust ? 0.035 : 0.04))}" stroke-linecap="round"/>`);
    if (spec.feminine || build === 'doll' || bust) {
      const ox = x + s * erx;
      out.push(`<path d="M${r(ox - s * erx * 0.15)},${r(eyeY - ery * 0.35)} l${r(s * rx * 0.08)},${r(-rx * 0.06)} M${r(ox - s * erx * 0.4)},${r(eyeY - ery * 0.75)} l${r(s * rx * 0.06)},${r(-rx * 0.08)}" stroke="${lash}" stroke-width="${r(rx * 0.025)}" stroke-linecap="round"/>`);
    }
    if (!animal) {
      const by = eyeY - ery - rx * (bust ? 0.14 : 0.12);
      out.push(`<path d="M${r(x - erx * 0.9)},${r(by + rx * 0.03)} Q${r(x)},${r(by - rx * 0.07)} ${r(x + erx * 0.9)},${r(by + (s === 1 ? -rx * 0.01 : rx * 0.03))}" fill="none" stroke="${darken(spec.hair, 0.3)}" stroke-width="${r(rx * 0.05)}" stroke-linecap="round"/>`);
    }
  }
  if (!animal) {
    out.push(`<ellipse cx="${cx}" cy="${r(cy + ry * 0.4)}" rx="${r(rx * 0.07)}" ry="${r(rx * 0.05)}" fill="${darken(spec.skin, 0.18)}"/>`);
    out.push(`<ellipse cx="${r(cx - rx * 0.02)}" cy="${r(cy + ry * 0.38)}" rx="${r(rx * 0.025)}" ry="${r(rx * 0.015)}" fill="#fff" opacity="0.6"/>`);
  }
  const my = cy + ry * (animal ? 0.62 : 0.6);
  const mw = rx * (bust ? 0.2 : 0.24);
  if (bust && spec.smiling) {
    // A smile with teeth, the corners up.
    const w = mw * 1.2;
    out.push(`<path d="M${r(cx - w)},${r(my - rx * 0.03)} Q${r(cx)},${r(my + rx * 0.2)} ${r(cx + w)},${r(my - rx * 0.03)} Q${r(cx)},${r(my + rx * 0.03)} ${r(cx - w)},${r(my - rx * 0.03)}Z" fill="#6b1e2e"/>`);
    out.push(`<path d="M${r(cx - w * 0.82)},${r(my + rx * 0.005)} Q${r(cx)},${r(my + rx * 0.06)} ${r(cx + w * 0.82)},${r(my + rx * 0.005)} Q${r(cx)},${r(my + rx * 0.095)} ${r(cx - w * 0.82)},${r(my + rx * 0.005)}Z" fill="#fff"/>`);
    out.push(`<path d="M${r(cx - w)},${r(my - rx * 0.03)} Q${r(cx)},${r(my + rx * 0.2)} ${r(cx + w)},${r(my - rx * 0.03)}" fill="none" stroke="${spec.feminine ? '#c2334d' : darken(spec.skin, 0.35)}" stroke-width="${r(rx * 0.03)}" stroke-linecap="round"/>`);
  } else if (bust) {
    out.push(`<path d="M${r(cx - mw)},${r(my)} Q${r(cx)},${r(my - rx * 0.07)} ${r(cx + mw)},${r(my)} Q${r(cx)},${r(my + rx * 0.14)} ${r(cx - mw)},${r(my)}Z" fill="${spec.feminine ? '#c2334d' : darken(spec.skin, 0.3)}"/>`);
    out.push(`<path d="M${r(cx - mw)},${r(my)} Q${r(cx)},${r(my + rx * 0.04)} ${r(cx + mw)},${r(my)}" fill="none" stroke="#5a1a24" stroke-width="${r(rx * 0.015)}"/>`);
  } else if (spec.expression === 'calm') {
    out.push(`<path d="M${r(cx - mw * 0.6)},${r(my + rx * 0.03)} Q${r(cx)},${r(my + rx * 0.07)} ${r(cx + mw * 0.6)},${r(my + rx * 0.03)}" fill="none" stroke="#5a1a24" stroke-width="${r(rx * 0.04)}" stroke-linecap="round"/>`);
  } else if (spec.expression === 'smile' || spec.expression === 'wink') {
    out.push(`<path d="M${r(cx - mw)},${r(my)} Q${r(cx)},${r(my + rx * 0.2)} ${r(cx + mw)},${r(my)}" fill="none" stroke="#5a1a24" stroke-width="${r(rx * 0.045)}" stroke-linecap="round"/>`);
  } else {
    const open = spec.expression === 'open' ? 0.32 : 0.24;
    out.push(`<path d="M${r(cx - mw)},${r(my)} Q${r(cx)},${r(my + rx * open)} ${r(cx + mw)},${r(my)}Z" fill="#6b1e2e"/>`);
    out.push(`<path d="M${r(cx - mw * 0.85)},${r(my + rx * 0.01)} L${r(cx + mw * 0.85)},${r(my + rx * 0.01)} L${r(cx + mw * 0.75)},${r(my + rx * 0.05)} L${r(cx - mw * 0.75)},${r(my + rx * 0.05)}Z" fill="#fff"/>`);
    out.push(`<ellipse cx="${cx}" cy="${r(my + rx * open * 0.38)}" rx="${r(mw * 0.5)}" ry="${r(rx * open * 0.14)}" fill="#e46a7e"/>`);
  }
  if (!bust || spec.feminine) {
    for (const s of [-1, 1]) out.push(`<ellipse cx="${r(cx + s * rx * 0.58)}" cy="${r(cy + ry * 0.45)}" rx="${r(rx * 0.15)}" ry="${r(rx * 0.09)}" fill="#ff6f8e" opacity="${bust ? 0.2 : 0.32}"/>`);
  }
  return out.join('');
}

function animalEars(spec: FigureSpec, h: Head, outline: string, grad: (n: string, c: string) => string): string {
  const { cx, cy, rx, ry } = h;
  const fill = grad('ear', spec.skin);
  const inner = '#f6a8b8';
  const P = (x: number, y: number) => `${r(cx + x * rx)},${r(cy + y * ry)}`;
  switch (spec.kind) {
    case 'cat':
    case 'fox': {
      const tall = spec.kind === 'fox' ? 1.45 : 1.2;
      let s = '';
      for (const m of [-1, 1]) {
        s += `<path d="M${P(m * 0.92, -0.35)} L${P(m * 0.78, -tall)} L${P(m * 0.2, -0.85)}Z" fill="${fill}" stroke-linejoin="round" ${outline}/>`;
        s += `<path d="M${P(m * 0.8, -0.5)} L${P(m * 0.74, -tall + 0.2)} L${P(m * 0.38, -0.82)}Z" fill="${spec.kind === 'fox' ? '#2a2230' : inner}" opacity="0.85"/>`;
      }
      return s;
    }
    case 'dog':
      return ''; // floppy ears hang in front of the head, see dogEars()
    case 'bear': {
      let s = '';
      for (const m of [-1, 1]) s += `<circle cx="${r(cx + m * rx * 0.72)}" cy="${r(cy - ry * 0.78)}" r="${r(rx * 0.3)}" fill="${fill}"/><circle cx="${r(cx + m * rx * 0.72)}" cy="${r(cy - ry * 0.78)}" r="${r(rx * 0.16)}" fill="${lighten(spec.skin, 0.35)}"/>`;
      return s;
    }
    case 'rabbit': {
      let s = '';
      for (const m of [-1, 1]) s += `<ellipse cx="${r(cx + m * rx * 0.38)}" cy="${r(cy - ry * 1.35)}" rx="${r(rx * 0.2)}" ry="${r(ry * 0.62)}" transform="rotate(${m * 10} ${r(cx + m * rx * 0.38)} ${r(cy - ry * 0.8)})" fill="${fill}"/><ellipse cx="${r(cx + m * rx * 0.38)}" cy="${r(cy - ry * 1.3)}" rx="${r(rx * 0.1)}" ry="${r(ry * 0.45)}" transform="rotate(${m * 10} ${r(cx + m * rx * 0.38)} ${r(cy - ry * 0.8)})" fill="${inner}"/>`;
      return s;
    }
    default:
      return '';
  }
}

function dogEars(spec: FigureSpec, h: Head, grad: (n: string, c: string) => string): string {
  const { cx, cy, rx, ry } = h;
  const ear = grad('dogear', darken(spec.skin, 0.35));
  let s = '';
  for (const m of [-1, 1]) {
    const ex = cx + m * rx * 0.9;
    const ey = cy - ry * 0.05;
    s += `<path d="M${r(ex - m * rx * 0.12)},${r(cy - ry * 0.62)} C${r(ex + m * rx * 0.35)},${r(cy - ry * 0.7)} ${r(ex + m * rx * 0.38)},${r(ey + ry * 0.45)} ${r(ex + m * rx * 0.12)},${r(ey + ry * 0.62)} C${r(ex - m * rx * 0.08)},${r(ey + ry * 0.72)} ${r(ex - m * rx * 0.22)},${r(ey + ry * 0.3)} ${r(ex - m * rx * 0.12)},${r(cy - ry * 0.62)}Z" fill="${ear}"/>`;
  }
  return s;
}

function animalFace(spec: FigureSpec, h: Head): string {
  const { cx, cy, rx, ry } = h;
  const muzzle = spec.kind === 'fox' ? '#fff8f0' : lighten(spec.skin, 0.55);
  let s = '';
  if (spec.kind === 'fox') {
    s += `<path d="M${r(cx - rx)},${r(cy + ry * 0.1)} Q${r(cx - rx * 0.4)},${r(cy + ry * 0.15)} ${r(cx)},${r(cy + ry * 0.35)} Q${r(cx + rx * 0.4)},${r(cy + ry * 0.15)} ${r(cx + rx)},${r(cy + ry * 0.1)} Q${r(cx + rx * 0.8)},${r(cy + ry * 0.95)} ${r(cx)},${r(cy + ry)} Q${r(cx - rx * 0.8)},${r(cy + ry * 0.95)} ${r(cx - rx)},${r(cy + ry * 0.1)}Z" fill="${muzzle}"/>`;
  } else {
    s += `<ellipse cx="${cx}" cy="${r(cy + ry * 0.5)}" rx="${r(rx * 0.42)}" ry="${r(ry * 0.3)}" fill="${muzzle}"/>`;
  }
  const noseC = spec.kind === 'cat' || spec.kind === 'rabbit' ? '#f07a95' : '#2a1e22';
  s += `<path d="M${r(cx - rx * 0.1)},${r(cy + ry * 0.34)} Q${cx},${r(cy + ry * 0.28)} ${r(cx + rx * 0.1)},${r(cy + ry * 0.34)} Q${cx},${r(cy + ry * 0.48)} ${r(cx - rx * 0.1)},${r(cy + ry * 0.34)}Z" fill="${noseC}"/>`;
  s += `<ellipse cx="${r(cx - rx * 0.03)}" cy="${r(cy + ry * 0.33)}" rx="${r(rx * 0.03)}" ry="${r(rx * 0.015)}" fill="#fff" opacity="0.7"/>`;
  if (spec.kind === 'cat') {
    for (const m of [-1, 1]) s += `<path d="M${r(cx + m * rx * 0.35)},${r(cy + ry * 0.5)} l${r(m * rx * 0.45)},${r(-ry * 0.06)} M${r(cx + m * rx * 0.35)},${r(cy + ry * 0.58)} l${r(m * rx * 0.45)},${r(ry * 0.04)}" stroke="#3a3238" stroke-width="${r(rx * 0.018)}" stroke-linecap="round" opacity="0.7"/>`;
  }
  if (spec.kind === 'rabbit') s += `<rect x="${r(cx - rx * 0.07)}" y="${r(cy + ry * 0.68)}" width="${r(rx * 0.14)}" height="${r(rx * 0.12)}" rx="${r(rx * 0.02)}" fill="#fff" stroke="#caa" stroke-width="2"/>`;
  return s;
}

function headwear(spec: FigureSpec, h: Head, grad: (n: string, c: string) => string): string {
  const { cx, cy, rx, ry } = h;
  const P = (x: number, y: number) => `${r(cx + x * rx)},${r(cy + y * ry)}`;
  switch (spec.headwear) {
    case 'crown':
      return `<path d="M${P(-0.55, -0.78)} L${P(-0.62, -1.35)} L${P(-0.3, -1.08)} L${P(0, -1.45)} L${P(0.3, -1.08)} L${P(0.62, -1.35)} L${P(0.55, -0.78)}Z" fill="${grad('gold', '#f2c84b')}" stroke="#a67c10" stroke-width="${r(rx * 0.02)}"/><circle cx="${cx}" cy="${r(cy - ry * 1.0)}" r="${r(rx * 0.07)}" fill="#e0383e"/><circle cx="${r(cx - rx * 0.35)}" cy="${r(cy - ry * 0.92)}" r="${r(rx * 0.05)}" fill="#2f6fe0"/><circle cx="${r(cx + rx * 0.35)}" cy="${r(cy - ry * 0.92)}" r="${r(rx * 0.05)}" fill="#2f6fe0"/>`;
    case 'chef':
      return `<rect x="${r(cx - rx * 0.6)}" y="${r(cy - ry * 1.05)}" width="${r(rx * 1.2)}" height="${r(ry * 0.32)}" rx="${r(rx * 0.05)}" fill="#f4f4f6" stroke="#d8dbe2" stroke-width="4"/>` +
        [-0.45, 0, 0.45].map((x) => `<circle cx="${r(cx + x * rx)}" cy="${r(cy - ry * 1.3)}" r="${r(rx * 0.38)}" fill="${grad('chef', '#ffffff')}"/>`).join('');
    case 'wizard':
      return `<path d="M${P(-0.95, -0.65)} Q${P(0, -0.95)} ${P(0.95, -0.65)} L${P(0.25, -2.0)} Q${P(0.05, -1.7)} ${P(-0.1, -1.5)}Z" fill="${grad('wiz', '#5b3aa8')}"/><ellipse cx="${cx}" cy="${r(cy - ry * 0.72)}" rx="${r(rx * 1.15)}" ry="${r(ry * 0.16)}" fill="#4a2f8f"/><path d="M${P(-0.1, -1.25)} l${r(rx * 0.06)},${r(rx * 0.12)} l${r(rx * 0.13)},${r(rx * 0.01)} l-${r(rx * 0.1)},${r(rx * 0.08)} l${r(rx * 0.04)},${r(rx * 0.13)} l-${r(rx * 0.11)},-${r(rx * 0.07)} l-${r(rx * 0.11)},${r(rx * 0.07)} l${r(rx * 0.04)},-${r(rx * 0.13)} l-${r(rx * 0.1)},-${r(rx * 0.08)} l${r(rx * 0.13)},-${r(rx * 0.01)}Z" fill="#ffd23f"/>`;
    case 'cap':
      return `<path d="M${P(-1.02, -0.35)} C${P(-1.0, -1.3)} ${P(1.0, -1.3)} ${P(1.02, -0.35)}Z" fill="${grad('cap', spec.outfitAccent)}"/><path d="M${P(0.3, -0.42)} Q${P(1.3, -0.55)} ${P(1.5, -0.25)} Q${P(1.0, -0.2)} ${P(0.3, -0.3)}Z" fill="${darken(spec.outfitAccent, 0.2)}"/><circle cx="${cx}" cy="${r(cy - ry * 1.04)}" r="${r(rx * 0.06)}" fill="${darken(spec.outfitAccent, 0.3)}"/>`;
    case 'hat': {
      // A brimmed felt hat with a band: dark with a suit, warm felt otherwise.
      const felt = spec.clothes === 'formal' ? '#26262e' : '#8a6a4a';
      return `<ellipse cx="${cx}" cy="${r(cy - ry * 0.62)}" rx="${r(rx * 1.45)}" ry="${r(ry * 0.2)}" fill="${darken(felt, 0.15)}"/>` +
        `<path d="M${P(-0.78, -0.62)} L${P(-0.68, -1.28)} Q${P(-0.3, -1.42)} ${P(0, -1.22)} Q${P(0.3, -1.42)} ${P(0.68, -1.28)} L${P(0.78, -0.62)} Q${P(0, -0.5)} ${P(-0.78, -0.62)}Z" fill="${grad('hat', felt)}"/>` +
        `<path d="M${P(-0.77, -0.8)} Q${P(0, -0.68)} ${P(0.77, -0.8)} L${P(0.76, -0.66)} Q${P(0, -0.54)} ${P(-0.76, -0.66)}Z" fill="${spec.outfitAccent}"/>`;
    }
    case 'knight':
      // An open steel helm: dome, cheek guards, a nose guard and a red plume.
      return `<path d="M${P(0.05, -1.05)} C${P(0.5, -1.6)} ${P(1.2, -1.45)} ${P(1.35, -0.9)} C${P(1.0, -1.2)} ${P(0.5, -1.15)} ${P(0.1, -0.9)}Z" fill="${grad('plume', '#d8283a')}"/>` +
        `<path d="M${P(-1.1, 0.2)} C${P(-1.18, -1.45)} ${P(1.18, -1.45)} ${P(1.1, 0.2)} L${P(0.8, 0.28)} L${P(0.78, -0.3)} Q${P(0, -0.5)} ${P(-0.78, -0.3)} L${P(-0.8, 0.28)}Z" fill="${grad('helm', '#c3ccd6')}" stroke="#5a6270" stroke-width="${r(rx * 0.04)}" stroke-linejoin="round"/>` +
        `<path d="M${P(-0.07, -0.42)} L${P(0.07, -0.42)} L${P(0.06, 0.2)} L${P(-0.06, 0.2)}Z" fill="${grad('nasal', '#aab4c0')}" stroke="#5a6270" stroke-width="${r(rx * 0.03)}"/>` +
        `<path d="M${P(-0.9, -0.95)} Q${P(-0.4, -1.25)} ${P(0.1, -1.2)}" fill="none" stroke="#fff" stroke-width="${r(rx * 0.06)}" stroke-linecap="round" opacity="0.6"/>`;
    case 'helmet':
      return `<circle cx="${cx}" cy="${r(cy + ry * 0.05)}" r="${r(Math.max(rx, ry) * 1.28)}" fill="#cfe8ff" fill-opacity="0.18" stroke="#e8edf3" stroke-width="${r(rx * 0.08)}"/><path d="M${P(-0.8, -0.75)} Q${P(-0.3, -1.25)} ${P(0.35, -1.15)}" fill="none" stroke="#fff" stroke-width="${r(rx * 0.08)}" stroke-linecap="round" opacity="0.7"/><path d="M${P(-0.72, 1.12)} Q${P(0, 1.42)} ${P(0.72, 1.12)}" fill="none" stroke="#9aa3b0" stroke-width="${r(rx * 0.16)}" stroke-linecap="round"/><path d="M${P(-0.7, 1.08)} Q${P(0, 1.36)} ${P(0.7, 1.08)}" fill="none" stroke="#dfe4ea" stroke-width="${r(rx * 0.06)}" stroke-linecap="round"/>`;
    case 'headphones':
      return `<path d="M${P(-1.05, 0.1)} C${P(-1.2, -1.45)} ${P(1.2, -1.45)} ${P(1.05, 0.1)}" fill="none" stroke="#2a2230" stroke-width="${r(rx * 0.12)}"/><rect x="${r(cx - rx * 1.22)}" y="${r(cy - ry * 0.2)}" width="${r(rx * 0.34)}" height="${r(ry * 0.6)}" rx="${r(rx * 0.14)}" fill="${grad('hp', spec.outfitAccent)}"/><rect x="${r(cx + rx * 0.88)}" y="${r(cy - ry * 0.2)}" width="${r(rx * 0.34)}" height="${r(ry * 0.6)}" rx="${r(rx * 0.14)}" fill="${grad('hp', spec.outfitAccent)}"/>`;
    case 'bow':
      return `<g transform="translate(${r(cx + rx * 0.55)} ${r(cy - ry * 0.85)}) rotate(20)"><path d="M0,0 L${r(-rx * 0.4)},${r(-rx * 0.25)} L${r(-rx * 0.4)},${r(rx * 0.25)}Z M0,0 L${r(rx * 0.4)},${r(-rx * 0.25)} L${r(rx * 0.4)},${r(rx * 0.25)}Z" fill="${grad('bow', '#ff4f9a')}" stroke-linejoin="round" stroke="#ff4f9a" stroke-width="${r(rx * 0.08)}"/><circle r="${r(rx * 0.1)}" fill="#ff2f86"/></g>`;
    case 'flower':
      return Array.from({ length: 5 }, (_, i) => {
        const a = Math.PI * (1.15 + i * 0.175);
        const x = cx + Math.cos(a) * rx * 0.95;
        const y = cy - ry * 0.05 + Math.sin(a) * ry * 0.95;
        const c = ['#ff7fb0', '#ffd23f', '#ffffff', '#b79cf0', '#ff9b6a'][i];
        return `<g transform="translate(${r(x)} ${r(y)})">${[0, 72, 144, 216, 288].map((d) => `<ellipse cx="0" cy="${r(-rx * 0.08)}" rx="${r(rx * 0.06)}" ry="${r(rx * 0.09)}" transform="rotate(${d})" fill="${c}"/>`).join('')}<circle r="${r(rx * 0.05)}" fill="#f5a623"/></g>`;
      }).join('');
    default:
      return '';
  }
}

/** A chain with a pendant hanging from (x ± half, y), `drop` deep; `k` scales line widths. */
function necklace(x: number, y: number, half: number, drop: number, k: number, gem: string): string {
  return `<path d="M${r(x - half)},${r(y)} Q${r(x)},${r(y + drop * 1.6)} ${r(x + half)},${r(y)}" fill="none" stroke="#e6b422" stroke-width="${r(7 * k)}" stroke-linecap="round"/>` +
    `<path d="M${r(x - half)},${r(y)} Q${r(x)},${r(y + drop * 1.6)} ${r(x + half)},${r(y)}" fill="none" stroke="#fff3b0" stroke-width="${r(2.5 * k)}" stroke-dasharray="${r(4 * k)} ${r(7 * k)}" stroke-linecap="round"/>` +
    `<circle cx="${r(x)}" cy="${r(y + drop * 0.82)}" r="${r(15 * k)}" fill="#f2c84b" stroke="#a67c10" stroke-width="${r(3 * k)}"/><circle cx="${r(x)}" cy="${r(y + drop * 0.82)}" r="${r(8 * k)}" fill="${gem}"/>`;
}

/** The chibi torso's clothes (person): suit and tie, track jacket, or T-shirt and jeans belt. */
function torsoClothes(spec: FigureSpec, sY: number, hipY: number, shW: number, hipW: number, skinFill: string): string {
  const dark = darken(spec.outfit, 0.3);
  switch (spec.clothes) {
    case 'formal':
      return `<path d="M${300 - 58},${sY} L300,${sY + 120} L${300 + 58},${sY}Z" fill="#f6f6f8"/>` +
        `<path d="M${300 - 14},${sY + 6} L${300 + 14},${sY + 6} L${300 + 9},${sY + 22} L${300 + 20},${sY + 120} L300,${sY + 142} L${300 - 20},${sY + 120} L${300 - 9},${sY + 22}Z" fill="${spec.outfitAccent}" stroke="${darken(spec.outfitAccent, 0.35)}" stroke-width="3"/>` +
        `<path d="M${300 - 64},${sY - 2} L${300 - 8},${sY + 128} L${300 - 40},${sY + 150} L${300 - 82},${sY + 40}Z" fill="${dark}"/><path d="M${300 + 64},${sY - 2} L${300 + 8},${sY + 128} L${300 + 40},${sY + 150} L${300 + 82},${sY + 40}Z" fill="${dark}"/>` +
        `<circle cx="300" cy="${sY + 175}" r="9" fill="${darken(spec.outfit, 0.5)}"/><circle cx="300" cy="${sY + 215}" r="9" fill="${darken(spec.outfit, 0.5)}"/>` +
        `<path d="M${300 - shW + 34},${sY + 120} h46" stroke="${lighten(spec.outfit, 0.5)}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`;
    case 'sporty':
      return `<path d="M${300 - 46},${sY} Q300,${sY + 40} ${300 + 46},${sY}Z" fill="${skinFill}"/>` +
        `<path d="M${300 - 50},${sY - 2} Q300,${sY + 44} ${300 + 50},${sY - 2}" fill="none" stroke="${spec.outfitAccent}" stroke-width="12" stroke-linecap="round"/>` +
        `<path d="M300,${sY + 40} L300,${hipY - 26}" stroke="${lighten(spec.outfit, 0.45)}" stroke-width="5"/>` +
        [-1, 1].map((s) => `<path d="M${300 + s * (shW - 26)},${sY + 26} L${300 + s * (hipW - 16)},${hipY - 24}" stroke="${spec.outfitAccent}" stroke-width="12" stroke-linecap="round"/><path d="M${300 + s * (shW - 48)},${sY + 30} L${300 + s * (hipW - 36)},${hipY - 24}" stroke="${spec.outfitAccent}" stroke-width="7" stroke-linecap="round" opacity="0.9"/>`).join('') +
        `<rect x="${300 - hipW + 4}" y="${hipY - 40}" width="${(hipW - 4) * 2}" height="16" fill="${spec.outfitAccent}" opacity="0.85"/>`;
    case 'casual':
    default:
      return `<path d="M${300 - 48},${sY} Q300,${sY + 52} ${300 + 48},${sY}Z" fill="${skinFill}"/>` +
        `<path d="M${300 - 52},${sY - 2} Q300,${sY + 56} ${300 + 52},${sY - 2}" fill="none" stroke="${darken(spec.outfit, 0.18)}" stroke-width="10" stroke-linecap="round"/>` +
        `<rect x="${300 + 30}" y="${sY + 80}" width="44" height="46" rx="6" fill="none" stroke="${darken(spec.outfit, 0.22)}" stroke-width="5"/>` +
        `<rect x="${300 - hipW + 4}" y="${hipY - 46}" width="${(hipW - 4) * 2}" height="22" fill="#5a4636"/><rect x="${300 - 14}" y="${hipY - 48}" width="28" height="26" rx="4" fill="none" stroke="#d8c08a" stroke-width="5"/>`;
  }
}

/** The fashion doll's bodice with the clothes asked for (the skirt stays). */
function dollClothes(spec: FigureSpec, sY: number, waistY: number, shW: number, skinFill: string): string {
  switch (spec.clothes) {
    case 'formal':
      return `<path d="M${300 - 30},${sY + 6} L300,${sY + 80} L${300 + 30},${sY + 6}Z" fill="#f6f6f8"/>` +
        `<path d="M${300 - 7},${sY + 8} L${300 + 7},${sY + 8} L${300 + 10},${sY + 72} L300,${sY + 88} L${300 - 10},${sY + 72}Z" fill="${spec.outfitAccent}"/>` +
        `<path d="M${300 - 34},${sY + 4} L${300 - 4},${sY + 84} L${300 - 26},${sY + 100} L${300 - 48},${sY + 30}Z" fill="${darken(spec.outfit, 0.3)}"/><path d="M${300 + 34},${sY + 4} L${300 + 4},${sY + 84} L${300 + 26},${sY + 100} L${300 + 48},${sY + 30}Z" fill="${darken(spec.outfit, 0.3)}"/>`;
    case 'sporty':
      return [-1, 1].map((s) => `<path d="M${300 + s * (shW - 16)},${sY + 24} L${300 + s * 44},${waistY - 4} L${300 + s * 150},705" fill="none" stroke="${spec.outfitAccent}" stroke-width="9" stroke-linejoin="round"/>`).join('');
    case 'casual':
    default:
      return `<path d="M${300 - 30},${sY + 4} Q300,${sY + 40} ${300 + 30},${sY + 4}Z" fill="${skinFill}"/>`;
  }
}

/** The portrait build's neckline and clothes (person): suit and tie, track top, T-shirt, or the default V. */
function bustClothes(spec: FigureSpec, h: Head, sh: string, skinFill: string): string {
  const { cx, cy, ry } = h;
  const y0 = cy + ry;
  let s = '';
  switch (spec.clothes) {
    case 'formal':
      s += `<path d="M${cx - 120},${y0 + 92} L${cx},${y0 + 300} L${cx + 120},${y0 + 92}Z" fill="#f6f6f8"/>`;
      s += `<path d="M${cx - 26},${y0 + 100} L${cx + 26},${y0 + 100} L${cx + 16},${y0 + 140} L${cx + 38},${y0 + 330} L${cx},${y0 + 370} L${cx - 38},${y0 + 330} L${cx - 16},${y0 + 140}Z" fill="${spec.outfitAccent}" stroke="${darken(spec.outfitAccent, 0.35)}" stroke-width="5"/>`;
      s += `<path d="M${cx - 130},${y0 + 86} L${cx - 22},${y0 + 320} L${cx - 90},${y0 + 380} L${cx - 200},${y0 + 170}Z" fill="${darken(sh, 0.3)}"/><path d="M${cx + 130},${y0 + 86} L${cx + 22},${y0 + 320} L${cx + 90},${y0 + 380} L${cx + 200},${y0 + 170}Z" fill="${darken(sh, 0.3)}"/>`;
      break;
    case 'sporty':
      s += `<path d="M${cx - 100},${y0 + 92} Q${cx},${y0 + 170} ${cx + 100},${y0 + 92}Z" fill="${skinFill}"/>`;
      s += `<path d="M${cx - 106},${y0 + 90} Q${cx},${y0 + 178} ${cx + 106},${y0 + 90}" fill="none" stroke="${spec.outfitAccent}" stroke-width="20" stroke-linecap="round"/>`;
      for (const side of [-1, 1]) {
        for (const off of [0, 40]) s += `<path d="M${cx + side * (150 + off)},${y0 + 100} C${cx + side * (260 + off)},${y0 + 130} ${cx + side * (330 + off)},${y0 + 220} ${cx + side * (350 + off)},1000" fill="none" stroke="${spec.outfitAccent}" stroke-width="${off ? 12 : 20}"/>`;
      }
      s += `<path d="M${cx},${y0 + 150} L${cx},1000" stroke="${lighten(sh, 0.45)}" stroke-width="8"/>`;
      break;
    case 'casual':
      s += `<path d="M${cx - 110},${y0 + 92} Q${cx},${y0 + 200} ${cx + 110},${y0 + 92}Z" fill="${skinFill}"/>`;
      s += `<path d="M${cx - 116},${y0 + 90} Q${cx},${y0 + 208} ${cx + 116},${y0 + 90}" fill="none" stroke="${darken(sh, 0.2)}" stroke-width="16" stroke-linecap="round"/>`;
      break;
    default:
      s += `<path d="M${cx - 120},${y0 + 92} L${cx},${y0 + 260} L${cx + 120},${y0 + 92}Z" fill="${skinFill}"/>`;
      s += `<path d="M${cx - 130},${y0 + 88} L${cx},${y0 + 268} L${cx + 130},${y0 + 88}" fill="none" stroke="${darken(sh, 0.25)}" stroke-width="16" stroke-linejoin="round"/>`;
      s += `<path d="M${cx - 125},${y0 + 150} q-40,12 -120,-6" fill="none" stroke="${lighten(sh, 0.35)}" stroke-width="10" stroke-linecap="round" opacity="0.6"/>`;
      if (spec.feminine && !spec.necklace) s += `<circle cx="${cx}" cy="${y0 + 210}" r="16" fill="${spec.outfitAccent}" stroke="#fff" stroke-width="4"/>`;
  }
  if (spec.necklace) s += necklace(cx, y0 + 96, spec.clothes === 'formal' ? 70 : 96, 70, 1.6, spec.outfitAccent);
  return s;
}
