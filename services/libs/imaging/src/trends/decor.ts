/** SVG decorations shared by the trends: frames, weather, light, props of the sets. */
import { cloud } from '../backgrounds.js';
import type { Rng } from '../util/rng.js';
import { fitSize, linearGradient, r, text, wrapText, type FontFace } from '../util/svg.js';

export function sparkles(W: number, H: number, rng: Rng, n: number, colours: string[], size: number, area = { x0: 0, y0: 0, x1: 1, y1: 1 }): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(area.x0, area.x1) * W;
    const y = rng.range(area.y0, area.y1) * H;
    const k = size * rng.range(0.4, 1.2);
    const c = rng.pick(colours);
    s += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(k * 1.6)}" fill="${c}" opacity="0.18"/>`;
    s += `<path d="M${r(x)},${r(y - k * 2)} Q${r(x)},${r(y)} ${r(x + k * 2)},${r(y)} Q${r(x)},${r(y)} ${r(x)},${r(y + k * 2)} Q${r(x)},${r(y)} ${r(x - k * 2)},${r(y)} Q${r(x)},${r(y)} ${r(x)},${r(y - k * 2)}Z" fill="${c}" opacity="${r(rng.range(0.7, 1))}"/>`;
  }
  return s;
}

export function petals(W: number, H: number, rng: Rng, n: number, size: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = rng.range(0, W);
    const y = rng.range(0, H);
    const k = size * rng.range(0.6, 1.3);
    s += `<path transform="translate(${r(x)} ${r(y)}) rotate(${r(rng.range(0, 360))})" d="M0,0 C${r(k)},${r(-k)} ${r(k * 2)},${r(-k * 0.2)} ${r(k * 1.6)},${r(k * 0.5)} C${r(k)},${r(k * 0.9)} ${r(k * 0.3)},${r(k * 0.6)} 0,0Z" fill="${rng.pick(['#ffc0d6', '#ffb0cc', '#ffd6e4', '#ff9cc0'])}" stroke="#e0709a" stroke-width="${r(k * 0.06)}" opacity="${r(rng.range(0.75, 1))}"/>`;
  }
  return s;
}

export function rain(W: number, H: number, rng: Rng, n: number, S: number, colour = '#cfe8ff'): string {
  let s = `<g stroke="${colour}" stroke-linecap="round">`;
  for (let i = 0; i < n; i++) {
    const x = rng.range(-0.1, 1.1) * W;
    const y = rng.range(-0.1, 1) * H;
    const len = S * rng.range(0.04, 0.1);
    s += `<path d="M${r(x)},${r(y)} l${r(-len * 0.25)},${r(len)}" stroke-width="${r(S * rng.range(0.0012, 0.0026))}" opacity="${r(rng.range(0.25, 0.6))}"/>`;
  }
  return s + '</g>';
}

/** Lines radiating from a point (manga speed lines, comic action lines). */
export function radialLines(W: number, H: number, cx: number, cy: number, rng: Rng, n: number, inner: number, colour: string, width: number): string {
  const R = Math.hypot(W, H);
  let s = '';
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + rng.range(-0.02, 0.02);
    const r0 = inner * rng.range(0.85, 1.3);
    const w = width * rng.range(0.4, 1.4);
    const x0 = cx + Math.cos(a) * r0;
    const y0 = cy + Math.sin(a) * r0;
    const nx = -Math.sin(a) * w;
    const ny = Math.cos(a) * w;
    s += `<path d="M${r(x0)},${r(y0)} L${r(cx + Math.cos(a) * R + nx)},${r(cy + Math.sin(a) * R + ny)} L${r(cx + Math.cos(a) * R - nx)},${r(cy + Math.sin(a) * R - ny)}Z" fill="${colour}"/>`;
  }
  return s;
}

