/**
 * Per-client hit counts kept in this gateway replica's memory, for reads that cost nothing to
 * serve (the public catalogue, answered from memory): a round trip to Redis for every such read
 * would cost more than the read itself, and a visitor reaching several replicas gets the limit on
 * each of them, which is harmless for cached answers.
 *
 * Fixed windows of the throttler's ttl, counted in a count-min sketch (Cormode and Muthukrishnan):
 * Depth rows of Width 16-bit counters, each key adding to one counter a row and reading the least
 * of them. Memory stays Depth × Width × 2 bytes (8 MiB) however many clients arrive, with no
 * allocation per client. A count is never below the true one; it can be above it only when other
 * keys share all of its counters, which stays rare until millions of clients arrive in one window
 * (conservative update: only the counters at the minimum grow).
 */
const Depth = 4;
const Width = 1 << 20;
const Saturated = 0xffff;

export interface ReplicaHit {
  totalHits: number;
  /** Milliseconds left in the window (the block, past the limit, lasts as long). */
  msLeft: number;
}

export class ReplicaCounts {
  private readonly counters = new Uint16Array(Depth * Width);
  private readonly slots = new Uint32Array(Depth);
  private windowEnds = 0;

  constructor(readonly windowMs: number) {}

  /** Counts one hit on `key` and answers the key's hits in the current window. */
  hit(key: string, now = Date.now()): ReplicaHit {
    if (now >= this.windowEnds) {
      this.counters.fill(0);
      this.windowEnds = now + this.windowMs;
    }
    // Two 32-bit FNV-1a hashes in one pass; row i uses h1 + i·h2 (Kirsch and Mitzenmacher).
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < key.length; i++) {
      const code = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 0x01000193);
      h2 = Math.imul(h2 ^ code, 0x5bd1e995);
    }
    h2 |= 1;
    let least = Saturated;
    for (let row = 0; row < Depth; row++) {
      const slot = row * Width + (((h1 + row * h2) >>> 0) & (Width - 1));
      this.slots[row] = slot;
      if (this.counters[slot] < least) least = this.counters[slot];
    }
    const total = Math.min(least + 1, Saturated);
    for (let row = 0; row < Depth; row++) {
      const slot = this.slots[row];
      if (this.counters[slot] < total) this.counters[slot] = total;
    }
    return { totalHits: total, msLeft: this.windowEnds - now };
  }
}
