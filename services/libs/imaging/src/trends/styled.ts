/**
 * The shape most trend renderers share: a base picture (the member's photo framed on the face,
 * or a composed scene of the Background Style with a character from the prompt), face-driven
 * warps for the style flags, the trend's pixel treatment, then crisp SVG on top (frames, text).
 * A trend is a `StyleDef`; `styledTrend` turns it into a renderer.
 */
import { backdrop, backgroundHint, type BackgroundKind } from '../backgrounds.js';
import { groupCircle } from '../faces.js';
import { figureFromPrompt, STAGE_INK, type Build, type FigureSpec, type Shading } from '../figure.js';
import { glows, over, renderSvg, renderSvgSoft, type Raw } from '../raster.js';
import { figureGroup, hasFigureFace, pickPalette, place, type Palette, type Placement } from '../scene.js';
import { lightOf, stagePhoto, withSetting } from '../stage.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { svgDoc } from '../util/svg.js';

/** A face in frame pixels, from landmarks (photo) or from the drawn character's head (scene). */
export interface FaceGeom {
  box: { left: number; top: number; width: number; height: number };
  eyes: Array<{ x: number; y: number; r: number }>;
  mouth: { x: number; y: number; w: number };
  /** Points on the skin (cheeks, nose bridge) for sampling skin colour. */
  skin: Array<{ x: number; y: number }>;
  fromPhoto: boolean;
  /** A photo face's 68 landmarks, in frame pixels (as the photo was framed, before any face edit). */
  landmarks?: Array<{ x: number; y: number }>;
}

export interface SceneGeom {
  groundY: number;
  figX: number;
  place: Placement;
  dark: boolean;
  kind: BackgroundKind;
}

export interface StyleInput {
  photo: boolean;
  /** The photo came with a matte: the person was cut out (and restyled by `person`) into the scene. */
  cutout?: boolean;
  face?: FaceGeom;
  scene?: SceneGeom;
  palette: Palette;
}

export interface StyleDef {
  slug: string;
  name: string;
  aliases?: string[];
  /** Face height as a fraction of the frame for photo crops. */
  faceFraction?: number;
  /** Backgrounds this trend prefers when neither the chip nor the prompt chooses one. */
  backgrounds: readonly BackgroundKind[];
  build?: Build;
  shading?: Shading;
  /** Character height as a fraction of the frame's shorter side (default 0.72). */
  figureSize?: number;
  palette?: (ctx: TrendContext) => Palette;
  figure?: (spec: FigureSpec, ctx: TrendContext) => void;
  /** Backdrop override: SVG defs and body for the whole frame. */
  backdrop?: (ctx: TrendContext, pal: Palette) => { defs: string; body: string; groundY: number; dark: boolean } | undefined;
  /** SVG painted over the backdrop, behind the character. */
  sceneBack?: (ctx: TrendContext, g: SceneGeom, pal: Palette) => string;
  /** SVG painted in front of the character. */
  sceneFront?: (ctx: TrendContext, g: SceneGeom, pal: Palette) => string;
  /**
   * For looks made entirely from a reduced copy (inks, flat colour): the base picture (photo crop
   * or composed scene) is made at this fraction of the frame, and `stylize` gets it at that size
   * (face geometry stays in frame pixels). Not combined with `faceEdit`.
   */
  workScale?: number;
  /** The cut-out person's own pixels restyled (RGBA in and out, at the base picture's size) before they stand in the scene. */
  person?: (ctx: TrendContext, layer: Raw) => Promise<Raw>;
  /** Face-driven changes on the base picture (photo or scene), before the treatment. */
  faceEdit?: (ctx: TrendContext, img: Raw, face: FaceGeom, s: StyleInput) => Promise<Raw> | Raw;
  /** The trend's pixel treatment. */
  stylize: (ctx: TrendContext, img: Raw, s: StyleInput) => Promise<Raw>;
  /** Crisp SVG content (frame coordinates) composited last. */
  overlay?: (ctx: TrendContext, s: StyleInput) => string;
}

