import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@trendforge/testing';

/**
 * The gateway as it really runs: its built self (`nx test` builds it first) in a child process.
 * Jest's module runtime cannot load the whole GatewayModule: some of its CommonJS dependencies
 * require the ESM-only NestJS 12.
 */
const gatewayMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by each test's assertions
  body: any;
  raw: Buffer;
}

export interface CallOptions {
  json?: unknown;
  cookie?: string;
  multipart?: { filename: string; type: string; data: Buffer; field?: string };
  /** Further request headers, e.g. `idempotency-key`. */
  headers?: Record<string, string>;
}

/** One HTTP call over a one-off connection (fetch would keep sockets alive past the suite). */
export function call(base: string, method: string, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: Buffer | undefined;
  if (options.json !== undefined) {
    body = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  if (options.multipart) {
    const boundary = `----tf${randomUUID()}`;
    const { filename, type, data, field = 'file' } = options.multipart;
    body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  if (body) headers['content-length'] = String(body.length);
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${urlPath}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let parsed: unknown;
        try { parsed = raw.length ? JSON.parse(raw.toString('utf8')) : undefined; } catch { parsed = raw.toString('utf8'); }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, raw });
      });
    });
    // The server may answer (413) and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}

/** The session cookie an answer sets, as a `Cookie` header value. */
export const cookieOf = (answer: Answer) => (answer.headers['set-cookie'] as string[] | undefined)?.[0]?.split(';')[0] ?? '';

export interface GatewayProcess {
  url: string;
  close(): Promise<void>;
}

/** Starts a built gateway on a free port with `env` (the test environment's bus, Redis and storage). */
export async function startGatewayProcess(env: Record<string, string | undefined>): Promise<GatewayProcess> {
  if (!existsSync(gatewayMain)) throw new Error(`${gatewayMain} is missing: build the gateway first (npx nx build @trendforge/gateway)`);
  const port = await freePort();
  const output: string[] = [];
  const url = `http://127.0.0.1:${port}`;
  // Its public origin is where the tests reach it, unless a test names another.
  const child: ChildProcess = spawn(process.execPath, [gatewayMain], {
    env: { ...process.env, LOG_LEVEL: 'warn', SPA_DIR: '/nonexistent', PUBLIC_ORIGIN: url, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const close = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  // Until it answers or exits: on a loaded machine its start took longer than the 30 s this once
  // allowed. The limit only stops a hang, below the suites' 120-180 s for their set-up (this way the
  // child is still stopped and its output shown).
  const deadline = Date.now() + 100_000;
  while (child.exitCode === null && Date.now() < deadline) {
    if (await call(url, 'GET', '/api/auth/me').then((answer) => answer.status === 401, () => false)) return { url, close };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`gateway did not start:\n${output.join('')}`);
}
