import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { normalizeIp } from '@nestjs/throttler';
import { clientAddress, peerIsTrusted } from '../graphql/client-address.js';

/** The answer past the cap, as the rate limits word theirs. */
const RefusedBody = JSON.stringify({ statusCode: 429, message: 'Too many requests. Please try again later.' });

/** Places held per client address; an address's entry goes with its last place. */
export class ConnectionCounts {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a place for `address`: answers how to give it back (once is enough), or undefined when the address holds `max` already. */
  take(address: string): (() => void) | undefined {
    const held = this.open.get(address) ?? 0;
    if (held >= this.max) return undefined;
    this.open.set(address, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }

  held(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * At most `max` connections open per client address on this server, the client address read with
 * the rule Express uses (client-address.ts):
 * - a direct client (its peer is no trusted proxy): each TCP connection, whatever it carries
 *   (kept-alive HTTP, a WebSocket); one past the cap is closed before a byte is read;
 * - a client behind a trusted proxy (whose connections carry many clients): each request in flight
 *   and each open WebSocket, by the address X-Forwarded-For names; past the cap the request is
 *   answered 429 and the upgrade refused with 429. Calls of the proxy itself (no X-Forwarded-For:
 *   probes, internal callers) are not capped.
 * Counted per replica: connections are held by one process. Wraps the server's current `request`
 * and `upgrade` listeners (call it once everything is attached: after app.init()).
 */
export function capConnections(server: Server, max: number, isTrustedPeer: (socket: Socket) => boolean = peerIsTrusted): ConnectionCounts {
  const counts = new ConnectionCounts(max);
  const forwardedClient = (req: IncomingMessage) =>
    (isTrustedPeer(req.socket) && req.headers['x-forwarded-for'] !== undefined ? normalizeIp(clientAddress(req)) : undefined);

  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined || isTrustedPeer(socket)) return;
    const give = counts.take(normalizeIp(socket.remoteAddress));
    if (!give) {
      socket.destroy();
      return;
    }
    socket.once('close', give);
  });

  const requestListeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const client = forwardedClient(req);
    if (client !== undefined) {
      const give = counts.take(client);
      if (!give) {
        res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(RefusedBody), 'retry-after': '1' });
        res.end(RefusedBody);
        return;
      }
      res.once('close', give);
    }
    for (const listener of requestListeners) listener(req, res);
  });

  const upgradeListeners = server.listeners('upgrade') as UpgradeListener[];
  // Without a listener Node answers upgrades itself: nothing to cap then.
  if (upgradeListeners.length === 0) return counts;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const client = forwardedClient(req);
    if (client !== undefined) {
      const give = counts.take(client);
      if (!give) {
        socket.end(`HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(RefusedBody)}\r\nRetry-After: 1\r\n\r\n${RefusedBody}`);
        return;
      }
      socket.once('close', give);
    }
    for (const listener of upgradeListeners) listener(req, socket, head);
  });
  return counts;
}