export function styledTrend(def: StyleDef): TrendRenderer {
  return {
    slug: def.slug,
    name: def.name,
    aliases: def.aliases,
    render: async (ctx) => {
      const palette = def.palette ? def.palette(ctx) : pickPalette(ctx.rng.fork('palette'));
      const s: StyleInput = { photo: !!ctx.photo, palette };
      let img: Raw;
      const k = def.workScale ?? 1;
      if (ctx.photo) {
        s.cutout = ctx.photo.hasMatte;
        img = await photoInScene(ctx, def, palette, k);
        const f = ctx.photo.faceIn(ctx.W, ctx.H, def.faceFraction);
        if (f && f.landmarks.length === 68) s.face = faceFromLandmarks(f.landmarks);
        // The prompt's props and setting around the person (the face box at the picture's scale).
        const box = s.face?.box ?? f?.box;
        img = await stagePhoto(ctx, img, box && { left: box.left * k, top: box.top * k, width: box.width * k, height: box.height * k }, def.shading === 'soft' ? STAGE_INK : undefined);
      } else {
        const sc = await composeScene(ctx, def, palette, k);
        img = sc.img;
        s.scene = sc.geom;
        s.face = sc.face;
      }
      ctx.progress(35, img);
      if (s.face && def.faceEdit) img = await def.faceEdit(ctx, img, s.face, s);
      img = await def.stylize(ctx, img, s);
      ctx.progress(80);
      const ov = def.overlay?.(ctx, s);
      if (ov) img = await over(img, [{ img: await renderSvg(svgDoc(ctx.W, ctx.H, '', ov)) }]);
      return img;
    },
  };
}

function faceFromLandmarks(lm: Array<{ x: number; y: number }>): FaceGeom {
  const xs = lm.map((p) => p.x);
  const ys = lm.map((p) => p.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const w = Math.max(...xs) - left;
  const h = Math.max(...ys) - top;
  const eye = (g: 'rightEye' | 'leftEye') => {
    const c = groupCircle(lm, g);
    return { x: c.x, y: c.y, r: c.r };
  };
  const m = groupCircle(lm, 'mouth');
  const mid = (a: number, b: number, t = 0.5) => ({ x: lm[a].x + (lm[b].x - lm[a].x) * t, y: lm[a].y + (lm[b].y - lm[a].y) * t });
  return {
    // Landmarks stop at the brows: extend the box up to the forehead.
    box: { left, top: top - h * 0.35, width: w, height: h * 1.35 },
    eyes: [eye('rightEye'), eye('leftEye')],
    mouth: { x: m.x, y: m.y, w: m.r * 2 },
    skin: [mid(2, 31, 0.45), mid(14, 35, 0.45), lm[28], lm[29], mid(3, 48, 0.5), mid(13, 54, 0.5)],
    fromPhoto: true,
    landmarks: lm,
  };
}

/** The drawn character's face in frame pixels (see figure.ts: head and eye geometry per build). */
function faceFromFigure(build: Build, p: Placement, animal: boolean): FaceGeom {
  const head = build === 'chibi' ? { cx: 300, cy: 300, rx: 200, ry: 188 } : build === 'doll' ? { cx: 300, cy: 190, rx: 100, ry: 112 } : { cx: 500, cy: 370, rx: 180, ry: 212 };
  const k = p.scale;
  const X = (v: number) => p.x + v * k;
  const Y = (v: number) => p.y + v * k;
  const eyeY = head.cy + head.ry * (animal ? 0 : 0.1);
  const ex = head.rx * (build === 'bust' ? 0.36 : 0.38);
  const er = head.rx * (build === 'bust' ? 0.17 : 0.22) * k;
  const my = head.cy + head.ry * (animal ? 0.62 : 0.6);
  return {
    box: { left: X(head.cx - head.rx), top: Y(head.cy - head.ry), width: head.rx * 2 * k, height: head.ry * 2 * k },
    eyes: [{ x: X(head.cx - ex), y: Y(eyeY), r: er }, { x: X(head.cx + ex), y: Y(eyeY), r: er }],
    mouth: { x: X(head.cx), y: Y(my), w: head.rx * 0.5 * k },
    skin: [{ x: X(head.cx - head.rx * 0.55), y: Y(head.cy + head.ry * 0.4) }, { x: X(head.cx + head.rx * 0.55), y: Y(head.cy + head.ry * 0.4) }],
    fromPhoto: false,
  };
}

/** The trend's backdrop for the prompt (its place, the Background Style chip, the setting), soft, at `k` times the frame. */
async function sceneBackdrop(ctx: TrendContext, def: StyleDef, pal: Palette, k: number) {
  const { W, H, rng, prompt } = ctx;
  const S = Math.min(W, H);
  const kind: BackgroundKind = ctx.background ?? backgroundHint(prompt.text) ?? rng.fork('bg').pick(def.backgrounds);
  // The place the prompt names wins over the trend's own set (a Simpsons sky is no city at night).
  const custom = backgroundHint(prompt.text) ? undefined : def.backdrop?.(ctx, pal);
  const bd = withSetting(custom ?? backdrop(kind, W, H, rng.fork('backdrop'), pal, `${ctx.id}b`), ctx);
  const img = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), Math.round(W * k), Math.round(H * k), 0.5, S * 0.002);
  return { img, bd, kind };
}

