/**
 * Ghibli-like hand-painted pastoral: watercolour sky, towering painterly cumulus, layered soft
 * hills with a great tree and a cottage, the prompt's figure large in front on a path (its action
 * and props readable at a glance; an indoor place keeps its walls, no sky); finished as
 * watercolour (posterised pigment, soft bleeding, pencil-like edges) on textured paper. A photo's
 * cut-out person is drawn over the painted landscape as a cel (ghibliPerson).
 */
import { backdrop, backgroundHint, cloud, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import { lightOf, withSetting } from '../stage.js';
import { enlarge, fromRaw, glows, inkEdges, over, paperTexture, posterise, renderSvg, renderSvgOpaque, toRaw, type Raw } from '../raster.js';
import { inkMask, kuwahara, thicken, xdogMask } from '../effects.js';
import { figureLayer, finalGrade, pickPalette, place, stagedBox, vibeGrade } from '../scene.js';
import { personOver, placeScene, promptPlace, withAlphaOf } from '../cutout.js';
import { alphaOf, blurPlane, clamp255, distanceToSeeds, faceWeight, flatPaints, labelBorders, lumaAt, paintLabels, personColours, skinOf, snapTo } from './person-shading.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { darken, lighten, mix } from '../util/color.js';
import type { Rng } from '../util/rng.js';
import { linearGradient, r, smoothClosedPath, svgDoc } from '../util/svg.js';

export const ghibli: TrendRenderer = {
  slug: 'ghibli',
  name: 'Ghibli',
  aliases: ['ghibli-style', 'studio-ghibli', 'miyazaki', 'ghibli-art'],
  render: async (ctx) => {
    // The background is painted at half size: it is softened and quantised into pigment pools
    // anyway, so full-size detail would be thrown away (and cost four times as much). The
    // character is drawn afterwards at full size with clean lines, like a cel over a painting.
    const half = { ...ctx, W: Math.round(ctx.W / 2), H: Math.round(ctx.H / 2) };
    if (ctx.photo) {
      // The person cut out and standing in the Ghibli landscape (or the place the prompt names).
      const land = promptPlace(ctx) ? placeScene(ctx, 'nature', { primary: '#7fb86a', secondary: '#bfe3f5' }, 0) : async () => (await ghibliScene(half)).img;
      const person = await ctx.photo.cutout(half.W, half.H);
      if (person) {
        // A cel over a painting: the landscape painted as watercolour, the person drawn over it
        // as an animation character (soft cels, the film's palette, brown line art), both at
        // painting size (soft anyway) and enlarged once.
        const [painted, character] = await Promise.all([watercolour(ctx, await land(half.W, half.H), false), ghibliPerson(ctx, person)]);
        return finishPaper(ctx, await over(painted, [{ img: await enlarge(character, ctx.W, ctx.H) }]), true);
      }
      const painted = await paintPhoto(ctx, await personOver(ctx, half.W, half.H, land), ctx.photo.faceIn(half.W, half.H)?.box);
      return finishPaper(ctx, painted, true);
    }
    const scene = await ghibliScene(half);
    ctx.progress(45);
    let img = await watercolour(ctx, scene.img, false);
    img = await addCharacter(ctx, img, scene);
    return finishPaper(ctx, img, false);
  },
};

/** A cumulus tower: many overlapping puffs, shaded underneath, lit on top. */
function cumulus(x: number, y: number, w: number, rng: Rng, warm: boolean): string {
  const lit = warm ? '#fffaf2' : '#ffffff';
  const mid = warm ? '#f8e4d6' : '#dbe6f3';
  const shade = warm ? '#c2b0c8' : '#a3b7d2';
  let s = `<ellipse cx="${r(x)}" cy="${r(y + w * 0.05)}" rx="${r(w * 0.55)}" ry="${r(w * 0.11)}" fill="${shade}"/>`;
  const puffs: Array<[number, number, number]> = [];
  const n = rng.int(9, 13);
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const px = x + (t - 0.5) * w * 0.95;
    const height = Math.sin(Math.PI * t) * w * rng.range(0.3, 0.55);
    puffs.push([px, y - height * 0.6, w * rng.range(0.1, 0.17) + height * 0.25]);
  }
  for (let i = 0; i < 5; i++) puffs.push([x + rng.range(-0.2, 0.2) * w, y - w * rng.range(0.35, 0.6), w * rng.range(0.14, 0.2)]);
  for (const [px, py, pr] of puffs) s += `<circle cx="${r(px)}" cy="${r(py + pr * 0.12)}" r="${r(pr)}" fill="${mid}"/>`;
  for (const [px, py, pr] of puffs) s += `<circle cx="${r(px - pr * 0.12)}" cy="${r(py - pr * 0.1)}" r="${r(pr * 0.84)}" fill="${lit}"/>`;
  return s;
}