/** An ornate gilded picture frame around the whole canvas. */
export function gildedFrame(W: number, H: number, id: string, S: number): { defs: string; body: string } {
  const b = S * 0.075;
  const defs =
    linearGradient(`${id}gold`, [[0, '#fff1b0'], [0.25, '#d9a93a'], [0.5, '#8a5a14'], [0.75, '#e8c05a'], [1, '#6a4210']], 0, 0, 1, 1) +
    linearGradient(`${id}gold2`, [[0, '#5a3a0a'], [0.5, '#f6d77a'], [1, '#5a3a0a']], 0, 0, 1, 0);
  let body = `<path fill-rule="evenodd" d="M0,0 H${W} V${H} H0Z M${r(b)},${r(b)} V${r(H - b)} H${r(W - b)} V${r(b)}Z" fill="url(#${id}gold)"/>`;
  // Bevels and a beaded inner moulding.
  body += `<rect x="${r(b * 0.18)}" y="${r(b * 0.18)}" width="${r(W - b * 0.36)}" height="${r(H - b * 0.36)}" fill="none" stroke="#4a2e08" stroke-width="${r(b * 0.08)}"/>`;
  body += `<rect x="${r(b * 0.5)}" y="${r(b * 0.5)}" width="${r(W - b)}" height="${r(H - b)}" fill="none" stroke="url(#${id}gold2)" stroke-width="${r(b * 0.22)}"/>`;
  body += `<rect x="${r(b * 0.92)}" y="${r(b * 0.92)}" width="${r(W - b * 1.84)}" height="${r(H - b * 1.84)}" fill="none" stroke="#3a2406" stroke-width="${r(b * 0.1)}"/>`;
  const bead = b * 0.09;
  const beads = (x0: number, y0: number, x1: number, y1: number) => {
    const len = Math.hypot(x1 - x0, y1 - y0);
    const n = Math.floor(len / (bead * 2.6));
    let s = '';
    for (let i = 0; i <= n; i++) s += `<circle cx="${r(x0 + ((x1 - x0) * i) / n)}" cy="${r(y0 + ((y1 - y0) * i) / n)}" r="${r(bead)}"/>`;
    return s;
  };
  const m = b * 0.75;
  body += `<g fill="#ffe79a" stroke="#6a4210" stroke-width="${r(bead * 0.3)}">${beads(m, m, W - m, m)}${beads(m, H - m, W - m, H - m)}${beads(m, m, m, H - m)}${beads(W - m, m, W - m, H - m)}</g>`;
  // Corner ornaments.
  for (const [x, y] of [[b / 2, b / 2], [W - b / 2, b / 2], [b / 2, H - b / 2], [W - b / 2, H - b / 2]]) {
    body += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(b * 0.42)}" fill="url(#${id}gold)" stroke="#4a2e08" stroke-width="${r(b * 0.05)}"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(b * 0.18)}" fill="#fff3c0" stroke="#6a4210" stroke-width="${r(b * 0.04)}"/>`;
  }
  return { defs, body };
}

export function clouds(W: number, H: number, rng: Rng, n: number, S: number, y0 = 0.05, y1 = 0.4, fill = '#ffffff', shade = '#dfe8f2'): string {
  let s = '';
  for (let i = 0; i < n; i++) s += cloud(rng.range(0, 1) * W, rng.range(y0, y1) * H, S * rng.range(0.18, 0.34), rng, fill, shade);
  return s;
}

export function castle(x: number, base: number, h: number, fill: string, roof: string, window = '#ffe9a8'): string {
  const w = h * 0.9;
  const tower = (tx: number, tw: number, th: number) =>
    `<rect x="${r(tx - tw / 2)}" y="${r(base - th)}" width="${r(tw)}" height="${r(th)}" fill="${fill}"/>` +
    `<path d="M${r(tx - tw * 0.62)},${r(base - th)} L${r(tx)},${r(base - th - tw * 1.5)} L${r(tx + tw * 0.62)},${r(base - th)}Z" fill="${roof}"/>` +
    `<path d="M${r(tx)},${r(base - th - tw * 1.5)} v${r(-tw * 0.5)} l${r(tw * 0.35)},${r(tw * 0.12)} l${r(-tw * 0.35)},${r(tw * 0.12)}" fill="${roof}" stroke="${roof}" stroke-width="${r(tw * 0.05)}"/>` +
    `<rect x="${r(tx - tw * 0.12)}" y="${r(base - th * 0.75)}" width="${r(tw * 0.24)}" height="${r(tw * 0.4)}" rx="${r(tw * 0.12)}" fill="${window}"/>`;
  let s = `<rect x="${r(x - w * 0.45)}" y="${r(base - h * 0.35)}" width="${r(w * 0.9)}" height="${r(h * 0.35)}" fill="${fill}"/>`;
  for (let i = 0; i < 9; i++) s += `<rect x="${r(x - w * 0.45 + i * w * 0.1)}" y="${r(base - h * 0.38)}" width="${r(w * 0.05)}" height="${r(h * 0.03)}" fill="${fill}"/>`;
  s += `<path d="M${r(x - w * 0.08)},${r(base)} v${r(-h * 0.14)} a${r(w * 0.08)},${r(w * 0.08)} 0 0 1 ${r(w * 0.16)},0 v${r(h * 0.14)}Z" fill="#3a2a4a"/>`;
  s += tower(x - w * 0.38, w * 0.13, h * 0.55) + tower(x + w * 0.38, w * 0.13, h * 0.55) + tower(x - w * 0.16, w * 0.12, h * 0.72) + tower(x + w * 0.16, w * 0.12, h * 0.72) + tower(x, w * 0.16, h * 0.92);
  return s;
}

