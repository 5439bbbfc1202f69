import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import { ReplicaCounts } from '../src/common/replica-counts.js';
import { clientAddress, TrustedProxies } from '../src/graphql/client-address.js';

/**
 * The per-replica counts of the catalogue's reads (common/replica-counts.ts) and the client
 * address they are kept by (graphql/client-address.ts).
 */
describe('ReplicaCounts', () => {
  test('counts each key exactly while few clients arrive, and starts again with the next window', () => {
    const counts = new ReplicaCounts(60_000);
    const start = 1_000_000;
    for (let i = 1; i <= 600; i++) {
      expect(counts.hit('TrendsController-list-default-198.51.100.7', start + i).totalHits).toBe(i);
      if (i % 3 === 0) expect(counts.hit(`TrendsController-list-default-203.0.113.${i % 250}`, start + i).totalHits).toBeGreaterThan(0);
    }
    expect(counts.hit('TrendsResolver-trends-default-198.51.100.7', start + 700).totalHits).toBe(1);
    const last = counts.hit('TrendsController-list-default-198.51.100.7', start + 59_000);
    expect(last).toEqual({ totalHits: 601, msLeft: 1_001 });
    expect(counts.hit('TrendsController-list-default-198.51.100.7', start + 60_001).totalHits).toBe(1);
  });

  test('300,000 other clients in one window move one client’s count by almost nothing, never below the truth', () => {
    const counts = new ReplicaCounts(60_000);
    const now = 5_000;
    const watched = 'TrendsController-list-default-192.0.2.10';
    let watchedHits = 0;
    for (let i = 0; i < 300_000; i++) {
      counts.hit(`TrendsController-list-default-${11 + (i >>> 16)}.${(i >>> 8) & 255}.${i & 255}.1`, now);
      if (i % 500 === 0) {
        watchedHits += 1;
        const { totalHits } = counts.hit(watched, now);
        expect(totalHits).toBeGreaterThanOrEqual(watchedHits);
        expect(totalHits).toBeLessThanOrEqual(watchedHits + 3);
      }
    }
  });
});

describe('clientAddress', () => {
  const trusted = proxyAddr.compile(TrustedProxies.split(',').map((entry) => entry.trim()));
  const request = (peer: string, forwarded?: string | string[]) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: peer });
    return { socket, connection: socket, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } } as unknown as IncomingMessage;
  };

  test.each([
    ['127.0.0.1', undefined],
    ['127.0.0.1', '198.51.100.7'],
    ['127.0.0.1', ' 198.51.100.7 '],
    ['127.0.0.1', '203.0.113.9, 198.51.100.7'],
    ['127.0.0.1', '203.0.113.9, 10.0.0.2'],
    ['127.0.0.1', ''],
    ['::1', '2001:db8::1'],
    ['10.1.2.3', '198.51.100.7'],
    ['198.51.100.20', '203.0.113.9'],
    ['198.51.100.20', '203.0.113.9, 10.0.0.2'],
  ])('from %s with X-Forwarded-For %p: the address Express gives', (peer, forwarded) => {
    expect(clientAddress(request(peer, forwarded))).toBe(proxyAddr(request(peer, forwarded), trusted));
  });
});