function ridge(W: number, H: number, baseY: number, amp: number, rng: Rng, peaks: number, bottom = H): string {
  const pts: Array<[number, number]> = [];
  pts.push([-W * 0.1, bottom + 10]);
  for (let i = 0; i <= peaks * 2; i++) {
    const x = -W * 0.1 + (i / (peaks * 2)) * W * 1.2;
    const y = baseY - (i % 2 === 1 ? amp * rng.range(0.5, 1) : amp * rng.range(0, 0.25));
    pts.push([x, y]);
  }
  pts.push([W * 1.1, bottom + 10]);
  return smoothClosedPath(pts);
}

function greatTree(x: number, groundY: number, h: number, rng: Rng, leaf: string): string {
  const trunkW = h * 0.09;
  let s = `<path d="M${r(x - trunkW * 1.5)},${r(groundY)} Q${r(x - trunkW * 0.6)},${r(groundY - h * 0.08)} ${r(x - trunkW * 0.55)},${r(groundY - h * 0.3)} L${r(x - trunkW * 1.6)},${r(groundY - h * 0.62)} L${r(x - trunkW * 0.9)},${r(groundY - h * 0.64)} L${r(x)},${r(groundY - h * 0.42)} L${r(x + trunkW * 1.2)},${r(groundY - h * 0.66)} L${r(x + trunkW * 1.8)},${r(groundY - h * 0.62)} L${r(x + trunkW * 0.55)},${r(groundY - h * 0.3)} Q${r(x + trunkW * 0.6)},${r(groundY - h * 0.08)} ${r(x + trunkW * 1.5)},${r(groundY)}Z" fill="#4a3a30"/>`;
  const shades = [darken(leaf, 0.35), darken(leaf, 0.2), leaf, lighten(leaf, 0.12)];
  for (let layer = 0; layer < 4; layer++) {
    const count = 9 - layer;
    for (let i = 0; i < count; i++) {
      const a = rng.range(0, Math.PI * 2);
      const rr = rng.range(0, 1) ** 0.7;
      const cx = x + Math.cos(a) * rr * h * 0.38 - layer * h * 0.02;
      const cy = groundY - h * 0.68 + Math.sin(a) * rr * h * 0.22 - layer * h * 0.03;
      s += `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(h * rng.range(0.13, 0.2))}" ry="${r(h * rng.range(0.1, 0.15))}" fill="${shades[layer]}"/>`;
    }
  }
  return s;
}

function cottage(x: number, y: number, w: number, rng: Rng): string {
  const h = w * 0.55;
  const roof = rng.pick(['#c8553d', '#b8473a', '#3f6a8a', '#d07a3a']);
  return `<rect x="${r(x - w / 2)}" y="${r(y - h)}" width="${r(w)}" height="${r(h)}" fill="#f4ecd8"/>` +
    `<rect x="${r(x - w / 2)}" y="${r(y - h)}" width="${r(w * 0.18)}" height="${r(h)}" fill="#dccfb4"/>` +
    `<path d="M${r(x - w * 0.62)},${r(y - h)} L${r(x - w * 0.1)},${r(y - h - w * 0.42)} L${r(x + w * 0.62)},${r(y - h - w * 0.38)} L${r(x + w * 0.6)},${r(y - h)}Z" fill="${roof}"/>` +
    `<rect x="${r(x + w * 0.25)}" y="${r(y - h - w * 0.5)}" width="${r(w * 0.1)}" height="${r(w * 0.22)}" fill="#8a5a44"/>` +
    `<rect x="${r(x - w * 0.2)}" y="${r(y - h * 0.7)}" width="${r(w * 0.14)}" height="${r(w * 0.14)}" fill="#6f8fb0"/>` +
    `<rect x="${r(x + w * 0.12)}" y="${r(y - h * 0.7)}" width="${r(w * 0.14)}" height="${r(w * 0.14)}" fill="#6f8fb0"/>` +
    `<rect x="${r(x - w * 0.04)}" y="${r(y - h * 0.45)}" width="${r(w * 0.12)}" height="${r(h * 0.45)}" fill="#7a5236"/>`;
}

