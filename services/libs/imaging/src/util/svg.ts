/**
 * SVG building helpers. Text is rendered by librsvg through fontconfig; only generic families
 * (sans-serif, serif) are used so it renders on any machine. Widths are estimated from DejaVu
 * advance widths (the fonts of the base image); other fonts land close enough for fitting.
 */

/** Characters that may not appear in XML 1.0 at all. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escape text for SVG element content and attribute values. */
export function esc(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Keep only what the fonts can draw: letters, digits, spaces and common punctuation.
 * Emoji and pictographs would render as empty boxes.
 */
export function displayText(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVALID_XML, '')
    .replace(/[^\p{L}\p{M}\p{N}\s.,:;!?'"&()\-+#@/%$€£]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export type FontFace = 'sans' | 'sansBold' | 'serif' | 'serifBold';

// Advance widths (1/1000 em) of printable ASCII 32..126, from DejaVu Sans / Serif.
const WIDTHS: Record<FontFace, number[]> = {
  sans: [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838],
  sansBold: [348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838],
  serif: [318,402,460,838,636,950,890,275,390,390,500,838,318,338,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,536,1000,722,735,765,802,730,694,799,872,395,401,747,664,1024,875,820,673,820,753,685,667,843,722,1028,712,660,695,390,337,390,838,500,500,596,640,560,640,592,370,640,644,320,310,606,320,948,644,602,640,640,478,513,402,644,565,856,564,565,527,636,337,636,838],
  serifBold: [348,439,521,838,696,950,903,306,473,473,523,838,348,415,348,365,696,696,696,696,696,696,696,696,696,696,369,369,838,838,838,586,1000,776,845,796,867,762,710,854,945,468,473,869,703,1107,914,871,752,871,831,722,744,872,776,1123,776,714,730,473,365,473,838,500,500,648,699,609,699,636,430,699,727,380,362,693,380,1058,727,667,699,699,527,563,462,727,581,861,596,581,568,643,364,643,838],
};

export const FONT_ATTRS: Record<FontFace, string> = {
  sans: 'font-family="DejaVu Sans, sans-serif"',
  sansBold: 'font-family="DejaVu Sans, sans-serif" font-weight="bold"',
  serif: 'font-family="DejaVu Serif, serif"',
  serifBold: 'font-family="DejaVu Serif, serif" font-weight="bold"',
};

/** Estimated rendered width of `text` at `size` px, with optional extra letter spacing. */
export function textWidth(text: string, face: FontFace, size: number, letterSpacing = 0): number {
  const table = WIDTHS[face];
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 32;
    units += code >= 32 && code <= 126 ? table[code - 32] : 680;
  }
  const n = [...text].length;
  return (units / 1000) * size + Math.max(0, n - 1) * letterSpacing;
}

/** Largest font size ≤ maxSize at which `text` fits in maxWidth. */
export function fitSize(text: string, face: FontFace, maxWidth: number, maxSize: number, letterSpacingEm = 0): number {
  const w = textWidth(text, face, 100, letterSpacingEm * 100);
  if (w <= 0) return maxSize;
  return Math.max(6, Math.min(maxSize, (maxWidth / w) * 100));
}

/** Greedy word wrap into at most maxLines lines; the last line is ellipsised when it overflows. */
export function wrapText(text: string, face: FontFace, size: number, maxWidth: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, face, size) <= maxWidth || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
      if (lines.length === maxLines) break;
    }
  }
  if (lines.length < maxLines && line) lines.push(line);
  if (lines.length === maxLines) {
    const used = lines.join(' ').split(/\s+/).length;
    if (used < words.length || textWidth(lines[maxLines - 1], face, size) > maxWidth) {
      let last = lines[maxLines - 1];
      while (last.length > 1 && textWidth(`${last}…`, face, size) > maxWidth) last = last.slice(0, -1).trimEnd();
      lines[maxLines - 1] = `${last}…`;
    }
  }
  return lines;
}

export interface TextOptions {
  x: number;
  y: number;
  size: number;
  face: FontFace;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  letterSpacing?: number;
  stroke?: string;
  strokeWidth?: number;
  italic?: boolean;
  opacity?: number;
  extra?: string;
}

/** One line of SVG text; the content is escaped here. */
export function text(content: string, o: TextOptions): string {
  const attrs = [
    `x="${r(o.x)}"`,
    `y="${r(o.y)}"`,
    `font-size="${r(o.size)}"`,
    FONT_ATTRS[o.face],
    `fill="${o.fill}"`,
    `text-anchor="${o.anchor ?? 'start'}"`,
  ];
  if (o.letterSpacing) attrs.push(`letter-spacing="${r(o.letterSpacing)}"`);
  if (o.stroke) attrs.push(`stroke="${o.stroke}" stroke-width="${r(o.strokeWidth ?? 2)}" stroke-linejoin="round" paint-order="stroke"`);
  if (o.italic) attrs.push('font-style="italic"');
  if (o.opacity !== undefined) attrs.push(`opacity="${o.opacity}"`);
  if (o.extra) attrs.push(o.extra);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** Round for compact SVG output. */
export const r = (v: number) => Math.round(v * 10) / 10;

export function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function linearGradient(id: string, stops: Array<[number, string, number?]>, x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</linearGradient>`;
}

export function radialGradient(id: string, stops: Array<[number, string, number?]>, cx = 0.5, cy = 0.5, rr = 0.5, fx?: number, fy?: number): string {
  const focus = fx === undefined ? '' : ` fx="${fx}" fy="${fy ?? cy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${rr}"${focus}>${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('')}</radialGradient>`;
}

/** A closed smooth blob through points around (cx, cy) (Catmull-Rom to Bézier). */
export function blobPath(cx: number, cy: number, rx: number, ry: number, wobble: number, rand: () => number, points = 8): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const k = 1 + (rand() * 2 - 1) * wobble;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  return smoothClosedPath(pts);
}

export function smoothClosedPath(pts: Array<[number, number]>): string {
  const n = pts.length;
  let d = `M${r(pts[0][0])},${r(pts[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % n];
    const p3 = pts[(i + 2) % n];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += ` C${r(c1x)},${r(c1y)} ${r(c2x)},${r(c2y)} ${r(p2[0])},${r(p2[1])}`;
  }
  return `${d}Z`;
}
