/**
 * The person restyles as plain pixel code (no model): a cut-out layer in, the restyled layer out.
 * A flat grey disc on transparency stands in for the person.
 */
import { animatedPerson, celFace, dreamPerson, inkOutline } from '../src/cutout.js';
import { clayFigure } from '../src/trends/clay-person.js';
import { neonRelight } from '../src/trends/neon-person.js';
import { flowStrokes, pixelate } from '../src/effects.js';
import type { Raw } from '../src/raster.js';
import { createRng } from '../src/util/rng.js';

const N = 200;
function disc(): Raw {
  const data = Buffer.alloc(N * N * 4);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = (y * N + x) * 4;
      if (Math.hypot(x - N / 2, y - N / 2) > N * 0.4) continue;
      data[i] = data[i + 1] = data[i + 2] = 140;
      data[i + 3] = 255;
    }
  }
  return { data, width: N, height: N, channels: 4 };
}
const px = (img: Raw, x: number, y: number) => Array.from(img.data.subarray((y * N + x) * 4, (y * N + x) * 4 + 4));
const lum = (p: number[]) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];

describe('clay person', () => {
  it('shades the figure as a rounded lump lit from the upper left, presses fingerprints into it, and keeps its outline (its edge rounded)', async () => {
    const layer = disc();
    const out = await clayFigure(layer, createRng(3));
    // The outline is kept, its edge rounded: solid inside, transparent a little way outside.
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const r = Math.hypot(x - N / 2, y - N / 2);
        if (r < N * 0.37) expect(px(out, x, y)[3]).toBe(255);
        if (r > N * 0.43) expect(px(out, x, y)[3]).toBe(0);
      }
    }
    // Near the outline the form turns: the upper-left rim lit, the lower-right one shaded.
    const o = (N * 0.4 * 0.9) / Math.SQRT2;
    expect(lum(px(out, Math.round(N / 2 - o), Math.round(N / 2 - o)))).toBeGreaterThan(lum(px(out, Math.round(N / 2 + o), Math.round(N / 2 + o))) + 20);
    // The flat grey is no longer flat: ridges make a texture across the disc.
    let textured = 0;
    for (let y = 40; y < 160; y++) for (let x = 40; x < 160; x++) if (layer.data[(y * N + x) * 4 + 3] && Math.abs(px(out, x, y)[0] - px(out, x + 1, y)[0]) > 3) textured++;
    expect(textured).toBeGreaterThan(500);
  });
});

describe('neon-lit person', () => {
  it('rims the figure in one colour from the left and the other from the right, leaving the background transparent', async () => {
    const out = await neonRelight(disc(), undefined, { left: '#ff2fb0', right: '#2fe0ff', ambient: '#1c1440' });
    const left = px(out, Math.round(N * 0.11), N / 2);
    const right = px(out, Math.round(N * 0.89), N / 2);
    expect(left[0]).toBeGreaterThan(left[1] + 30);
    expect(right[1]).toBeGreaterThan(right[0] + 30);
    expect(px(out, 2, 2)[3]).toBe(0);
  });
});