async function ghibliScene(ctx: TrendContext): Promise<GhibliScene> {
  const { W, H, rng, prompt, options } = ctx;
  const S = Math.min(W, H);
  const warm = !!options.warm_lighting || rng.fork('warm').chance(0.35);
  const pal = pickPalette(rng.fork('palette'));
  const spec = figureFromPrompt(prompt, rng.fork('figure'), pal);
  // The chosen background, else the place the prompt names (a kitchen, a city, the beach, space); the meadow otherwise.
  const chosen = ctx.background ?? backgroundHint(prompt.text);
  const bgKind: BackgroundKind | undefined = chosen && chosen !== 'nature' && chosen !== 'studio' ? chosen : undefined;
  // The character is the picture's subject, as in the films' close shots: its drawing box about
  // 0.62 of the frame's height (the figure, or the group with its props, some 45-60 %), less when
  // the landscape is the point (nature_focus); capped by a narrow frame's width.
  const figScale = Math.min(options.nature_focus ? 0.46 : 0.62, (W / H) * 1.2);
  const defs: string[] = [];
  let body = '';
  let groundY: number;
  let figX = inFrame(spec, W * rng.range(0.38, 0.62), H * figScale, W);
  // What a chosen place brings besides its painting: a city's lights for the night, whether it is a room.
  let placeExtras: { lights?: string; indoor?: boolean } = {};

  if (bgKind) {
    // Another chosen background, painted in the same watercolour manner, with cumulus in the sky.
    const bd = backdrop(bgKind, W, H, rng.fork('backdrop'), pal, `${ctx.id}b`);
    defs.push(bd.defs);
    body += bd.body;
    placeExtras = { lights: bd.lights, indoor: bd.indoor };
    // Cumulus in an outdoor daytime sky only: a kitchen's wall keeps its cabinets, a night sky its stars.
    const night = ctx.prompt.plan?.setting?.timeOfDay === 'night';
    if (!bd.dark && !bd.indoor && !night) body += cumulus(W * rng.range(0.2, 0.8), H * 0.3, S * 0.5, rng.fork('cloud'), warm);
    groundY = bd.groundY;
  } else {
    const skyStops: Array<[number, string]> = warm
      ? [[0, '#4f7fc4'], [0.45, '#9fb9de'], [0.78, '#f4cfa6'], [1, '#ffdba0']]
      : [[0, '#2f86d6'], [0.5, '#7fc3ee'], [0.82, '#cfe9f2'], [1, '#f4f0d6']];
    defs.push(linearGradient(`${ctx.id}sky`, skyStops));
    body += `<rect width="${W}" height="${H}" fill="url(#${ctx.id}sky)"/>`;
    const cr = rng.fork('clouds');
    const bigLeft = cr.chance(0.5);
    body += cumulus(W * (bigLeft ? cr.range(0.25, 0.4) : cr.range(0.6, 0.75)), H * cr.range(0.36, 0.44), S * cr.range(0.45, 0.6), cr, warm);
    if (cr.chance(0.7)) body += cumulus(W * (bigLeft ? cr.range(0.75, 0.95) : cr.range(0.05, 0.25)), H * cr.range(0.24, 0.32), S * cr.range(0.3, 0.45), cr, warm);
    for (let i = 0; i < 3; i++) body += cloud(W * cr.range(0, 1), H * cr.range(0.06, 0.2), S * cr.range(0.12, 0.22), cr, warm ? '#fff4ea' : '#ffffff', warm ? '#e8cfc8' : '#cfdced');
    const hr = rng.fork('hills');
    const variant = hr.pick(['meadow', 'lake', 'village'] as const);
    const far = warm ? '#8f9cc4' : '#7fa6c8';
    body += `<path d="${ridge(W, H, H * 0.56, H * hr.range(0.08, 0.16), hr, hr.int(2, 4))}" fill="${far}"/>`;
    body += `<path d="${ridge(W, H, H * 0.6, H * 0.06, hr, 2)}" fill="${mix(far, '#7fae6a', 0.45)}"/>`;
    const mid = warm ? '#8fb35a' : '#74b35e';
    const midY = H * 0.66;
    const leaf = warm ? '#4f7a3a' : '#3a7a42';
    if (variant === 'lake') {
      // A still lake in the middle distance, mirroring the sky, with a far shore of trees.
      defs.push(linearGradient(`${ctx.id}lake`, warm ? [[0, '#e9c9b8'], [0.35, '#9fb0d8'], [1, '#5f7fb8']] : [[0, '#d6eef6'], [0.35, '#8cc8ea'], [1, '#3f8fc8']]));
      body += `<rect x="0" y="${r(H * 0.61)}" width="${W}" height="${r(H * 0.14)}" fill="url(#${ctx.id}lake)"/>`;
      body += `<rect x="0" y="${r(H * 0.612)}" width="${W}" height="${r(H * 0.018)}" fill="${darken(leaf, 0.1)}" opacity="0.45"/>`;
      for (let i = 0; i < 10; i++) body += `<rect x="${r(hr.range(0, W))}" y="${r(H * hr.range(0.63, 0.71))}" width="${r(W * hr.range(0.05, 0.2))}" height="${r(H * 0.004)}" fill="#ffffff" opacity="0.6"/>`;
      for (let i = 0; i < 30; i++) {
        const x = hr.range(-0.05, 1.05) * W;
        const rr = S * hr.range(0.015, 0.03);
        body += `<ellipse cx="${r(x)}" cy="${r(H * 0.605)}" rx="${r(rr)}" ry="${r(rr * 1.3)}" fill="${hr.pick([leaf, darken(leaf, 0.15), lighten(leaf, 0.1)])}"/>`;
      }
    } else {
      body += `<path d="${ridge(W, H, midY, H * 0.05, hr, 2)}" fill="${mid}"/>`;
      for (let i = 0; i < 26; i++) {
        const x = hr.range(-0.05, 1.05) * W;
        const y = midY - H * hr.range(0.0, 0.035);
        const rr = S * hr.range(0.025, 0.05);
        body += `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(rr)}" ry="${r(rr * 1.25)}" fill="${hr.pick([leaf, darken(leaf, 0.15), lighten(leaf, 0.1)])}"/>`;
      }
      if (variant === 'village') {
        const n = hr.int(3, 5);
        const vx = W * hr.range(0.25, 0.75);
        for (let i = 0; i < n; i++) body += cottage(vx + (i - n / 2) * S * 0.08 + hr.range(-10, 10), midY + H * hr.range(0.0, 0.03), S * hr.range(0.07, 0.1), hr);
      } else if (!options.nature_focus || hr.chance(0.5)) {
        body += cottage(W * hr.range(0.15, 0.85), midY + H * 0.015, S * 0.11, hr);
      }
    }
    // Near meadow with a sunlit crest and a winding path.
    const near = warm ? '#7fa84a' : '#5fa84a';
    const nearY = H * hr.range(0.74, 0.78);
    const crest = `M0,${r(nearY + H * 0.02)} Q${r(W * 0.35)},${r(nearY - H * 0.05)} ${r(W * 0.6)},${r(nearY)} T${W},${r(nearY - H * 0.01)}`;
    body += `<path d="${crest} L${W},${H} L0,${H}Z" fill="${near}"/>`;
    body += `<path d="${crest} L${W},${r(nearY + H * 0.03)} Q${r(W * 0.5)},${r(nearY)} 0,${r(nearY + H * 0.06)}Z" fill="${lighten(near, 0.25)}" opacity="0.8"/>`;
    const treeLeft = rng.fork('tree').chance(0.5);
    figX = inFrame(spec, treeLeft ? W * rng.range(0.45, 0.65) : W * rng.range(0.35, 0.55), H * figScale, W);
    body += `<path d="M${r(figX - W * 0.04)},${r(nearY + H * 0.07)} C${r(figX - W * 0.2)},${r(H * 0.88)} ${r(figX + W * 0.15)},${r(H * 0.92)} ${r(figX - W * 0.08)},${H} L${r(figX + W * 0.2)},${H} C${r(figX + W * 0.3)},${r(H * 0.92)} ${r(figX)},${r(H * 0.88)} ${r(figX + W * 0.04)},${r(nearY + H * 0.07)}Z" fill="#e8d6a8" opacity="0.9"/>`;
    // The great tree on one side (not always: open meadows too).
    const tr = rng.fork('tree');
    if (options.nature_focus || tr.chance(0.75)) {
      const treeX = treeLeft ? W * tr.range(0.04, 0.16) : W * tr.range(0.84, 0.96);
      body += greatTree(treeX, nearY + H * 0.05, H * (options.nature_focus ? 0.75 : tr.range(0.55, 0.68)), tr, warm ? '#4f7a3a' : '#3a7d42');
    }
    // Grass strokes and flowers in the foreground.
    const gr = rng.fork('grass');
    let grass = '';
    for (let i = 0; i < (options.nature_focus ? 170 : 110); i++) {
      const x = gr.range(0, W);
      const y = gr.range(nearY + H * 0.02, H);
      const len = S * gr.range(0.015, 0.04) * (0.6 + (y - nearY) / (H - nearY));
      grass += `<path d="M${r(x)},${r(y)} q${r(len * 0.3)},${r(-len * 0.6)} ${r(len * gr.range(0.2, 0.7))},${r(-len)}" stroke="${gr.pick(['#3f7f32', '#7cba52', '#a6d46a', '#4f9a40'])}" stroke-width="${r(S * 0.004)}" fill="none" stroke-linecap="round"/>`;
    }
    body += grass;
    const flowers = options.nature_focus ? 60 : 30;
    for (let i = 0; i < flowers; i++) body += `<circle cx="${r(gr.range(0, W))}" cy="${r(gr.range(nearY + H * 0.03, H))}" r="${r(S * gr.range(0.003, 0.007))}" fill="${gr.pick(['#ffffff', '#fff3a0', '#ffc2d6', '#f7e07a'])}"/>`;
    groundY = H * 0.9;
  }

  const set = withSetting({ defs: defs.join(''), body, groundY, dark: false, ...placeExtras }, ctx);
  let img = await renderSvgOpaque(svgDoc(W, H, set.defs, set.body));
  ctx.progress(30);
  // Warm sunlight washing over from the side away from the figure.
  img = glows(img, [{ cx: W * (figX < W / 2 ? 0.85 : 0.15), cy: H * 0.1, rx: W * 0.9, ry: H * 0.9, colour: warm ? '#ffd59a' : '#fff2cf', opacity: warm ? 0.45 : 0.3, blend: 'screen' }]);
  return { img, figX: figX / W, groundY: groundY / H, figScale, spec, warm };
}