/**
 * The member's photo for the trend: with a matte, the person cut out and standing in the trend's
 * own scene (the photo's background gone); without one, the photo framed on the face.
 */
async function photoInScene(ctx: TrendContext, def: StyleDef, pal: Palette, k: number): Promise<Raw> {
  const w = Math.round(ctx.W * k);
  const h = Math.round(ctx.H * k);
  const cut = await ctx.photo!.cutout(w, h, def.faceFraction);
  if (!cut) return ctx.photo!.crop(w, h, def.faceFraction);
  const person = def.person ? await def.person(ctx, cut) : cut;
  const { img } = await sceneBackdrop(ctx, def, pal, k);
  // The setting's light on the scene; the person gets theirs, half as strong, from stagePhoto (a
  // photo has its own light; both at once left a person at night nearly black).
  return over(lightOf(img, ctx), [{ img: person }]);
}

/** Backdrop (soft, half resolution), back extras, the character, front extras; the picture at `k` times the frame. */
async function composeScene(ctx: TrendContext, def: StyleDef, pal: Palette, k = 1): Promise<{ img: Raw; geom: SceneGeom; face?: FaceGeom }> {
  const { W, H, rng, prompt } = ctx;
  const S = Math.min(W, H);
  const { img: soft, bd, kind } = await sceneBackdrop(ctx, def, pal, k);
  let img = soft;
  ctx.progress(15);
  const build = def.build ?? 'chibi';
  const spec = figureFromPrompt(prompt, rng.fork('figure'), pal);
  def.figure?.(spec, ctx);
  const cam = rng.fork('camera');
  const figX = W / 2 + cam.range(-0.08, 0.08) * W;
  const size = def.figureSize ?? 0.72;
  const foot = build === 'bust' ? H * 1.0 : Math.min(bd.groundY + cam.range(-0.01, 0.02) * H, H * 0.97);
  const figH = build === 'bust' ? Math.min(H * 0.9, W * 0.95) * size / 0.72 : W > H ? H * size * 1.08 : Math.min(H * size, S * size * 1.25);
  const p = place(build, figX, foot, figH);
  const geom: SceneGeom = { groundY: foot, figX, place: p, dark: bd.dark, kind };
  if (build !== 'bust') img = glows(img, [{ cx: figX * k, cy: (foot + S * 0.01) * k, rx: p.width * 0.42 * k, ry: S * 0.03 * k, colour: '#1a1020', opacity: bd.dark ? 0.6 : 0.42, blend: 'multiply' }]);
  const back = def.sceneBack?.(ctx, geom, pal) ?? '';
  const front = def.sceneFront?.(ctx, geom, pal) ?? '';
  const layer = await renderSvg(svgDoc(W, H, '', back + figureGroup(spec, build, def.shading ?? 'gloss', p, `${ctx.id}f`) + front), k);
  img = lightOf(await over(img, [{ img: layer }]), ctx);
  // Face effects only where a figure's face is (not on an icon subject or a group).
  return { img, geom, face: hasFigureFace(spec) ? faceFromFigure(build, p, spec.kind !== 'person' && spec.kind !== 'robot') : undefined };
}
