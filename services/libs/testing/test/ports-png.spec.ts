import { createServer } from 'node:net';
import { inflateSync } from 'node:zlib';
import { createPng, createPngBomb, freePort, readPngSize } from '../src/index.js';

describe('freePort', () => {
  it('returns a port that can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('createPng', () => {
  it('builds a valid PNG: signature, IHDR, checksummed chunks, pixel data that inflates to the right size', () => {
    const png = createPng({ width: 5, height: 3, color: [255, 0, 0], to: [0, 0, 255] });
    expect(readPngSize(png)).toEqual({ width: 5, height: 3 });
    const chunks: string[] = [];
    let offset = 8;
    let idat = Buffer.alloc(0);
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('ascii', offset + 4, offset + 8);
      chunks.push(type);
      if (type === 'IDAT') idat = Buffer.concat([idat, png.subarray(offset + 8, offset + 8 + length)]);
      offset += 12 + length;
    }
    expect(chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    const raw = inflateSync(idat);
    expect(raw.length).toBe(3 * (1 + 5 * 3));
    expect([...raw.subarray(1, 4)]).toEqual([255, 0, 0]); // first pixel: start colour
    expect([...raw.subarray(raw.length - 3)]).toEqual([0, 0, 255]); // last pixel: end colour
    // IEND's CRC is a constant of the format: proves the CRC implementation.
    expect(png.subarray(png.length - 4).toString('hex')).toBe('ae426082');
  });

  it('is deterministic', () => {
    const options = { width: 16, height: 16, color: [1, 2, 3] as const };
    expect(createPng(options).equals(createPng(options))).toBe(true);
  });

  it('rejects nonsense sizes; readPngSize rejects non-PNGs', () => {
    expect(() => createPng({ width: 0, height: 1, color: [0, 0, 0] })).toThrow(RangeError);
    expect(readPngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
  });
});

describe('createPngBomb', () => {
  it('claims a huge picture in a few kilobytes', () => {
    const bomb = createPngBomb();
    expect(readPngSize(bomb)).toEqual({ width: 20_000, height: 20_000 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(bomb.subarray(bomb.length - 4).toString('hex')).toBe('ae426082');
  });
});