/**
 * The figure's centre moved so its whole drawing (companions and props beside it included) stays
 * inside the frame; centred when it is wider than the frame.
 */
function inFrame(spec: GhibliScene['spec'], x: number, height: number, W: number): number {
  const b = stagedBox(spec, 'chibi', place('chibi', x, height, height));
  const margin = W * 0.02;
  if (b.w > W - 2 * margin) return x + W / 2 - (b.x + b.w / 2);
  if (b.x < margin) return x + margin - b.x;
  if (b.x + b.w > W - margin) return x - (b.x + b.w - (W - margin));
  return x;
}

interface GhibliScene {
  img: Raw;
  /** Figure position as fractions of the frame. */
  figX: number;
  groundY: number;
  figScale: number;
  spec: ReturnType<typeof figureFromPrompt>;
  warm: boolean;
}

/** The character at full size (soft cel shading, outlined), its shadow, and magical extras. */
async function addCharacter(ctx: TrendContext, img0: Raw, sc: GhibliScene): Promise<Raw> {
  const { W, H, rng, options } = ctx;
  const S = Math.min(W, H);
  const figX = sc.figX * W;
  const groundY = sc.groundY * H;
  const p = place('chibi', figX, groundY, H * sc.figScale);
  let img = glows(img0, [{ cx: figX, cy: groundY + S * 0.005, rx: p.width * 0.42, ry: S * 0.02, colour: '#2f4a20', opacity: 0.4, blend: 'multiply' }]);
  const figure = await figureLayer(sc.spec, 'chibi', 'soft', p, `${ctx.id}f`, W, H);
  img = lightOf(await over(img, [{ img: figure.img, left: figure.left, top: figure.top }]), ctx);
  if (options.magical_elements) {
    const m = rng.fork('magic');
    let extra = '';
    for (let i = 0; i < 28; i++) {
      const x = m.range(0, W);
      const y = m.range(H * 0.35, H * 0.95);
      const rr = S * m.range(0.004, 0.009);
      extra += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(rr * 3)}" fill="#fff7b0" opacity="0.25"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(rr)}" fill="#fffbe0"/>`;
    }
    // A small forest spirit peeking from the grass.
    const sx = figX + (figX < W / 2 ? 1 : -1) * p.width * 0.75;
    const sy = groundY - S * 0.01;
    extra += `<ellipse cx="${r(sx)}" cy="${r(sy - S * 0.035)}" rx="${r(S * 0.03)}" ry="${r(S * 0.04)}" fill="#f4f1ea"/><circle cx="${r(sx - S * 0.01)}" cy="${r(sy - S * 0.045)}" r="${r(S * 0.005)}" fill="#2a2230"/><circle cx="${r(sx + S * 0.01)}" cy="${r(sy - S * 0.045)}" r="${r(S * 0.005)}" fill="#2a2230"/>`;
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, '', extra)) }]);
  }
  return img;
}

