import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { capConnections } from '../src/common/connection-cap.js';

/**
 * The per-address connection cap on a real node:http server (the gateway's wrapper, as main.ts
 * installs it): direct clients by TCP connection, clients behind a trusted proxy by request in
 * flight and open WebSocket, by the address X-Forwarded-For names. Whether the peer is a trusted
 * proxy is decided by the gateway's rule (loopback is one); here each server states it, so both
 * cases run from this machine.
 */
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose requests wait until `release()`, capped at `max` with every peer trusted or none. */
async function heldServer(max: number, trusted: boolean) {
  const waiting: ServerResponse[] = [];
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    waiting.push(res);
    res.on('close', () => waiting.splice(waiting.indexOf(res), 1));
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head, (ws) => ws.send('hello')));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const counts = capConnections(server, max, () => trusted);
  const { port } = server.address() as AddressInfo;
  return { server, port, counts, waiting, release: () => waiting.splice(0).forEach((res) => res.end('done')) };
}

/** A request whose status arrives when the server answers. */
function send(port: number, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `check` holds (the server's side of a connection settles after the client's). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

test('a direct client holds at most `max` TCP connections; one more is closed unanswered, a freed place is taken again', async () => {
  const { port, counts } = await heldServer(2, false);
  const open: Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    open.push(socket);
  }
  await until(() => counts.held('127.0.0.1') === 2);

  const third = connect(port, '127.0.0.1');
  const bytes: Buffer[] = [];
  third.on('data', (chunk: Buffer) => bytes.push(chunk));
  third.on('error', () => undefined);
  third.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await once(third, 'close');
  expect(Buffer.concat(bytes).length).toBe(0);

  open[0].destroy();
  await until(() => counts.held('127.0.0.1') === 1);
  const again = connect(port, '127.0.0.1');
  await once(again, 'connect');
  await until(() => counts.held('127.0.0.1') === 2);
  again.destroy();
  open[1].destroy();
  await until(() => counts.held('127.0.0.1') === 0);
});

test('behind a trusted proxy: requests in flight per forwarded address, 429 past the cap; other addresses and the proxy itself are not held back', async () => {
  const { port, counts, waiting, release } = await heldServer(2, true);
  const client = { 'x-forwarded-for': '203.0.113.9' };
  const held = [send(port, client), send(port, client)];
  await until(() => waiting.length === 2);
  expect(await send(port, client)).toBe(429);
  // Another client of the proxy, and the proxy's own call (no X-Forwarded-For), go through.
  const others = [send(port, { 'x-forwarded-for': '203.0.113.10' }), send(port)];
  await until(() => waiting.length === 4);
  expect(counts.held('203.0.113.9')).toBe(2);
  release();
  expect(await Promise.all([...held, ...others])).toEqual([200, 200, 200, 200]);
  await until(() => counts.held('203.0.113.9') === 0);
  // Answered, the places are free again.
  const next = send(port, client);
  await until(() => waiting.length === 1);
  release();
  expect(await next).toBe(200);
});

test('behind a trusted proxy: open WebSockets per forwarded address, the one past the cap refused with 429 until one closes', async () => {
  const { port, counts } = await heldServer(2, true);
  const open = (address: string) => new Promise<WebSocket | number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': address } });
    ws.once('message', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
  const sockets = [await open('203.0.113.20'), await open('203.0.113.20')] as WebSocket[];
  expect(await open('203.0.113.20')).toBe(429);
  const other = await open('203.0.113.21');
  expect(other).toBeInstanceOf(WebSocket);

  sockets[0].close();
  await until(() => counts.held('203.0.113.20') === 1);
  const again = await open('203.0.113.20');
  expect(again).toBeInstanceOf(WebSocket);
  for (const ws of [sockets[1], other as WebSocket, again as WebSocket]) ws.close();
});
