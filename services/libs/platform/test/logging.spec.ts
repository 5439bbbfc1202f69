/**
 * The JSON logs of an HTTP process (logging.ts on nestjs-pino): every request gets an id (the
 * caller's x-request-id or a new one) echoed in the response and written on its lines; the access
 * line carries method, url, address and status and never a header; probes are not logged.
 */
import { EventEmitter, once } from 'node:events';
import { Writable } from 'node:stream';
import { Controller, Get, Logger as NestLogger, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger, loggingModule } from '../src/logging.js';

type Line = Record<string, unknown>;
const lines: Line[] = [];
const written = new EventEmitter();
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
    written.emit('line');
    done();
  },
});

@Controller()
class ProbeController {
  private readonly log = new NestLogger('ProbeController');

  @Get('hello')
  hello() {
    this.log.log({ step: 1 }, 'saying hello');
    return 'hi';
  }

  @Get('livez')
  livez() {
    return 'ok';
  }
}

@Module({ imports: [loggingModule('logging-spec', 'info', destination)], controllers: [ProbeController] })
class AppModule {}

let app: INestApplication;
let base: string;

beforeAll(async () => {
  app = await NestFactory.create(AppModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  await app.listen(0, '127.0.0.1');
  base = await app.getUrl();
});

afterAll(async () => {
  await app?.close();
});

/** The lines written for one request id, once its access line (written when the response ends) is there. */
async function linesOf(requestId: string): Promise<Line[]> {
  const mine = () => lines.filter((line) => line.requestId === requestId);
  while (!mine().some((line) => line.msg === 'request completed')) await once(written, 'line');
  return mine();
}

it("echoes the caller's x-request-id and writes it on the handler's line and on the access line", async () => {
  const response = await fetch(`${base}/hello`, { headers: { 'x-request-id': 'spec-42', cookie: 'session=secret', authorization: 'Bearer secret' } });
  expect(response.headers.get('x-request-id')).toBe('spec-42');
  const mine = await linesOf('spec-42');
  expect(mine.find((line) => line.msg === 'saying hello')).toMatchObject({ name: 'logging-spec', level: 30, context: 'ProbeController', step: 1 });
  const access = mine.find((line) => line.msg === 'request completed');
  expect(access?.req).toEqual({ id: 'spec-42', method: 'GET', url: '/hello', remoteAddress: '127.0.0.1' });
  expect(access?.res).toEqual({ statusCode: 200 });
  expect(JSON.stringify(lines)).not.toContain('secret');
});

it('gives a request without an id a new one, the same in the response and in the logs', async () => {
  const response = await fetch(`${base}/hello`);
  const requestId = response.headers.get('x-request-id') as string;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect((await linesOf(requestId)).map((line) => line.msg)).toEqual(['saying hello', 'request completed']);
});

it('writes no access line for probes', async () => {
  const probe = await fetch(`${base}/livez`);
  const probeId = probe.headers.get('x-request-id') as string;
  // A request after the probe: once its access line is written, the probe's would have been too.
  await linesOf((await fetch(`${base}/hello`)).headers.get('x-request-id') as string);
  expect(lines.filter((line) => line.requestId === probeId)).toEqual([]);
});