/** Watercolour: soften, quantise into pigment pools, pencil edges, scale up to the frame. */
async function watercolour(ctx: TrendContext, small: Raw, isPhoto: boolean): Promise<Raw> {
  const { W, H, options } = ctx;
  const S = Math.min(W, H);
  const painted = options.hand_painted !== false;
  const soft = await toRaw(fromRaw(small).blur(Math.max(0.5, S * (isPhoto ? 0.0012 : 0.0006))));
  let img = await posterise(soft, painted ? 28 : 40, 1);
  // Pigment edges at painting size, so they come out as soft pencil lines once scaled up.
  img = await inkEdges(img, isPhoto ? 1.1 : 0.65, 0.6);
  img = await enlarge(img, W, H);
  ctx.progress(70, img);
  return img;
}

/**
 * The cut-out person as a hand-painted animation character, not a softened photo:
 * - flat painted colours: the person's colours simplified to a few paints (k-means on a smoothed
 *   copy, their borders rounded), in the film's palette (shadows lifted to a warm violet, lights to
 *   cream, colours clear but not loud);
 * - simple shadow shapes: one cool violet shade wherever a paint's broad light falls clearly
 *   below its own average, with a soft step;
 * - watercolour edges: pigment pooling a little darker along each paint's border, the whole
 *   softened by a pixel;
 * - the face one flat skin tone with one shadow, the features (eyes, brows, nostrils, mouth)
 *   drawn in from the photo's fine light against its broad light, so the person stays
 *   recognisable; brown line art from the result, the silhouette included.
 * RGBA in, RGBA out.
 */
