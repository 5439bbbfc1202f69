import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/** The proxies whose X-Forwarded-* headers are believed: Express's `trust proxy` setting (main.ts). */
export const TrustedProxies = 'loopback, linklocal, uniquelocal';
const trusted = proxyAddr.compile(TrustedProxies.split(',').map((entry) => entry.trim()));

/** The client's address the way Express computes `req.ip`, for requests Express never sees (the WebSocket upgrade). */
export function clientAddress(request: IncomingMessage): string {
  return proxyAddr(request, trusted);
}

/** Whether the client reached us over TLS (directly, or through a trusted proxy saying so), like Express's `req.secure`. */
export function isSecure(request: IncomingMessage): boolean {
  if ((request.socket as TLSSocket).encrypted) return true;
  const peer = request.socket.remoteAddress;
  if (!peer || !trusted(peer, 0)) return false;
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return proto === 'https';
}
