/**
 * NATS for the launcher: telling a usable NATS (JetStream, no auth) from anything else on a port,
 * and starting the embedded `nats-server -js` from the PATH on a port from the OS.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedNats } from '../src/embedded.js';
import { LOCAL_NATS_PORT } from '../src/plan.js';
import { canListen, freePort } from '../src/ports.js';
import { findOnPath, probeNats } from '../src/probe.js';

/** A TCP server on an OS port that greets every connection with `greeting`. */
async function fakeServer(greeting: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(greeting);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('freePort / canListen', () => {
  it('hands out a port the OS chose, that we can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    expect(await canListen(port)).toBe(true);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      expect(await canListen(port)).toBe(false);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('probeNats', () => {
  it('accepts the NATS with JetStream that runs on this machine (127.0.0.1:4222, or NATS_URL)', async () => {
    const port = process.env.NATS_URL ? Number(new URL(process.env.NATS_URL).port || LOCAL_NATS_PORT) : LOCAL_NATS_PORT;
    expect(await probeNats(port)).toEqual({ state: 'usable' });
  });

  it('reports nothing listening as absent', async () => {
    expect(await probeNats(await freePort())).toEqual({ state: 'absent' });
  });

  it.each([
    ['NATS without JetStream', 'INFO {"server_id":"x","version":"2.10.1","jetstream":false}\r\n', /NATS 2\.10\.1 without JetStream \(start it with -js\)/],
    ['NATS that wants credentials', 'INFO {"server_id":"x","jetstream":true,"auth_required":true}\r\n', /requires authentication/],
    ['Redis', '+PONG\r\n', /not a NATS server/],
  ])('refuses %s', async (_, greeting, error) => {
    const server = await fakeServer(greeting);
    try {
      const result = await probeNats(server.port);
      expect(result.state).toBe('unusable');
      expect(result.error).toMatch(error);
    } finally {
      await server.close();
    }
  });
});

describe('startEmbeddedNats', () => {
  let binary: string;
  let storeDir: string;

  beforeAll(async () => {
    const found = await findOnPath('nats-server');
    if (!found) throw new Error('nats-server is not on the PATH (Debian package nats-server); DESIGN section 6 says these machines have it');
    binary = found;
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'tf-nats-'));
  });

  afterAll(async () => {
    await rm(storeDir, { recursive: true, force: true });
  });

  it('starts nats-server with JetStream on a port from the OS, its store in the given folder, and stops it', async () => {
    const lines: string[] = [];
    const server = await startEmbeddedNats({ binary, storeDir, log: (line) => lines.push(line) });
    try {
      expect(server.port).not.toBe(LOCAL_NATS_PORT);
      expect(server.url).toBe(`nats://127.0.0.1:${server.port}`);
      expect(server.describe).toMatch(/with JetStream on 127\.0\.0\.1:\d+, data in /);
      expect(await probeNats(server.port)).toEqual({ state: 'usable' });
      expect(existsSync(path.join(storeDir, 'jetstream'))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(await probeNats(server.port)).toEqual({ state: 'absent' });
    expect(lines.filter((line) => /\[(ERR|FTL)\]/.test(line))).toEqual([]);
  });

  it('fails with nats-server\'s own words when its port is taken', async () => {
    const holder = await fakeServer('');
    const lines: string[] = [];
    try {
      await expect(startEmbeddedNats({ binary, storeDir, port: holder.port, log: (line) => lines.push(line) })).rejects.toThrow(
        new RegExp(`nats-server \\(.*\\) exited during start-up on port ${holder.port}:[\\s\\S]*address already in use`),
      );
      expect(lines.join('\n')).toMatch(/\[FTL\]/);
    } finally {
      await holder.close();
    }
  });
});