async function ghibliPerson(ctx: TrendContext, layer: Raw): Promise<Raw> {
  const { width: W, height: H } = layer;
  const S = Math.min(W, H);
  const n = W * H;
  const face = ctx.photo?.faceIn(W, H)?.box;
  const alpha = alphaOf(layer);
  const colours = await personColours(layer, S * 0.02);
  const smooth = await toRaw(fromRaw(colours).median(5).blur(Math.max(0.8, S * 0.004)));
  const first = flatPaints(smooth, alpha, 9, 0.6);
  const rounded = await toRaw(fromRaw(paintLabels(first.labels, first.centres, W, H)).median(5).blur(Math.max(0.8, S * 0.006)));
  const { labels } = snapTo(rounded, first.centres);
  const paints = first.centres.map(filmColour);
  const L = Buffer.allocUnsafe(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) L[p] = lumaAt(colours.data, i);
  const fs = face ? face.width : S * 0.2;
  const [broad, fine] = await Promise.all([blurPlane(L, W, H, Math.max(2, S * 0.02)), blurPlane(L, W, H, Math.max(0.6, fs * 0.014))]);
  const faceBroad = await blurPlane(L, W, H, Math.max(2, fs * 0.09));
  // Each paint's own average light: its shadow is where the broad light falls clearly below it.
  const sum = new Float64Array(paints.length), cnt = new Float64Array(paints.length);
  for (let p = 0; p < n; p++) if (alpha[p] > 128) { sum[labels[p]] += broad[p]; cnt[labels[p]]++; }
  const mean = Array.from(sum, (v, k) => (cnt[k] > 0 ? v / cnt[k] : 128));
  const photoSkin = face ? skinOf(colours, face) : [230, 190, 160];
  // The film's warm skin, the photo's own pulled towards it (its light may tint a face grey or violet).
  const skin = filmColour(photoSkin.map((v, c) => v + (WARM_SKIN[c] - v) * 0.4));
  const skinL = Math.max(40, 0.299 * photoSkin[0] + 0.587 * photoSkin[1] + 0.114 * photoSkin[2]);
  const fw = faceWeight(face);
  const pool = distanceToSeeds(labelBorders(labels, alpha, W, H), W, H, 4);
  const rgb = Buffer.allocUnsafe(n * 3);
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      const i = p * 3;
      // Outside the person a flat grey, so the line art also draws the silhouette.
      if (alpha[p] < 128) { rgb[i] = rgb[i + 1] = rgb[i + 2] = 200; continue; }
      const f = fw(x, y);
      const c0 = paints[labels[p]];
      const c = f > 0 ? c0.map((v, ch) => v + (skin[ch] - v) * f) : c0;
      // One shadow shape: on the face by the face's broad light against the skin's, elsewhere by the paint's own.
      const ref = f > 0.5 ? skinL : mean[labels[p]];
      const lightHere = f > 0.5 ? faceBroad[p] : broad[p];
      const t = Math.max(0, Math.min(1, (ref * 0.84 - lightHere) / 10 + 0.5));
      // The features: the photo's fine light against its broad light, on the face only.
      const ratio = f > 0 ? Math.max(0.25, Math.min(1.35, fine[p] / Math.max(16, faceBroad[p]))) : 1;
      const mark = 1 + (ratio - 1) * f * (ratio < 1 ? 1.5 : 0.8);
      // Pigment pools darker along a paint's border.
      const edge = 1 - 0.1 * (1 - Math.min(1, pool[p] / 3)) * (1 - f);
      for (let ch = 0; ch < 3; ch++) rgb[i + ch] = clamp255(c[ch] * (1 + (SHADE[ch] - 1) * t) * mark * edge);
    }
  }
  let img: Raw = await toRaw(fromRaw({ data: rgb, width: W, height: H, channels: 3 }).blur(Math.max(0.5, S * 0.0015)));
  // Line art where the paints and features have a clear edge, at the drawing's scale.
  const lines = await thicken(await xdogMask(img, Math.max(0.8, S * 0.003), 5, 6), 0.6);
  img = inkMask(img, lines, '#4a3428', 0.75);
  return withAlphaOf(img, layer);
}