/** A caption box or sign with wrapped text fitted inside. */
export function textBox(content: string, x: number, y: number, w: number, h: number, o: { fill: string; ink: string; face: FontFace; stroke?: string; strokeWidth?: number; rx?: number; maxLines?: number; upper?: boolean }): string {
  const t = o.upper ? content.toUpperCase() : content;
  const pad = Math.min(w, h) * 0.12;
  const lines = o.maxLines ?? 3;
  let size = Math.min(h * 0.5, (h - pad * 2) / 1.25);
  let wrapped = wrapText(t, o.face, size, w - pad * 2, lines);
  while (size > 8 && (wrapped.length * size * 1.2 > h - pad * 2 || wrapped.join(' ').length < t.length - 1)) {
    size *= 0.9;
    wrapped = wrapText(t, o.face, size, w - pad * 2, lines);
  }
  let s = `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${r(o.rx ?? 0)}" fill="${o.fill}"${o.stroke ? ` stroke="${o.stroke}" stroke-width="${r(o.strokeWidth ?? 3)}"` : ''}/>`;
  const top = y + (h - wrapped.length * size * 1.2) / 2 + size * 0.95;
  wrapped.forEach((l, i) => (s += text(l, { x: x + w / 2, y: top + i * size * 1.2, size: Math.min(size, fitSize(l, o.face, w - pad * 2, size)), face: o.face, fill: o.ink, anchor: 'middle' })));
  return s;
}

/** A comic speech bubble with a tail pointing at (tx, ty). */
export function speechBubble(content: string, x: number, y: number, w: number, h: number, tx: number, ty: number, S: number): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const sw = S * 0.006;
  const tail = `<path d="M${r(cx - w * 0.12)},${r(cy + h * 0.3)} L${r(tx)},${r(ty)} L${r(cx + w * 0.05)},${r(cy + h * 0.38)}Z" fill="#fff" stroke="#111" stroke-width="${r(sw)}" stroke-linejoin="round"/>`;
  const body = `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(w / 2)}" ry="${r(h / 2)}" fill="#fff" stroke="#111" stroke-width="${r(sw)}"/>`;
  const cover = `<path d="M${r(cx - w * 0.11)},${r(cy + h * 0.3)} L${r(cx + w * 0.04)},${r(cy + h * 0.36)}" stroke="#fff" stroke-width="${r(sw * 2.2)}"/>`;
  return tail + body + cover + textBox(content, x + w * 0.14, y + h * 0.18, w * 0.72, h * 0.64, { fill: 'none', ink: '#111', face: 'sansBold', upper: true, maxLines: 3 });
}

/** Spiky "POW!" burst. */
export function burst(word: string, cx: number, cy: number, R: number, fill: string, ink: string, rng: Rng): string {
  const n = 14;
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const a = (i / (n * 2)) * Math.PI * 2;
    const rr = i % 2 === 0 ? R * rng.range(0.95, 1.15) : R * 0.62;
    pts.push(`${r(cx + Math.cos(a) * rr * 1.25)},${r(cy + Math.sin(a) * rr)}`);
  }
  const size = fitSize(word, 'sansBold', R * 1.7, R * 0.7);
  return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="#111" stroke-width="${r(R * 0.05)}" stroke-linejoin="round"/>` + text(word, { x: cx, y: cy + size * 0.35, size, face: 'sansBold', fill: ink, anchor: 'middle', stroke: '#111', strokeWidth: size * 0.08, extra: `transform="rotate(-8 ${r(cx)} ${r(cy)})"` });
}
