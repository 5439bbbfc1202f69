import type { IncomingMessage } from 'node:http';

/** Deeper JSON than any of our inputs needs; JSON.parse of 100,000 levels would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b, OPEN_ARRAY = 0x5b, CLOSE_OBJECT = 0x7d, CLOSE_ARRAY = 0x5d, QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests objects and arrays more than `limit` levels, found by one pass over the
 * bytes without parsing (brackets inside strings do not count). UTF-8 never reuses these ASCII bytes
 * inside a multi-byte character, so bytes are safe to scan.
 */
export function nestsDeeperThan(raw: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** The JSON body parser's `verify` hook: refuses a too deeply nested body with a 400 before it is parsed. */
export function refuseDeepJson(_req: IncomingMessage, _res: unknown, raw: Buffer): void {
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    throw Object.assign(new Error(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`), {
      status: 400, statusCode: 400, expose: true, type: 'entity.too.deep',
    });
  }
}