const WARM_SKIN = [242, 196, 164];

/** The shadow's tint: a cool violet shade of the paint. */
const SHADE = [0.76, 0.72, 0.86];

/** A photo colour in the film's palette: darks lifted to a warm violet, lights to cream, a little clearer. */
function filmColour([r0, g0, b0]: number[]): number[] {
  const l0 = (0.299 * r0 + 0.587 * g0 + 0.114 * b0) / 255;
  let [r, g, b] = [r0, g0, b0].map((v) => l0 * 255 + (v - l0 * 255) * 1.2);
  const lift = (1 - l0) * (1 - l0) * 0.3;
  r += (120 - r) * lift; g += (92 - g) * lift; b += (104 - b) * lift;
  const cream = Math.max(0, l0 - 0.6) * 0.5;
  r += (255 - r) * cream; g += (246 - g) * cream; b += (226 - b) * cream;
  return [clamp255(r), clamp255(g), clamp255(b)];
}

/** Paper grain and blotches over everything, a warm grade and a soft sepia vignette. */
async function finishPaper(ctx: TrendContext, img0: Raw, isPhoto: boolean): Promise<Raw> {
  const { options } = ctx;
  const img = await paperTexture(img0, ctx.rng.fork('paper'), options.hand_painted ? 0.42 : 0.28, '#fffaf0');
  const warm = options.warm_lighting ? 0.6 : 0.15;
  return finalGrade(img, { warmth: warm, saturation: isPhoto ? 1.1 : 1.12, contrast: 0.04, brightness: 1.04 }, vibeGrade(ctx.req.vibe), 0.22, '#6b4a2f');
}