describe('animated person (Pixar, Disney)', () => {
  it('renders the figure as a lit round surface: the upper-left rim bright, the lower-right in shade, a glossy highlight, outline kept (its edge smoothed)', async () => {
    const layer = disc();
    // Grain on the grey: the surface is made smooth.
    for (let i = 0; i < layer.data.length; i += 4) if (layer.data[i + 3]) for (let c = 0; c < 3; c++) layer.data[i + c] = 140 + (((i / 4) * 7919) % 17) - 8;
    const out = await animatedPerson(layer, undefined, { eyes: 0.45 });
    // The outline is kept, its edge smoothed (a modelled figure's solid silhouette).
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const r = Math.hypot(x - N / 2, y - N / 2);
        if (r < N * 0.38) expect(px(out, x, y)[3]).toBe(255);
        if (r > N * 0.42) expect(px(out, x, y)[3]).toBe(0);
      }
    }
    const o = (N * 0.4 * 0.8) / Math.SQRT2;
    const lit = lum(px(out, Math.round(N / 2 - o), Math.round(N / 2 - o)));
    const shade = lum(px(out, Math.round(N / 2 + o), Math.round(N / 2 + o)));
    expect(lit).toBeGreaterThan(shade + 40);
    // The brightest point of the disc is well above the flat grey (a highlight), not at the centre only.
    let max = 0;
    for (let y = 30; y < 170; y++) for (let x = 30; x < 170; x++) if (out.data[(y * N + x) * 4 + 3]) max = Math.max(max, lum(px(out, x, y)));
    expect(max).toBeGreaterThan(190);
    // The grain is gone: neighbours in the middle differ by little.
    let rough = 0;
    for (let y = 90; y < 110; y++) for (let x = 90; x < 110; x++) rough += Math.abs(px(out, x, y)[0] - px(out, x + 1, y)[0]);
    expect(rough / 400).toBeLessThan(2);
  });
});

describe('animated person materials (Pixar, Disney)', () => {
  it('renders mottled skin as one smooth skin tone, the hair round the face as a darker material of its own, and keeps the eyes dark', async () => {
    // Skin mottled (blocks tinted blue or pink) inside the face; dark brown grainy hair above the brows and beside the cheeks; dark eyes.
    const layer = disc();
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const i = (y * N + x) * 4;
        if (!layer.data[i + 3]) continue;
        const grain = (((x * 7919 + y * 104729) % 23) - 11) * 2;
        const block = ((Math.floor(x / 8) * 31 + Math.floor(y / 8) * 17) % 5) - 2;
        const rgb = y < 50 || Math.abs(x - 100) > 62 ? [90 + grain, 60 + grain, 40 + grain] : [205 + block * 9, 160, 135 - block * 9];
        if (Math.hypot(x - 75, y - 85) < 6 || Math.hypot(x - 125, y - 85) < 6) rgb.fill(30);
        layer.data.set(rgb, i);
      }
    }
    const face = { box: { left: 40, top: 60, width: 120, height: 105 }, landmarks: faceLandmarks() };
    const out = await animatedPerson(layer, face, { eyes: 0.45 });
    const spread = (img: Raw, x0: number, x1: number, y0: number, y1: number) => {
      let lo = 255, hi = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) { const v = px(img, x, y)[0]; lo = Math.min(lo, v); hi = Math.max(hi, v); }
      return hi - lo;
    };
    // The cheek is one smooth skin tone (a soft gradient of light at most), where the photo's was mottled.
    expect(spread(layer, 60, 80, 105, 120)).toBeGreaterThan(30);
    expect(spread(out, 60, 80, 105, 120)).toBeLessThan(16);
    const cheek = px(out, 70, 112);
    expect(cheek[0]).toBeGreaterThan(cheek[1]);
    expect(cheek[1]).toBeGreaterThan(cheek[2]);
    // The hair beside the cheek is its own material: darker than the skin, and smooth (its light
    // turns with the head's form, but its grain is gone: each pixel lies near its neighbours' mean).
    const rough = (img: Raw, x0: number, x1: number, y0: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += Math.abs(px(img, x - 1, y)[0] - 2 * px(img, x, y)[0] + px(img, x + 1, y)[0]);
      return sum / ((x1 - x0) * (y1 - y0));
    };
    expect(rough(layer, 25, 34, 94, 106)).toBeGreaterThan(20);
    expect(rough(out, 25, 34, 94, 106)).toBeLessThan(rough(layer, 25, 34, 94, 106) / 5);
    expect(rough(out, 90, 110, 24, 32)).toBeLessThan(rough(layer, 90, 110, 24, 32) / 5);
    expect(lum(px(out, 30, 100))).toBeLessThan(lum(cheek) - 50);
    // The eyes stay dark on the skin (the features are drawn from the photo's own light).
    expect(lum(px(out, 75, 85))).toBeLessThan(lum(cheek) - 60);
  });
});

