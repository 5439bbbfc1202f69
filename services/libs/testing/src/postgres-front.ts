import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { testDatabaseAdminUrl } from './database.js';

/** A PostgreSQL ErrorResponse message ('E', length, fields, terminator), as the server sends it. */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** What PostgreSQL answers a new connection while it is starting up after a restart. */
const startingUp = errorResponse({ S: 'FATAL', V: 'FATAL', C: '57P03', M: 'the database system is starting up' });

/**
 * A TCP front for the test's own database on the shared PostgreSQL, so a suite can play a
 * PostgreSQL restart without touching the server others use: `goDown()` terminates every
 * connection to the suite's database (each client gets 57P01 "terminating connection due to
 * administrator command", as a shutdown sends) and then answers new connections as a server
 * that is starting up (57P03); `comeBack()` forwards them to PostgreSQL again.
 */
export class PostgresFront {
  private down = false;
  private readonly sockets = new Set<Socket>();

  private readonly server: Server = createServer((client) => this.accept(client));
  private readonly target: URL;
  /** The suite's database through the front. */
  url = '';

  private constructor(databaseUrl: string) {
    this.target = new URL(databaseUrl);
  }

  /** `databaseUrl` is the suite's database; services given `front.url` reach it through the front. */
  static async start(databaseUrl: string): Promise<PostgresFront> {
    const front = new PostgresFront(databaseUrl);
    await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve));
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String((front.server.address() as { port: number }).port);
    front.url = url.toString();
    return front;
  }

  private accept(client: Socket) {
    this.track(client);
    client.on('error', () => client.destroy());
    if (this.down) {
      // The startup message arrives, then the refusal, as from a server still starting.
      client.once('data', () => client.end(startingUp));
      return;
    }
    const server = this.track(connect(Number(this.target.port || 5432), this.target.hostname));
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
    client.pipe(server);
    server.pipe(client);
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }

  /** The restart begins: live connections are terminated by PostgreSQL, new ones refused with 57P03. */
  async goDown(): Promise<void> {
    this.down = true;
    const admin = new pg.Client({ connectionString: testDatabaseAdminUrl() });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.target.pathname.slice(1)]);
    } finally {
      await admin.end();
    }
  }

  /** The server is back. */
  comeBack(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
