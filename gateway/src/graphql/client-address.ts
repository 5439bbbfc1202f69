import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/** The proxies whose X-Forwarded-* headers are believed: Express's `trust proxy` setting (main.ts). */
export const TrustedProxies = 'loopback, linklocal, uniquelocal';
const trusted = proxyAddr.compile(TrustedProxies.split(',').map((entry) => entry.trim()));

/** Whether each connection's peer is a trusted proxy, decided once per connection. */
const trustedPeers = new WeakMap<Socket, boolean>();

/** Whether the connection comes from a trusted proxy (TrustedProxies), whose X-Forwarded-* headers name the client. */
export function peerIsTrusted(socket: Socket): boolean {
  let known = trustedPeers.get(socket);
  if (known === undefined) {
    known = socket.remoteAddress !== undefined && trusted(socket.remoteAddress, 0);
    trustedPeers.set(socket, known);
  }
  return known;
}

/**
 * The client's address the way Express computes `req.ip`, for requests Express never sees (the
 * WebSocket upgrade, the catalogue's fast lane). One trusted proxy naming one client is answered
 * without proxy-addr's parsing of each address (the hot path of every cached read behind a proxy).
 */
export function clientAddress(request: IncomingMessage): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (typeof forwarded === 'string' && !forwarded.includes(',')) {
    const client = forwarded.trim();
    if (client && peerIsTrusted(request.socket)) return client;
  }
  return proxyAddr(request, trusted);
}

/** Whether the client reached us over TLS (directly, or through a trusted proxy saying so), like Express's `req.secure`. */
export function isSecure(request: IncomingMessage): boolean {
  if ((request.socket as TLSSocket).encrypted) return true;
  if (!peerIsTrusted(request.socket)) return false;
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return proto === 'https';
}