describe('animated person light hair (Pixar, Disney)', () => {
  /** A head (an ellipse) over shoulders: skin inside the face, `hair` (grainy) around it above the forehead and beside the temples, dark eyes, dark cloth. */
  async function headWith(hair: number[]): Promise<Raw> {
    const layer: Raw = { data: Buffer.alloc(N * N * 4), width: N, height: N, channels: 4 };
    const lm = faceLandmarks().map((p) => ({ x: 100 + (p.x - 100) * 0.6, y: 120 + (p.y - 95) * 0.6 }));
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const i = (y * N + x) * 4;
        const head = ((x - 100) / 62) ** 2 + ((y - 100) / 80) ** 2 < 1;
        const body = y > 160 && x > 30 && x < 170;
        if (!head && !body) continue;
        const grain = (((x * 7919 + y * 104729) % 23) - 11) * 1.5;
        const face = ((x - 100) / 36) ** 2 + ((y - 118) / 44) ** 2 < 1;
        let rgb = body && !head ? [40, 45, 70] : face ? SKIN : hair.map((v) => v + grain);
        if (Math.hypot(x - 85, y - 114) < 4 || Math.hypot(x - 115, y - 114) < 4) rgb = [30, 30, 30];
        layer.data.set(rgb, i);
        layer.data[i + 3] = 255;
      }
    }
    return animatedPerson(layer, { box: { left: 64, top: 100, width: 72, height: 63 }, landmarks: lm }, { eyes: 0.45 });
  }
  const SKIN = [214, 160, 132];
  const CROWN_AND_TEMPLES = [[100, 45], [80, 55], [120, 55], [46, 95], [154, 95]];
  const hsl = (p: number[]) => {
    const [r, g, b] = p.map((v) => v / 255);
    const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2, d = max - min;
    const h = d === 0 ? 0 : max === r ? ((g - b) / d) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
    return { h, s: d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1)), l };
  };

  it('paints strawberry-blonde hair (near the skin in hue and light) as hair on the crown and the temples, not as a bald crown of skin', async () => {
    const hair = [196, 140, 100];
    // The photo's hair and skin are near in hue (a few degrees apart).
    expect(Math.abs(hsl(hair).h - hsl(SKIN).h)).toBeLessThan(6);
    const out = await headWith(hair);
    const cheek = hsl(px(out, 88, 130));
    // The crown and the temples are hair: a hue apart from the rendered skin's (towards gold), a
    // shade deeper than it (the skin's own tone there was a bald egg of a head).
    for (const [x, y] of CROWN_AND_TEMPLES) {
      const h = hsl(px(out, x, y));
      expect(h.h - cheek.h).toBeGreaterThan(6);
      expect(h.l).toBeLessThan(cheek.l - 0.06);
    }
    // The forehead inside the face's outline stays skin (near the cheek's hue), and the eyes stay dark.
    expect(Math.abs(hsl(px(out, 100, 96)).h - cheek.h)).toBeLessThan(6);
    expect(lum(px(out, 85, 114))).toBeLessThan(lum(px(out, 88, 130)) - 60);
  });

  it('keeps a bald head skin: no hair painted on a crown of the skin colour of the face', async () => {
    const out = await headWith(SKIN);
    const cheek = hsl(px(out, 88, 130));
    // (a gold cap of hair would be a shade deeper than the cheek; the crown is skin, lit: as light or lighter)
    for (const [x, y] of CROWN_AND_TEMPLES.slice(0, 3)) expect(hsl(px(out, x, y)).l).toBeGreaterThan(cheek.l - 0.02);
  });
});

