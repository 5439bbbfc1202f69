/**
 * The eleven "Background Style" choices of the Forge screen as SVG scenes, sized to any frame.
 * Each returns its defs, its body and the ground line where a figure stands.
 */
import { darken, hsl, lighten, mix, toHsl } from './util/color.js';
import { blobPath, linearGradient, r, radialGradient } from './util/svg.js';
import type { Rng } from './util/rng.js';

export const BACKGROUNDS = ['studio', 'nature', 'city', 'space', 'retro', 'abstract', 'futuristic', 'minimalist', 'cosmic', 'gradient', 'beach'] as const;
/** The chips, and places only a prompt names (a kitchen: "cooking pancakes in a tiny kitchen"; a room: "a cat sleeping in bed"; a desert). */
export type BackgroundKind = (typeof BACKGROUNDS)[number] | 'kitchen' | 'room' | 'desert';

/** Accepts the chip labels ("Studio", "Nature", …) case-insensitively; unknown values give undefined. */
export function parseBackground(value?: string): BackgroundKind | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  return (BACKGROUNDS as readonly string[]).includes(v) ? (v as BackgroundKind) : undefined;
}

/**
 * Words naming the place are read first, then words whose subject or action suggests one: "a robot
 * watering plants in a garden" is in the garden, not the futuristic set a robot alone would get.
 */
const PLACE_HINTS: Array<[BackgroundKind, RegExp]> = [
  ['space', /\b(space|mars|moon|planet|galaxy|orbit)\b/i],
  ['kitchen', /\b(kitchen|bakery|cafe|café|coffee shop|restaurant|diner)\b/i],
  ['room', /\b(bed|beds|bedroom|crib|cot|bunk|sofa|couch|armchair|living ?room|room|indoors|at home|fireplace|library|classroom|ballroom|bathroom|carpet|rug)\b/i],
  ['desert', /\b(desert|deserts|dunes?|sahara|oasis)\b/i],
  ['beach', /\b(beach|ocean|sea|island|sand|coast|seaside|shore|underwater)\b/i],
  ['city', /\b(city|street|urban|downtown|new york|tokyo|paris|london|skyline|office)\b/i],
  ['nature', /\b(forest|garden|park|nature|meadow|hill|mountain|farm|woods|field|lake|river|pond|grass|grassy|lawn|countryside|village|jungle|rainforest|playground|zoo|orchard|backyard|yard|orchard|ranch|ice|icy|arctic|antarctica|glacier|tundra|snow|snowy|snowfield)\b/i],
];
const SUBJECT_HINTS: Array<[BackgroundKind, RegExp]> = [
  ['space', /\b(astronaut|rocket|spaceship|alien)\b/i],
  ['kitchen', /\b(cooking|cooks?|chef|baking|bakes?|pancakes?)\b/i],
  ['beach', /\b(surf|surfer|surfing|tropical|summer|palms?|palm trees?|sunbathing|ship|boat|sailboat|sailing|pirate)\b/i],
  ['city', /\b(ceo|business)\b/i],
  ['futuristic', /\b(robot|cyborg|future|futuristic|neon|cyber|tech|hacker|sci-fi|scifi)\b/i],
  ['nature', /\b(flower|flowers|trees?|camping|picnic|fishing|hammock)\b/i],
  ['cosmic', /\b(cosmic|nebula|stars|starry|universe|dream|dreamy|magic|magical)\b/i],
  ['retro', /\b(retro|80s|synthwave|vintage|disco|arcade)\b/i],
];
const HINTS = [...PLACE_HINTS, ...SUBJECT_HINTS];

/**
 * Close alternatives that still show the place: a city stays a city (the futuristic set has no
 * street and no skyline to run through), a park stays outdoors (the studio has no grass).
 */
const ALTERNATES: Partial<Record<BackgroundKind, BackgroundKind[]>> = {
  space: ['space', 'space', 'cosmic'],
  cosmic: ['cosmic', 'space'],
  futuristic: ['futuristic', 'city'],
};

/** The prompt's background with a seeded chance of a close alternative (more variety per seed). */
export function hintedBackground(prompt: string, rng: Rng): BackgroundKind | undefined {
  const hint = backgroundHint(prompt);
  if (!hint) return undefined;
  const alts = ALTERNATES[hint];
  return alts ? rng.pick(alts) : hint;
}

/** A background suggested by the prompt's words, if any. */
export function backgroundHint(prompt: string): BackgroundKind | undefined {
  for (const [kind, re] of HINTS) if (re.test(prompt)) return kind;
  return undefined;
}

export interface Backdrop {
  defs: string;
  body: string;
  /** y (px) of the floor line where a standing figure's feet go. */
  groundY: number;
  /** Mean tone of the scene, for grading and shadows. */
  tone: string;
  /** Whether the scene is dark (text and rim lights adapt). */
  dark: boolean;
  /** What glows after dark (lit windows, lamps): drawn over a night sky (stage.ts withSetting). */
  lights?: string;
  /** A room (a kitchen, a bedroom): no sky for the setting to paint, the weather stays outside. */
  indoor?: boolean;
}

export interface Tones {
  primary: string;
  secondary: string;
}

export function backdrop(kind: BackgroundKind, W: number, H: number, rng: Rng, tones: Tones, id = 'bg'): Backdrop {
  const fn = BUILDERS[kind];
  return fn(W, H, rng, tones, id);
}

type Builder = (W: number, H: number, rng: Rng, t: Tones, id: string) => Backdrop;

const stars = (W: number, H: number, rng: Rng, n: number, maxY: number) => {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(0, W);
    const y = rng.range(0, maxY);
    const rr = rng.chance(0.08) ? rng.range(2, 3.4) : rng.range(0.6, 1.8);
    s += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(rr)}" fill="#fff" opacity="${r(rng.range(0.45, 1))}"/>`;
    if (rr > 2) s += `<path d="M${r(x - rr * 4)},${r(y)} H${r(x + rr * 4)} M${r(x)},${r(y - rr * 4)} V${r(y + rr * 4)}" stroke="#fff" stroke-width="1" opacity="0.6"/>`;
  }
  return s;
};