/**
 * A photo as a hand-painted still: flat brush areas (Kuwahara, then few pigments), the airy
 * palette (lifted violet shadows, sky blues and meadow greens pushed to painted tones), pale
 * bright walls and windows above the subject become a painted sky, soft sepia ink lines.
 * Works at painting size (half the frame) and scales up.
 */
async function paintPhoto(ctx: TrendContext, small: Raw, face?: { left: number; top: number; width: number; height: number }): Promise<Raw> {
  const { W, H, options } = ctx;
  const w = small.width;
  const h = small.height;
  const S = Math.min(w, h);
  let img = await kuwahara(small, Math.max(2, Math.round(S / 170)), 2);
  img = paintedTones(img, face, options.hand_painted !== false);
  img = await posterise(img, options.hand_painted !== false ? 18 : 30, 1);
  img = await toRaw(fromRaw(img).blur(Math.max(0.5, S * 0.0025)));
  const lines = await thicken(await xdogMask(img, Math.max(0.6, S * 0.0028), 3, 8), 0.6);
  img = inkMask(img, lines, '#4a3428', 0.55);
  img = await enlarge(img, W, H);
  ctx.progress(70, img);
  return img;
}

/** Per-pixel repaint towards the palette of a pastoral animation background. */
function paintedTones(img: Raw, face: { left: number; top: number; width: number; height: number } | undefined, strong: boolean): Raw {
  const { width: W, height: H, data, channels } = img;
  const out = Buffer.allocUnsafe(W * H * 3);
  const fx = face ? face.left + face.width / 2 : W / 2;
  const fy = face ? face.top + face.height / 2 : H * 0.42;
  const frx = face ? face.width * 1.1 : W * 0.22;
  const fry = face ? face.height * 1.5 : H * 0.3;
  const k = strong ? 1 : 0.7;
  for (let y = 0, p = 0, o = 0; y < H; y++) {
    // The sky only in the upper part of the frame, fading out by two thirds down.
    const skyRow = Math.max(0, Math.min(1, (0.68 - y / H) / 0.3));
    const skyTop: [number, number, number] = [70 + 90 * (y / H), 150 + 60 * (y / H), 225 + 15 * (y / H)];
    for (let x = 0; x < W; x++, p += channels, o += 3) {
      let r = data[p], g = data[p + 1], b = data[p + 2];
      const mx = Math.max(r, g, b), mn = Math.min(r, g, b);
      const l = (r * 0.299 + g * 0.587 + b * 0.114) / 255;
      const sat = mx > 0 ? (mx - mn) / mx : 0;
      // Hue family: green-dominant or blue-dominant pixels get the painted greens and blues.
      // Only in the lights and mid-tones: dark hair and clothes keep their own colour.
      const lit = Math.max(0, Math.min(1, (l - 0.28) / 0.2));
      if (g > r && g >= b && sat > 0.12) {
        const t = 0.55 * k * lit * Math.min(1, sat * 2);
        r += (70 + 90 * l - r) * t; g += (140 + 90 * l - g) * t; b += (60 + 60 * l - b) * t;
      } else if (b > r && b > g && sat > 0.12) {
        const t = 0.55 * k * lit * Math.min(1, sat * 2);
        r += (70 + 150 * l - r) * t; g += (140 + 100 * l - g) * t; b += (215 + 40 * l - b) * t;
      }
      // Pale, flat walls and windows above the subject become sky.
      // Not skin (red over green over blue): a pale face beside the subject stays a face.
      if (skyRow > 0 && l > 0.58 && sat < 0.35 && !(r > g && g > b && r - b > 18)) {
        const ex = (x - fx) / frx, ey = (y - fy) / fry;
        const away = Math.min(1, Math.max(0, (ex * ex + ey * ey - 1) / 0.6));
        const t = skyRow * away * Math.min(1, (l - 0.58) / 0.15) * 0.9 * k;
        r += (skyTop[0] - r) * t; g += (skyTop[1] - g) * t; b += (skyTop[2] - b) * t;
      }
      // Airy shadows: never black, lifted towards a soft violet; lights towards warm cream.
      const lift = (1 - l) * (1 - l) * 0.35;
      r += (98 - r) * lift; g += (84 - g) * lift; b += (108 - b) * lift;
      out[o] = r < 0 ? 0 : r > 255 ? 255 : r;
      out[o + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      out[o + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}