/** 68 face-api landmarks of a face drawn upright in the disc (centre 100, 95; eyes at 75 and 125, 85; mouth at 100, 135). */
function faceLandmarks(): Array<{ x: number; y: number }> {
  const lm: Array<{ x: number; y: number }> = [];
  for (let k = 0; k <= 16; k++) lm.push({ x: 100 - 60 * Math.cos((Math.PI * k) / 16), y: 95 + 65 * Math.sin((Math.PI * k) / 16) });
  for (let k = 0; k < 5; k++) lm.push({ x: 55 + k * 9, y: 70 });
  for (let k = 0; k < 5; k++) lm.push({ x: 110 + k * 9, y: 70 });
  for (let k = 0; k < 4; k++) lm.push({ x: 100, y: 80 + k * 10 });
  for (let k = 0; k < 5; k++) lm.push({ x: 90 + k * 5, y: 115 });
  const ring = (cx: number, cy: number, rx: number, ry: number, n: number) => { for (let k = 0; k < n; k++) lm.push({ x: cx - rx * Math.cos((2 * Math.PI * k) / n), y: cy - ry * Math.sin((2 * Math.PI * k) / n) }); };
  ring(75, 85, 10, 4, 6);
  ring(125, 85, 10, 4, 6);
  ring(100, 135, 18, 7, 12);
  ring(100, 135, 12, 3, 8);
  return lm;
}

describe('cel face (Anime)', () => {
  it('paints mottled skin as one flat tone with one clean shadow, keeps the eyes dark and the outline', async () => {
    // Skin with the photo's mottle (blocks tinted blue or pink), lit on the left and in shade on the right; dark eyes.
    const layer = disc();
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const i = (y * N + x) * 4;
        if (!layer.data[i + 3]) continue;
        const block = ((Math.floor(x / 8) * 31 + Math.floor(y / 8) * 17) % 5) - 2;
        const light = x < 100 ? 1 : x > 112 ? 0.62 : 1 - ((x - 100) / 12) * 0.38;
        layer.data[i] = (205 + block * 9) * light;
        layer.data[i + 1] = 160 * light;
        layer.data[i + 2] = (135 - block * 9) * light;
        if (Math.hypot(x - 75, y - 85) < 6 || Math.hypot(x - 125, y - 85) < 6) layer.data[i] = layer.data[i + 1] = layer.data[i + 2] = 30;
      }
    }
    const face = { box: { left: 40, top: 60, width: 120, height: 105 }, landmarks: faceLandmarks() };
    const out = await celFace(layer, layer, face);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(layer.data[i]);
    const spread = (img: Raw, x0: number, x1: number, y0: number, y1: number) => {
      let lo = 255, hi = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) { const v = px(img, x, y)[0]; lo = Math.min(lo, v); hi = Math.max(hi, v); }
      return hi - lo;
    };
    // Each cheek is one even tone, where the photo's was mottled.
    expect(spread(layer, 55, 85, 100, 125)).toBeGreaterThan(30);
    expect(spread(out, 55, 85, 100, 125)).toBeLessThan(14);
    expect(spread(out, 122, 145, 100, 125)).toBeLessThan(14);
    // The shaded cheek is one shadow tone below the lit one.
    expect(lum(px(out, 70, 112))).toBeGreaterThan(lum(px(out, 135, 112)) + 20);
    // The eyes stay the person's own: dark on the light skin.
    expect(lum(px(out, 75, 85))).toBeLessThan(lum(px(out, 70, 112)) - 80);
  });
});

describe('ink outline (comics, cartoons)', () => {
  it('inks a band along the inside of the silhouette and leaves the middle and the outside as they are', async () => {
    const layer = disc();
    const out = await inkOutline(layer, 4);
    // Just inside the edge (radius 80): ink; two widths further in: the figure's own grey.
    expect(lum(px(out, 100 + 78, 100))).toBeLessThan(40);
    expect(lum(px(out, 100, 100 - 78))).toBeLessThan(40);
    expect(px(out, 100 + 60, 100)).toEqual(px(layer, 100 + 60, 100));
    expect(px(out, 100, 100)).toEqual(px(layer, 100, 100));
    // Outside the figure nothing is drawn, and the matte is the layer's own.
    expect(px(out, 100 + 85, 100)).toEqual([0, 0, 0, 0]);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(layer.data[i]);
  });
});