export const cloud = (x: number, y: number, w: number, rng: Rng, fill = '#ffffff', shade = '#dfe8f2') => {
  const puffs = rng.int(4, 6);
  let s = `<g>`;
  s += `<ellipse cx="${r(x)}" cy="${r(y + w * 0.08)}" rx="${r(w * 0.55)}" ry="${r(w * 0.12)}" fill="${shade}"/>`;
  for (let i = 0; i < puffs; i++) {
    const px = x - w * 0.42 + (i / (puffs - 1)) * w * 0.84;
    const pr = w * rng.range(0.13, 0.24) * (1 - Math.abs(i / (puffs - 1) - 0.5));
    s += `<circle cx="${r(px)}" cy="${r(y - pr * 0.35)}" r="${r(pr + w * 0.06)}" fill="${fill}"/>`;
  }
  return s + '</g>';
};

const hillPath = (W: number, H: number, baseY: number, amp: number, rng: Rng, bumps = 3) => {
  const pts: string[] = [`M0,${r(H)}`, `L0,${r(baseY + rng.range(-amp, amp) * 0.5)}`];
  const step = W / bumps;
  for (let i = 0; i < bumps; i++) {
    const x1 = i * step + step * 0.5;
    const y1 = baseY - amp * rng.range(0.4, 1);
    const x2 = (i + 1) * step;
    const y2 = baseY + rng.range(-amp, amp) * 0.3;
    pts.push(`Q${r(x1)},${r(y1)} ${r(x2)},${r(y2)}`);
  }
  pts.push(`L${W},${r(H)}Z`);
  return pts.join(' ');
};

const tree = (x: number, y: number, h: number, rng: Rng, leaf: string) => {
  const trunk = `<rect x="${r(x - h * 0.05)}" y="${r(y - h * 0.45)}" width="${r(h * 0.1)}" height="${r(h * 0.45)}" fill="#6b4a35"/>`;
  let crown = '';
  for (let i = 0; i < 4; i++) {
    crown += `<circle cx="${r(x + rng.range(-0.18, 0.18) * h)}" cy="${r(y - h * rng.range(0.55, 0.85))}" r="${r(h * rng.range(0.2, 0.3))}" fill="${i === 0 ? darken(leaf, 0.15) : i === 3 ? lighten(leaf, 0.15) : leaf}"/>`;
  }
  return trunk + crown;
};

