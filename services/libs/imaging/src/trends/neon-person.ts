/**
 * The cut-out person relit by neon (Vaporwave, Cyberpunk), not tinted: the photo's own light is
 * replaced by two coloured lights from the sides over a dark ambient. The body's rounded form
 * (its matte, blurred, as a height map) and the broad light of the face (brow, nose, cheeks)
 * give the normals; each side light falls on the surfaces turned towards it, grazing rims burn
 * bright in its colour, the front stays in the dark ambient with a little of both, and a bloom of
 * each light spills past the silhouette. The surface's own lightness (features, hair, cloth)
 * stays, so the person is recognisable. RGBA in, RGBA out.
 */
import type { Raw } from '../raster.js';
import { hexToRgb } from '../util/color.js';
import { alphaOf, blurPlane, clamp255, faceWeight, lumaAt, personColours } from './person-shading.js';

export interface NeonLights {
  /** The light from the left and from the right (hex). */
  left: string;
  right: string;
  /** The dark ambient the front of the figure stands in. */
  ambient: string;
  /** How much of the person's own colour shows under the lights (0: only lightness). */
  ownColour?: number;
  /** Bloom past the silhouette (0…1). */
  bloom?: number;
}

const norm = (v: number[]) => { const l = Math.hypot(...v); return v.map((x) => x / l); };

export async function neonRelight(layer: Raw, face: { left: number; top: number; width: number; height: number } | undefined, lights: NeonLights): Promise<Raw> {
  const { width: W, height: H } = layer;
  const S = Math.min(W, H);
  const n = W * H;
  const alpha = alphaOf(layer);
  const colours = await personColours(layer, S * 0.02);
  const L = Buffer.allocUnsafe(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) L[p] = lumaAt(colours.data, i);
  const fs = face ? face.width : S * 0.2;
  const [body, broad, halo] = await Promise.all([
    blurPlane(alpha, W, H, S * 0.035),
    blurPlane(L, W, H, Math.max(2, fs * 0.08)),
    blurPlane(alpha, W, H, S * 0.02),
  ]);
  const fw = faceWeight(face);
  const lc = hexToRgb(lights.left).map((v) => v / 255);
  const rc = hexToRgb(lights.right).map((v) => v / 255);
  const am = hexToRgb(lights.ambient).map((v) => v / 255);
  const own = lights.ownColour ?? 0.3;
  const bloomK = lights.bloom ?? 0.6;
  // Side lights a little in front of the figure, and a touch above.
  const Ld = norm([-0.9, -0.12, 0.42]), Rd = norm([0.9, -0.12, 0.42]);
  // The head as an ellipsoid over the face box: one cheek takes each light.
  const hx = face ? face.left + face.width / 2 : 0, hy = face ? face.top + face.height * 0.5 : 0;
  const hrx = face ? face.width * 0.62 : 1, hry = face ? face.height * 0.8 : 1;
  const out = Buffer.alloc(n * 4);
  const d = colours.data;
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      const o = p * 4;
      const a = alpha[p];
      const xa = x > 1 ? p - 2 : p, xb = x < W - 2 ? p + 2 : p;
      const ya = y > 1 ? p - 2 * W : p, yb = y < H - 2 ? p + 2 * W : p;
      if (a === 0) {
        // The bloom: each light's glow spilling past the edge it lights.
        const g = halo[p];
        if (g === 0 || bloomK === 0) continue;
        const side = body[xb] - body[xa];
        const c = side > 0 ? lc : rc;
        const k = Math.min(1, (g / 255) * 1.8);
        for (let ch = 0; ch < 3; ch++) out[o + ch] = clamp255(c[ch] * 255);
        out[o + 3] = clamp255(k * k * 255 * bloomK);
        continue;
      }
      const f = fw(x, y);
      const gx = (body[xb] - body[xa]) * 0.06 + (broad[xb] - broad[xa]) * 0.05 * f;
      const gy = (body[yb] - body[ya]) * 0.06 + (broad[yb] - broad[ya]) * 0.05 * f;
      const k = 1 / Math.sqrt(gx * gx + gy * gy + 1);
      let nx = -gx * k, ny = -gy * k, nz = k;
      if (f > 0) {
        const ex = (x - hx) / hrx, ey = (y - hy) / hry;
        const e = Math.min(0.95, ex * ex + ey * ey);
        const bx = nx + (ex * 0.85 - nx) * f, by = ny + (ey * 0.5 - ny) * f, bz = nz + (Math.sqrt(1 - e) - nz) * f;
        const m = 1 / Math.hypot(bx, by, bz);
        nx = bx * m; ny = by * m; nz = bz * m;
      }
      const dl = Math.max(0, nx * Ld[0] + ny * Ld[1] + nz * Ld[2]);
      const dr = Math.max(0, nx * Rd[0] + ny * Rd[1] + nz * Rd[2]);
      // Grazing rims burn brightest (Fresnel-like), on the side each light comes from.
      const fres = (1 - nz) * (1 - nz) * 4;
      const rimL = Math.max(0, -nx) * fres, rimR = Math.max(0, nx) * fres;
      const i = p * 3;
      const l = L[p] / 255;
      for (let ch = 0; ch < 3; ch++) {
        // The surface: its lightness, with a little of its own colour.
        const albedo = l + (d[i + ch] / 255 - l) * own;
        const lit = albedo * (am[ch] * 1.3 + lc[ch] * dl * 1.5 + rc[ch] * dr * 1.5) + (lc[ch] * rimL + rc[ch] * rimR) * (0.35 + 0.65 * l);
        out[o + ch] = clamp255(lit * 255);
      }
      out[o + 3] = a;
    }
  }
  return { data: out, width: W, height: H, channels: 4 };
}