describe('dream person (Dreamcore)', () => {
  it('paints the figure pastel, lets a glow and an echo spill beyond the outline, and leaves the far background transparent', async () => {
    const out = await dreamPerson(disc());
    const centre = px(out, N / 2, N / 2);
    // Grey 140 became a pastel (blue and red above green: lavender and rose), fully opaque.
    expect(centre[3]).toBe(255);
    expect(centre[2]).toBeGreaterThan(centre[1] + 10);
    // Just outside the outline on the lower left: the glow, partly opaque and pale.
    const glow = px(out, Math.round(N * 0.085), N / 2);
    expect(glow[3]).toBeGreaterThan(20);
    expect(lum(glow)).toBeGreaterThan(180);
    // Up and to the right, beyond the disc: the echo of the figure.
    const echo = px(out, Math.round(N * 0.93), Math.round(N * 0.3));
    expect(echo[3]).toBeGreaterThan(40);
    expect(px(out, 2, N - 3)[3]).toBe(0);
  });
});

describe('flow strokes (Renaissance)', () => {
  it('smears colour along an edge, not across it, and returns a relief streaked the same way', async () => {
    // Left half dark, right half light, with noise: the edge runs vertically.
    const data = Buffer.alloc(N * N * 3);
    for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) for (let c = 0; c < 3; c++) data[(y * N + x) * 3 + c] = (x < N / 2 ? 60 : 200) + (((y * N + x) * 7919 + c * 31) % 41) - 20;
    const { img, strokes } = await flowStrokes({ data, width: N, height: N, channels: 3 }, createRng(5), 6);
    // The edge stays sharp (strokes run along it).
    expect(img.data[(100 * N + 96) * 3]).toBeLessThan(90);
    expect(img.data[(100 * N + 104) * 3]).toBeGreaterThan(170);
    // Near the edge the relief varies much less along the edge (y) than across it (x), a brush's width (4 px) apart.
    let along = 0, across = 0;
    for (let y = 60; y < 140; y++) for (let x = 97; x < 103; x++) {
      along += Math.abs(strokes.data[y * N + x] - strokes.data[(y + 4) * N + x]);
      across += Math.abs(strokes.data[y * N + x] - strokes.data[y * N + x + 4]);
    }
    expect(along).toBeLessThan(across * 0.8);
  });
});

describe('pixelate with a palette zone', () => {
  it('draws the cells inside the zone from its own palette and the rest from the picture\'s', async () => {
    const img = disc();
    const rgb: Raw = { data: Buffer.alloc(N * N * 3), width: N, height: N, channels: 3 };
    for (let p = 0; p < N * N; p++) for (let c = 0; c < 3; c++) rgb.data[p * 3 + c] = img.data[p * 4 + 3] ? 140 : 20;
    const out = await pixelate(rgb, 10, ['#000000', '#ffffff'], 0, [{ x: N / 2, y: N / 2, rx: N * 0.2, ry: N * 0.2, palette: ['#c08060', '#402010'], dither: 0 }]);
    const at = (x: number, y: number) => Array.from(out.data.subarray((y * N + x) * out.channels, (y * N + x) * out.channels + 3));
    expect(at(N / 2, N / 2)).toEqual([0xc0, 0x80, 0x60]);
    expect(at(N / 2 + N * 0.3, N / 2)).toEqual([255, 255, 255]);
    expect(at(3, 3)).toEqual([0, 0, 0]);
    // A true grid: every pixel of a cell is the cell's colour.
    expect(at(N / 2 + 1, N / 2 + 1)).toEqual(at(N / 2, N / 2));
  });
});