const BUILDERS: Record<BackgroundKind, Builder> = {
  studio: (W, H, rng, t, id) => {
    const [h] = toHsl(t.primary);
    const wall = hsl(h + rng.range(-20, 20), rng.range(0.4, 0.55), rng.range(0.42, 0.52));
    const groundY = H * 0.88;
    const floorTop = H * 0.7;
    const defs =
      linearGradient(`${id}w`, [[0, darken(wall, 0.35)], [0.7, wall], [1, lighten(wall, 0.2)]]) +
      linearGradient(`${id}f`, [[0, lighten(wall, 0.15)], [1, darken(wall, 0.2)]]) +
      radialGradient(`${id}s`, [[0, '#fff6e6', 0.85], [0.5, '#ffe9cc', 0.35], [1, '#ffe9cc', 0]]);
    const body =
      `<rect width="${W}" height="${H}" fill="url(#${id}w)"/>` +
      `<path d="M0,${r(floorTop)} Q${W / 2},${r(floorTop + H * 0.06)} ${W},${r(floorTop)} L${W},${H} L0,${H}Z" fill="url(#${id}f)"/>` +
      `<ellipse cx="${r(W * rng.range(0.45, 0.55))}" cy="${r(H * 0.45)}" rx="${r(W * 0.55)}" ry="${r(H * 0.5)}" fill="url(#${id}s)"/>` +
      Array.from({ length: 9 }, () => `<circle cx="${r(rng.range(0, W))}" cy="${r(rng.range(0, floorTop * 0.9))}" r="${r(Math.min(W, H) * rng.range(0.02, 0.06))}" fill="${rng.pick(['#fff3d6', '#ffd9a8', lighten(wall, 0.5)])}" opacity="${r(rng.range(0.15, 0.35))}"/>`).join('');
    return { defs, body, groundY, tone: wall, dark: false };
  },
  nature: (W, H, rng, t, id) => {
    const groundY = H * 0.9;
    const horizon = H * rng.range(0.55, 0.62);
    const leaf = rng.pick(['#4f9a3f', '#5aa84a', '#3f8a4a']);
    const defs =
      linearGradient(`${id}sky`, [[0, '#5fb0ea'], [0.6, '#a9dcf7'], [1, '#fff1d6']]) +
      radialGradient(`${id}sun`, [[0, '#fffbe6'], [0.25, '#fff1b8', 0.9], [1, '#fff1b8', 0]]) +
      linearGradient(`${id}g`, [[0, lighten(leaf, 0.15)], [1, darken(leaf, 0.25)]]);
    const sunX = W * rng.range(0.15, 0.85);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/><circle cx="${r(sunX)}" cy="${r(H * 0.18)}" r="${r(W * 0.22)}" fill="url(#${id}sun)"/>`;
    for (let i = 0; i < 3; i++) body += cloud(W * rng.range(0.1, 0.9), H * rng.range(0.1, 0.32), W * rng.range(0.2, 0.34), rng);
    body += `<path d="${hillPath(W, H, horizon, H * 0.08, rng, 2)}" fill="#8fbfb0"/>`;
    body += `<path d="${hillPath(W, H, horizon + H * 0.08, H * 0.07, rng, 3)}" fill="${mix(leaf, '#9cc7a0', 0.5)}"/>`;
    for (let i = 0; i < 5; i++) {
      const x = W * rng.range(0.02, 0.98);
      if (Math.abs(x - W / 2) < W * 0.18) continue;
      body += tree(x, horizon + H * 0.14, H * rng.range(0.16, 0.26), rng, leaf);
    }
    body += `<path d="M0,${r(H * 0.8)} Q${W * 0.5},${r(H * 0.74)} ${W},${r(H * 0.8)} L${W},${H} L0,${H}Z" fill="url(#${id}g)"/>`;
    for (let i = 0; i < 40; i++) {
      const x = rng.range(0, W);
      const y = rng.range(H * 0.82, H);
      body += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(rng.range(3, 7) * (W / 1024))}" fill="${rng.pick(['#ffffff', '#ffd23f', '#ff8fb3', '#f4f0ff'])}"/>`;
    }
    return { defs, body, groundY, tone: leaf, dark: false };
  },
  city: (W, H, rng, _t, id) => {
    const groundY = H * 0.92;
    const dusk = rng.chance(0.6);
    // At night the windows are lit: the same ones, warm and bright, over the night sky.
    let lights = '';
    const defs = linearGradient(`${id}sky`, dusk ? [[0, '#3b2d6b'], [0.55, '#c2577a'], [1, '#ffb36b']] : [[0, '#5aa6e6'], [1, '#dff1ff']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/>`;
    const layers = [
      { base: H * 0.78, maxH: H * 0.55, col: dusk ? '#7a4f8a' : '#9fb8d4', win: 0 },
      { base: H * 0.84, maxH: H * 0.45, col: dusk ? '#3f2f5a' : '#6d87a8', win: 0.35 },
    ];
    for (const L of layers) {
      let x = -rng.range(0, 40);
      while (x < W) {
        const bw = rng.range(0.07, 0.14) * W;
        const bh = rng.range(0.35, 1) * L.maxH;
        body += `<rect x="${r(x)}" y="${r(L.base - bh)}" width="${r(bw)}" height="${r(bh + H)}" fill="${L.col}"/>`;
        if (L.win > 0) {
          const cols = Math.max(2, Math.floor(bw / (W * 0.025)));
          const rows = Math.floor(bh / (H * 0.04));
          for (let c = 0; c < cols; c++) {
            for (let rr = 0; rr < rows; rr++) {
              if (!rng.chance(L.win)) continue;
              const win = `x="${r(x + 6 + c * ((bw - 12) / cols))}" y="${r(L.base - bh + 10 + rr * H * 0.04)}" width="${r(((bw - 12) / cols) * 0.55)}" height="${r(H * 0.018)}"`;
              body += `<rect ${win} fill="${dusk ? '#ffd98a' : '#dff3ff'}" opacity="0.9"/>`;
              lights += `<rect ${win} fill="#ffd98a"/>`;
            }
          }
        }
        x += bw + rng.range(2, 10);
      }
    }
    body += `<rect y="${r(H * 0.84)}" width="${W}" height="${r(H * 0.16)}" fill="${dusk ? '#2f2840' : '#8a8f99'}"/><rect y="${r(H * 0.84)}" width="${W}" height="${r(H * 0.015)}" fill="${dusk ? '#5a4a6a' : '#c9ccd2'}"/>`;
    // Street lamps along the pavement, and their pools of light (lit at night).
    const S = Math.min(W, H);
    for (const lx of [0.12, 0.88]) {
      const x = W * lx;
      body += `<rect x="${r(x - S * 0.005)}" y="${r(H * 0.52)}" width="${r(S * 0.01)}" height="${r(H * 0.33)}" fill="#2a2a34"/><rect x="${r(x - S * 0.02)}" y="${r(H * 0.5)}" width="${r(S * 0.04)}" height="${r(S * 0.03)}" rx="${r(S * 0.008)}" fill="#3a3a44"/>`;
      lights += `<circle cx="${r(x)}" cy="${r(H * 0.515)}" r="${r(S * 0.05)}" fill="#ffd98a" opacity="0.3"/><circle cx="${r(x)}" cy="${r(H * 0.515)}" r="${r(S * 0.018)}" fill="#fff4c8"/><ellipse cx="${r(x)}" cy="${r(H * 0.87)}" rx="${r(S * 0.12)}" ry="${r(S * 0.025)}" fill="#ffd98a" opacity="0.35"/>`;
    }
    return { defs, body, groundY, tone: dusk ? '#6a3f6a' : '#8fb0d0', dark: dusk, lights };
  },
  space: (W, H, rng, t, id) => {
    const groundY = H * 0.9;
    const planet = t.secondary;
    const defs =
      radialGradient(`${id}bg`, [[0, '#1d2b5a'], [1, '#05060f']], 0.3, 0.3, 0.9) +
      radialGradient(`${id}p`, [[0, lighten(planet, 0.4)], [0.6, planet], [1, darken(planet, 0.6)]], 0.35, 0.35, 0.7) +
      linearGradient(`${id}m`, [[0, '#c9c4cf'], [1, '#6f6a78']]);
    const px = W * rng.pick([0.2, 0.8]);
    const pr = W * rng.range(0.12, 0.18);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}bg)"/>${stars(W, H, rng, 160, H * 0.8)}`;
    body += `<circle cx="${r(px)}" cy="${r(H * 0.22)}" r="${r(pr)}" fill="url(#${id}p)"/>`;
    body += `<ellipse cx="${r(px)}" cy="${r(H * 0.22)}" rx="${r(pr * 1.7)}" ry="${r(pr * 0.35)}" fill="none" stroke="#ffe2a8" stroke-width="${r(pr * 0.08)}" opacity="0.8" transform="rotate(-15 ${r(px)} ${r(H * 0.22)})"/>`;
    body += `<path d="M0,${r(H * 0.8)} Q${W * 0.5},${r(H * 0.7)} ${W},${r(H * 0.8)} L${W},${H} L0,${H}Z" fill="url(#${id}m)"/>`;
    for (let i = 0; i < 7; i++) {
      const cx = rng.range(0, W);
      const cy = rng.range(H * 0.83, H * 0.98);
      const cr = rng.range(10, 40) * (W / 1024);
      body += `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(cr)}" ry="${r(cr * 0.4)}" fill="#8d8896"/><ellipse cx="${r(cx)}" cy="${r(cy - cr * 0.08)}" rx="${r(cr * 0.8)}" ry="${r(cr * 0.28)}" fill="#5f5a68"/>`;
    }
    return { defs, body, groundY, tone: '#1d2b5a', dark: true };
  },
  retro: (W, H, rng, _t, id) => {
    const horizon = H * 0.62;
    const groundY = H * 0.92;
    const defs =
      linearGradient(`${id}sky`, [[0, '#1b0f3b'], [0.5, '#7b2a7a'], [1, '#ff7a59']]) +
      linearGradient(`${id}sun`, [[0, '#ffe66b'], [1, '#ff3d7f']]) +
      `<clipPath id="${id}cl">${Array.from({ length: 9 }, (_, i) => {
        const y0 = horizon - W * 0.34 + i * W * 0.04;
        const gap = i > 3 ? (i - 3) * W * 0.006 : 0;
        return `<rect x="0" y="${r(y0 + gap)}" width="${W}" height="${r(W * 0.04 - gap)}"/>`;
      }).join('')}</clipPath>` +
      linearGradient(`${id}fl`, [[0, '#2a0f4a'], [1, '#12061f']]);
    const sx = W * rng.range(0.35, 0.65);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/>${stars(W, H, rng, 50, horizon * 0.6)}`;
    body += `<circle cx="${r(sx)}" cy="${r(horizon - W * 0.02)}" r="${r(W * 0.3)}" fill="url(#${id}sun)" clip-path="url(#${id}cl)"/>`;
    body += `<path d="${hillPath(W, H, horizon, H * 0.1, rng, 4).replace(/L\d+(\.\d+)?,\d+(\.\d+)?Z$/, `L${W},${r(horizon)} L0,${r(horizon)}Z`)}" fill="#3a1650"/>`;
    body += `<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="url(#${id}fl)"/>`;
    let grid = '';
    for (let i = 1; i < 12; i++) {
      const t = (i / 12) ** 2;
      const y = horizon + t * (H - horizon);
      grid += `<line x1="0" y1="${r(y)}" x2="${W}" y2="${r(y)}"/>`;
    }
    for (let i = -12; i <= 12; i++) grid += `<line x1="${r(W / 2 + i * W * 0.02)}" y1="${r(horizon)}" x2="${r(W / 2 + i * W * 0.16)}" y2="${H}"/>`;
    body += `<g stroke="#ff3df2" stroke-width="${r(2 * (W / 1024))}" opacity="0.85">${grid}</g><rect y="${r(horizon - 2)}" width="${W}" height="4" fill="#ff9bf0"/>`;
    return { defs, body, groundY, tone: '#7b2a7a', dark: true };
  },
  abstract: (W, H, rng, t, id) => {
    const base = lighten(mix(t.primary, t.secondary, 0.5), 0.78);
    const cols = [t.primary, t.secondary, lighten(t.primary, 0.4), lighten(t.secondary, 0.35), '#ffd23f', '#ffffff'];
    let body = `<rect width="${W}" height="${H}" fill="${base}"/>`;
    for (let i = 0; i < 7; i++) {
      const c = rng.pick(cols);
      body += `<path d="${blobPath(rng.range(0, W), rng.range(0, H), W * rng.range(0.12, 0.3), H * rng.range(0.12, 0.3), 0.3, () => rng.next(), 7)}" fill="${c}" opacity="${r(rng.range(0.55, 0.95))}"/>`;
    }
    for (let i = 0; i < 3; i++) {
      const y = rng.range(0.1, 0.9) * H;
      body += `<path d="M${r(rng.range(0, W * 0.3))},${r(y)} q${r(W * 0.05)},-${r(H * 0.05)} ${r(W * 0.1)},0 t${r(W * 0.1)},0 t${r(W * 0.1)},0" fill="none" stroke="${darken(rng.pick(cols), 0.3)}" stroke-width="${r(W * 0.01)}" stroke-linecap="round"/>`;
    }
    for (let i = 0; i < 26; i++) body += `<circle cx="${r(rng.range(0, W))}" cy="${r(rng.range(0, H))}" r="${r(W * rng.range(0.004, 0.012))}" fill="${darken(rng.pick(cols), 0.35)}"/>`;
    return { defs: radialGradient(`${id}x`, [[0, '#fff']]), body, groundY: H * 0.9, tone: base, dark: false };
  },
  futuristic: (W, H, rng, _t, id) => {
    const horizon = H * 0.7;
    const neon = rng.pick(['#3df2ff', '#ff3df2', '#7dff6a']);
    const defs = linearGradient(`${id}sky`, [[0, '#050b1f'], [0.7, '#0f2f4f'], [1, '#1a5a6a']]) + radialGradient(`${id}glow`, [[0, neon, 0.55], [1, neon, 0]]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/>`;
    let x = 0;
    while (x < W) {
      const bw = rng.range(0.04, 0.1) * W;
      const bh = rng.range(0.25, 0.6) * H;
      if (Math.abs(x + bw / 2 - W / 2) > W * 0.12) {
        body += `<rect x="${r(x)}" y="${r(horizon - bh)}" width="${r(bw)}" height="${r(bh)}" fill="#0b1a30" stroke="${neon}" stroke-opacity="0.6" stroke-width="2"/>`;
        body += `<rect x="${r(x + bw * 0.45)}" y="${r(horizon - bh + 8)}" width="${r(bw * 0.1)}" height="${r(bh - 16)}" fill="${neon}" opacity="0.5"/>`;
      }
      x += bw + rng.range(W * 0.01, W * 0.05);
    }
    body += `<circle cx="${W / 2}" cy="${r(H * 0.42)}" r="${r(W * 0.36)}" fill="url(#${id}glow)"/>`;
    body += `<circle cx="${W / 2}" cy="${r(H * 0.42)}" r="${r(W * 0.3)}" fill="none" stroke="${neon}" stroke-width="${r(W * 0.006)}" opacity="0.9"/>`;
    body += `<circle cx="${W / 2}" cy="${r(H * 0.42)}" r="${r(W * 0.33)}" fill="none" stroke="${neon}" stroke-width="${r(W * 0.002)}" stroke-dasharray="${r(W * 0.02)} ${r(W * 0.012)}" opacity="0.7"/>`;
    body += `<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="#06101f"/>`;
    let grid = '';
    for (let i = 1; i < 10; i++) grid += `<line x1="0" y1="${r(horizon + ((i / 10) ** 2) * (H - horizon))}" x2="${W}" y2="${r(horizon + ((i / 10) ** 2) * (H - horizon))}"/>`;
    for (let i = -10; i <= 10; i++) grid += `<line x1="${r(W / 2 + i * W * 0.03)}" y1="${r(horizon)}" x2="${r(W / 2 + i * W * 0.2)}" y2="${H}"/>`;
    body += `<g stroke="${neon}" stroke-width="${r(1.6 * (W / 1024))}" opacity="0.65">${grid}</g>`;
    return { defs, body, groundY: H * 0.92, tone: '#0f2f4f', dark: true };
  },
  minimalist: (W, H, rng, t, id) => {
    const base = rng.pick(['#f3efe8', '#eef1f4', '#f6ece6', '#ecf3ee']);
    const accent = mix(t.primary, base, 0.45);
    const body =
      `<rect width="${W}" height="${H}" fill="${base}"/>` +
      `<circle cx="${r(W * rng.range(0.35, 0.65))}" cy="${r(H * 0.42)}" r="${r(Math.min(W, H) * 0.3)}" fill="${accent}"/>` +
      `<rect y="${r(H * 0.8)}" width="${W}" height="${r(H * 0.2)}" fill="${darken(base, 0.05)}"/>` +
      `<line x1="0" y1="${r(H * 0.8)}" x2="${W}" y2="${r(H * 0.8)}" stroke="${darken(base, 0.2)}" stroke-width="2"/>`;
    return { defs: linearGradient(`${id}x`, [[0, base]]), body, groundY: H * 0.9, tone: base, dark: false };
  },
  cosmic: (W, H, rng, t, id) => {
    const defs =
      radialGradient(`${id}n1`, [[0, '#ff4fd8', 0.75], [1, '#ff4fd8', 0]]) +
      radialGradient(`${id}n2`, [[0, '#4f7dff', 0.8], [1, '#4f7dff', 0]]) +
      radialGradient(`${id}n3`, [[0, mix(t.primary, '#9b4fff', 0.5), 0.7], [1, '#9b4fff', 0]]) +
      radialGradient(`${id}pl`, [[0, '#ffffff', 0.9], [0.4, '#bfa8ff', 0.6], [1, '#6a3fd8', 0]]);
    let body = `<rect width="${W}" height="${H}" fill="#0a0620"/>`;
    const nebulae = [`${id}n1`, `${id}n2`, `${id}n3`];
    for (let i = 0; i < 6; i++) {
      body += `<ellipse cx="${r(rng.range(0, W))}" cy="${r(rng.range(0, H * 0.8))}" rx="${r(W * rng.range(0.25, 0.5))}" ry="${r(H * rng.range(0.15, 0.3))}" transform="rotate(${r(rng.range(-40, 40))} ${W / 2} ${H / 2})" fill="url(#${rng.pick(nebulae)})"/>`;
    }
    body += stars(W, H, rng, 220, H);
    body += `<ellipse cx="${W / 2}" cy="${r(H * 0.9)}" rx="${r(W * 0.32)}" ry="${r(H * 0.05)}" fill="url(#${id}pl)"/>`;
    return { defs, body, groundY: H * 0.9, tone: '#2a1650', dark: true };
  },
  gradient: (W, H, rng, t, id) => {
    const a = t.primary;
    const b = t.secondary;
    const c = rng.pick(['#ffd23f', '#ff7f6b', '#7fdcb0', '#b79cf0']);
    const defs =
      linearGradient(`${id}g`, [[0, lighten(a, 0.1)], [0.5, mix(a, b, 0.5)], [1, b]], 0, 0, 1, 1) +
      radialGradient(`${id}h`, [[0, c, 0.7], [1, c, 0]]) +
      radialGradient(`${id}w`, [[0, '#ffffff', 0.45], [1, '#ffffff', 0]]);
    const body =
      `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>` +
      `<circle cx="${r(W * rng.range(0.1, 0.9))}" cy="${r(H * rng.range(0.6, 0.95))}" r="${r(W * 0.5)}" fill="url(#${id}h)"/>` +
      `<circle cx="${r(W * rng.range(0.2, 0.8))}" cy="${r(H * rng.range(0.1, 0.4))}" r="${r(W * 0.4)}" fill="url(#${id}w)"/>`;
    return { defs, body, groundY: H * 0.9, tone: mix(a, b, 0.5), dark: false };
  },
  kitchen: (W, H, rng, t, id) => {
    // A home kitchen seen from the middle of the room: cabinets above, a tiled splashback, the
    // worktop with a hob, a pan and jars, a window with daylight; the middle stays clear for the subject.
    const S = Math.min(W, H);
    const counter = H * 0.66;
    const groundY = H * 0.92;
    const wood = rng.pick(['#c8925a', '#b9824e', '#d4a46c']);
    const cab = rng.pick(['#8fc1b5', '#f2efe6', '#9fb8d8', '#e8c9a0']);
    const tile = rng.pick(['#f4f1ea', '#e6f0f2', '#fbeee0']);
    const defs =
      linearGradient(`${id}wall`, [[0, lighten(tile, 0.2)], [1, darken(tile, 0.06)]]) +
      linearGradient(`${id}top`, [[0, lighten(wood, 0.2)], [1, darken(wood, 0.15)]]) +
      linearGradient(`${id}win`, [[0, '#8fcff5'], [1, '#e4f5ff']]) +
      radialGradient(`${id}glow`, [[0, '#fff6dc', 0.7], [1, '#fff6dc', 0]]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}wall)"/>`;
    // The splashback's tiles.
    const tw = S * 0.06;
    let grid = '';
    for (let y = H * 0.36; y < counter; y += tw * 0.6) grid += `<line x1="0" y1="${r(y)}" x2="${W}" y2="${r(y)}"/>`;
    for (let x = 0, k = 0; x < W; x += tw, k++) grid += `<line x1="${r(x)}" y1="${r(H * 0.36)}" x2="${r(x)}" y2="${r(counter)}"/>`;
    body += `<g stroke="${darken(tile, 0.18)}" stroke-width="${r(S * 0.002)}">${grid}</g>`;
    // A window with daylight on one side.
    const wx = rng.chance(0.5) ? W * 0.06 : W * 0.7;
    const ww = W * 0.24;
    body += `<rect x="${r(wx)}" y="${r(H * 0.32)}" width="${r(ww)}" height="${r(H * 0.28)}" fill="url(#${id}win)" stroke="#ffffff" stroke-width="${r(S * 0.012)}"/><path d="M${r(wx + ww / 2)},${r(H * 0.32)} V${r(H * 0.6)} M${r(wx)},${r(H * 0.46)} H${r(wx + ww)}" stroke="#ffffff" stroke-width="${r(S * 0.008)}"/>`;
    body += `<ellipse cx="${r(wx + ww / 2)}" cy="${r(H * 0.46)}" rx="${r(W * 0.35)}" ry="${r(H * 0.3)}" fill="url(#${id}glow)"/>`;
    // Upper cabinets across the top, with handles.
    const doors = 6;
    for (let i = 0; i < doors; i++) {
      const x = (W * i) / doors;
      body += `<rect x="${r(x + S * 0.006)}" y="0" width="${r(W / doors - S * 0.012)}" height="${r(H * 0.27)}" rx="${r(S * 0.008)}" fill="${cab}" stroke="${darken(cab, 0.25)}" stroke-width="${r(S * 0.004)}"/>`;
      body += `<rect x="${r(x + (i % 2 ? S * 0.03 : W / doors - S * 0.045))}" y="${r(H * 0.2)}" width="${r(S * 0.014)}" height="${r(H * 0.05)}" rx="${r(S * 0.006)}" fill="#8a8a92"/>`;
    }
    body += `<rect y="${r(H * 0.27)}" width="${W}" height="${r(S * 0.02)}" fill="${darken(cab, 0.3)}"/>`;
    // A rail of hanging utensils and a shelf of jars.
    const railX = wx > W / 2 ? W * 0.08 : W * 0.66;
    body += `<rect x="${r(railX)}" y="${r(H * 0.36)}" width="${r(W * 0.26)}" height="${r(S * 0.008)}" fill="#9a9aa4"/>`;
    for (let i = 0; i < 4; i++) {
      const x = railX + W * (0.03 + i * 0.065);
      const len = H * rng.range(0.1, 0.15);
      body += `<path d="M${r(x)},${r(H * 0.364)} v${r(len)}" stroke="#6a6a74" stroke-width="${r(S * 0.006)}" stroke-linecap="round"/>`;
      body += i % 2 ? `<ellipse cx="${r(x)}" cy="${r(H * 0.364 + len)}" rx="${r(S * 0.018)}" ry="${r(S * 0.026)}" fill="#7a7a84"/>` : `<rect x="${r(x - S * 0.012)}" y="${r(H * 0.364 + len - S * 0.01)}" width="${r(S * 0.024)}" height="${r(S * 0.04)}" rx="${r(S * 0.004)}" fill="#7a7a84"/>`;
    }
    // The worktop, the lower cabinets and the floor.
    body += `<rect y="${r(counter)}" width="${W}" height="${r(S * 0.035)}" fill="url(#${id}top)"/>`;
    body += `<rect y="${r(counter + S * 0.035)}" width="${W}" height="${r(H - counter)}" fill="${darken(cab, 0.08)}"/>`;
    for (let i = 0; i < doors; i++) body += `<rect x="${r((W * i) / doors + S * 0.01)}" y="${r(counter + S * 0.05)}" width="${r(W / doors - S * 0.02)}" height="${r(H * 0.19)}" rx="${r(S * 0.008)}" fill="${cab}" stroke="${darken(cab, 0.25)}" stroke-width="${r(S * 0.004)}"/>`;
    body += `<rect y="${r(H * 0.89)}" width="${W}" height="${r(H * 0.11)}" fill="${mix(wood, '#6a5040', 0.4)}"/>`;
    // On the worktop: a hob with a steaming pot, jars, a chopping board with a loaf.
    const hobX = wx > W / 2 ? W * 0.76 : W * 0.12;
    body += `<rect x="${r(hobX)}" y="${r(counter - S * 0.01)}" width="${r(W * 0.2)}" height="${r(S * 0.014)}" fill="#2a2a30"/>`;
    body += `<path d="M${r(hobX + W * 0.03)},${r(counter - S * 0.01)} v${r(-S * 0.08)} h${r(W * 0.12)} v${r(S * 0.08)}Z" fill="${t.primary}" stroke="${darken(t.primary, 0.35)}" stroke-width="${r(S * 0.004)}"/><rect x="${r(hobX + W * 0.02)}" y="${r(counter - S * 0.1)}" width="${r(W * 0.14)}" height="${r(S * 0.02)}" rx="${r(S * 0.008)}" fill="${darken(t.primary, 0.2)}"/>`;
    for (let i = 0; i < 3; i++) body += `<path d="M${r(hobX + W * (0.06 + i * 0.03))},${r(counter - S * 0.12)} q${r(S * 0.02)},${r(-S * 0.03)} 0,${r(-S * 0.06)} q${r(-S * 0.02)},${r(-S * 0.03)} 0,${r(-S * 0.06)}" fill="none" stroke="#ffffff" stroke-width="${r(S * 0.006)}" stroke-linecap="round" opacity="0.7"/>`;
    const jarX = wx > W / 2 ? W * 0.04 : W * 0.84;
    for (let i = 0; i < 3; i++) {
      const x = jarX + i * W * 0.045;
      const h = S * rng.range(0.06, 0.09);
      body += `<rect x="${r(x)}" y="${r(counter - h)}" width="${r(W * 0.035)}" height="${r(h)}" rx="${r(S * 0.008)}" fill="#e8f2f4" fill-opacity="0.85" stroke="#a8b8bc" stroke-width="${r(S * 0.003)}"/><rect x="${r(x)}" y="${r(counter - h * 0.55)}" width="${r(W * 0.035)}" height="${r(h * 0.55)}" fill="${rng.pick(['#f2c46a', '#d8884a', '#b8d87a', '#f4e0c0'])}"/><rect x="${r(x - S * 0.002)}" y="${r(counter - h - S * 0.012)}" width="${r(W * 0.035 + S * 0.004)}" height="${r(S * 0.014)}" rx="${r(S * 0.004)}" fill="${darken(wood, 0.2)}"/>`;
    }
    return { defs, body, groundY, tone: cab, dark: false, indoor: true };
  },
  room: (W, H, rng, t, id) => {
    // A room at home: papered wall with a window and a framed picture, a skirting board, a wooden
    // floor with a rug; the middle stays clear for the bed or the sofa.
    const S = Math.min(W, H);
    const floorY = H * 0.7;
    const groundY = H * 0.92;
    const [h] = toHsl(t.primary);
    const wall = hsl(h + rng.range(-30, 30), rng.range(0.25, 0.4), rng.range(0.78, 0.85));
    const wood = rng.pick(['#b9824e', '#c8925a', '#a8744a']);
    const defs =
      linearGradient(`${id}wall`, [[0, darken(wall, 0.06)], [1, lighten(wall, 0.08)]]) +
      linearGradient(`${id}floor`, [[0, darken(wood, 0.1)], [1, lighten(wood, 0.12)]]) +
      linearGradient(`${id}win`, [[0, '#8fcff5'], [1, '#e4f5ff']]) +
      radialGradient(`${id}glow`, [[0, '#fff6dc', 0.6], [1, '#fff6dc', 0]]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}wall)"/>`;
    // Wallpaper stripes.
    for (let x = 0; x < W; x += S * 0.08) body += `<rect x="${r(x)}" y="0" width="${r(S * 0.03)}" height="${r(floorY)}" fill="${darken(wall, 0.05)}"/>`;
    const wx = rng.chance(0.5) ? W * 0.08 : W * 0.66;
    const ww = W * 0.26;
    body += `<rect x="${r(wx)}" y="${r(H * 0.14)}" width="${r(ww)}" height="${r(H * 0.3)}" fill="url(#${id}win)" stroke="#ffffff" stroke-width="${r(S * 0.014)}"/><path d="M${r(wx + ww / 2)},${r(H * 0.14)} V${r(H * 0.44)} M${r(wx)},${r(H * 0.29)} H${r(wx + ww)}" stroke="#ffffff" stroke-width="${r(S * 0.008)}"/>`;
    // Curtains either side of the window.
    for (const cx of [wx - S * 0.02, wx + ww + S * 0.02]) body += `<path d="M${r(cx - S * 0.035)},${r(H * 0.11)} h${r(S * 0.07)} q${r(-S * 0.02)},${r(H * 0.18)} ${r(S * 0.012)},${r(H * 0.37)} h${r(-S * 0.09)} q${r(S * 0.03)},${r(-H * 0.19)} ${r(S * 0.008)},${r(-H * 0.37)}Z" fill="${t.secondary}" opacity="0.9"/>`;
    body += `<ellipse cx="${r(wx + ww / 2)}" cy="${r(H * 0.3)}" rx="${r(W * 0.35)}" ry="${r(H * 0.3)}" fill="url(#${id}glow)"/>`;
    // A framed picture on the other side.
    const px = wx > W / 2 ? W * 0.12 : W * 0.7;
    body += `<rect x="${r(px)}" y="${r(H * 0.2)}" width="${r(W * 0.16)}" height="${r(H * 0.13)}" fill="${lighten(t.secondary, 0.5)}" stroke="${darken(wood, 0.2)}" stroke-width="${r(S * 0.012)}"/><path d="M${r(px + S * 0.01)},${r(H * 0.31)} l${r(W * 0.05)},${r(-H * 0.06)} l${r(W * 0.04)},${r(H * 0.04)} l${r(W * 0.03)},${r(-H * 0.03)} l${r(W * 0.03)},${r(H * 0.05)}Z" fill="${t.primary}" opacity="0.7"/>`;
    // Skirting board, floorboards, a round rug.
    body += `<rect y="${r(floorY)}" width="${W}" height="${r(H - floorY)}" fill="url(#${id}floor)"/>`;
    for (let y = floorY + S * 0.05; y < H; y += S * 0.06) body += `<line x1="0" y1="${r(y)}" x2="${W}" y2="${r(y)}" stroke="${darken(wood, 0.2)}" stroke-width="${r(S * 0.003)}"/>`;
    body += `<rect y="${r(floorY - S * 0.02)}" width="${W}" height="${r(S * 0.025)}" fill="#f4f1ea" stroke="${darken(wall, 0.2)}" stroke-width="${r(S * 0.002)}"/>`;
    body += `<ellipse cx="${r(W * 0.5)}" cy="${r(H * 0.9)}" rx="${r(W * 0.36)}" ry="${r(H * 0.06)}" fill="${t.secondary}" opacity="0.55"/><ellipse cx="${r(W * 0.5)}" cy="${r(H * 0.9)}" rx="${r(W * 0.3)}" ry="${r(H * 0.045)}" fill="none" stroke="#ffffff" stroke-width="${r(S * 0.005)}" opacity="0.6"/>`;
    return { defs, body, groundY, tone: wall, dark: false, indoor: true };
  },
  desert: (W, H, rng, _t, id) => {
    const groundY = H * 0.9;
    const horizon = H * rng.range(0.56, 0.62);
    const defs =
      linearGradient(`${id}sky`, [[0, '#5aaee8'], [0.7, '#bfe2f2'], [1, '#ffe9c0']]) +
      radialGradient(`${id}sun`, [[0, '#fffbe6'], [0.3, '#fff2b0', 0.9], [1, '#fff2b0', 0]]) +
      linearGradient(`${id}sand`, [[0, '#f2cf8a'], [1, '#d9a558']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/><circle cx="${r(W * rng.range(0.2, 0.8))}" cy="${r(H * 0.17)}" r="${r(W * 0.2)}" fill="url(#${id}sun)"/>`;
    // Dunes: a far pale range, a nearer warmer one, then the sand the figure stands on.
    body += `<path d="${hillPath(W, H, horizon, H * 0.05, rng, 3)}" fill="#f0d49c"/>`;
    body += `<path d="${hillPath(W, H, horizon + H * 0.07, H * 0.06, rng, 2)}" fill="#e6bb72"/>`;
    body += `<path d="M0,${r(H * 0.78)} Q${r(W * 0.35)},${r(H * 0.74)} ${r(W * 0.6)},${r(H * 0.79)} T${W},${r(H * 0.77)} V${H} H0Z" fill="url(#${id}sand)"/>`;
    // A cactus or two on the dunes.
    for (let i = 0; i < 2; i++) {
      const x = i === 0 ? W * rng.range(0.06, 0.22) : W * rng.range(0.78, 0.94);
      const y = H * rng.range(0.74, 0.8);
      const h = H * rng.range(0.1, 0.16);
      const w = W * 0.028;
      body += `<g fill="#4f9a3f" stroke="#2f6a2a" stroke-width="${r(W * 0.004)}"><rect x="${r(x - w / 2)}" y="${r(y - h)}" width="${r(w)}" height="${r(h)}" rx="${r(w / 2)}"/><path d="M${r(x - w / 2)},${r(y - h * 0.45)} h${r(-w * 0.9)} v${r(-h * 0.3)}" fill="none" stroke="#4f9a3f" stroke-width="${r(w * 0.7)}" stroke-linecap="round"/><path d="M${r(x + w / 2)},${r(y - h * 0.6)} h${r(w * 0.9)} v${r(-h * 0.25)}" fill="none" stroke="#4f9a3f" stroke-width="${r(w * 0.7)}" stroke-linecap="round"/></g>`;
    }
    return { defs, body, groundY, tone: '#e6bb72', dark: false };
  },
  beach: (W, H, rng, _t, id) => {
    const horizon = H * rng.range(0.52, 0.58);
    const shore = H * 0.74;
    const defs =
      linearGradient(`${id}sky`, [[0, '#4fb3f0'], [1, '#cdeeff']]) +
      linearGradient(`${id}sea`, [[0, '#1f8fc8'], [1, '#3fd0d8']]) +
      linearGradient(`${id}sand`, [[0, '#f6dfae'], [1, '#e8c486']]) +
      radialGradient(`${id}sun`, [[0, '#fffbe6'], [0.3, '#fff2b0', 0.9], [1, '#fff2b0', 0]]);
    const palmX = rng.chance(0.5) ? W * 0.1 : W * 0.9;
    let body = `<rect width="${W}" height="${H}" fill="url(#${id}sky)"/><circle cx="${r(W * rng.range(0.2, 0.8))}" cy="${r(H * 0.18)}" r="${r(W * 0.18)}" fill="url(#${id}sun)"/>`;
    for (let i = 0; i < 2; i++) body += cloud(W * rng.range(0.1, 0.9), H * rng.range(0.1, 0.3), W * rng.range(0.18, 0.28), rng);
    body += `<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="url(#${id}sea)"/>`;
    for (let i = 0; i < 6; i++) {
      const y = horizon + (i + 1) * (shore - horizon) * 0.14;
      const x = rng.range(0, W * 0.8);
      body += `<path d="M${r(x)},${r(y)} q${r(W * 0.03)},-6 ${r(W * 0.06)},0 t${r(W * 0.06)},0" fill="none" stroke="#e8fbff" stroke-width="3" opacity="0.7"/>`;
    }
    body += `<path d="M0,${r(shore)} Q${W * 0.3},${r(shore - H * 0.03)} ${W * 0.6},${r(shore)} T${W},${r(shore - H * 0.01)} L${W},${H} L0,${H}Z" fill="url(#${id}sand)"/>`;
    body += `<path d="M0,${r(shore)} Q${W * 0.3},${r(shore - H * 0.03)} ${W * 0.6},${r(shore)} T${W},${r(shore - H * 0.01)}" fill="none" stroke="#ffffff" stroke-width="${r(H * 0.012)}" opacity="0.85"/>`;
    const top = H * 0.28;
    body += `<path d="M${r(palmX)},${r(H * 0.86)} Q${r(palmX + (palmX < W / 2 ? 1 : -1) * W * 0.06)},${r(H * 0.55)} ${r(palmX + (palmX < W / 2 ? 1 : -1) * W * 0.02)},${r(top)}" fill="none" stroke="#8b6a45" stroke-width="${r(W * 0.025)}" stroke-linecap="round"/>`;
    const tx = palmX + (palmX < W / 2 ? 1 : -1) * W * 0.02;
    for (let i = 0; i < 6; i++) {
      const ang = -160 + i * 50 + rng.range(-10, 10);
      body += `<path d="M${r(tx)},${r(top)} q${r(Math.cos((ang * Math.PI) / 180) * W * 0.1)},${r(Math.sin((ang * Math.PI) / 180) * W * 0.1 - 20)} ${r(Math.cos((ang * Math.PI) / 180) * W * 0.2)},${r(Math.sin((ang * Math.PI) / 180) * W * 0.2 + 40)}" fill="none" stroke="#3f9a4a" stroke-width="${r(W * 0.03)}" stroke-linecap="round"/>`;
    }
    return { defs, body, groundY: H * 0.92, tone: '#3fb0d8', dark: false };
  },
};
