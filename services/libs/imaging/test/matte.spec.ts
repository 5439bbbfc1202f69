/**
 * Only the person under the main face stays in the matte (plain data, no model): a group of people
 * standing shoulder to shoulder, their matte one touching shape, and someone apart behind them.
 */
import { keepPersonUnder, type PersonMatte } from '../src/models.js';
import type { FaceBox } from '../src/types.js';

const W = 300;
const H = 200;

/** A person as the matte sees one: a round head of radius r over a body widening below the chin. */
function person(alpha: Buffer, cx: number, headY: number, r: number): FaceBox {
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const head = Math.hypot(x - cx, y - headY) <= r * 1.25;
      const body = y > headY + r && Math.abs(x - cx) <= r * 2.2;
      if (head || body) alpha[y * W + x] = 255;
    }
  }
  return { left: cx - r, top: headY - r, width: 2 * r, height: 2 * r };
}

const at = (m: PersonMatte, x: number, y: number) => m.alpha[Math.round(y) * W + Math.round(x)];

describe('keepPersonUnder', () => {
  it('keeps the main face\'s person whole and drops the people beside it and a person apart', () => {
    const alpha = Buffer.alloc(W * H);
    const main = person(alpha, 150, 60, 20);
    const left = person(alpha, 75, 70, 18);
    const right = person(alpha, 225, 66, 19);
    // Someone far behind, apart from the group (no face found for them).
    for (let y = 5; y < 25; y++) for (let x = 5; x < 25; x++) alpha[y * W + x] = 255;
    const m: PersonMatte = { width: W, height: H, alpha };
    keepPersonUnder(m, main, [left, right]);
    // The person: face, hair's width, shoulders and body.
    for (const [x, y] of [[150, 60], [150 - 23, 60], [150 + 23, 60], [150 - 30, 120], [150 + 30, 120], [150, 190]]) expect(at(m, x, y)).toBe(255);
    // Their neighbours: faces, hair and shoulders, even where they touch the person.
    for (const [x, y] of [[75, 70], [75, 150], [225, 66], [225, 150], [150 - 60, 150], [150 + 62, 150], [75 + 22, 70], [225 - 23, 66]]) expect(at(m, x, y)).toBe(0);
    // The one apart.
    expect(at(m, 15, 15)).toBe(0);
  });

  it('without other faces keeps the connected person and drops a separate figure within the body\'s reach', () => {
    const alpha = Buffer.alloc(W * H);
    const main = person(alpha, 150, 60, 20);
    // A child's head just beside the shoulders, not touching them.
    for (let y = 150; y < 170; y++) for (let x = 200; x < 215; x++) alpha[y * W + x] = 255;
    const m: PersonMatte = { width: W, height: H, alpha };
    keepPersonUnder(m, main);
    expect(at(m, 150, 60)).toBe(255);
    expect(at(m, 150 + 40, 150)).toBe(255);
    expect(at(m, 207, 160)).toBe(0);
  });
});
