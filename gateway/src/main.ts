import 'reflect-metadata';
import type { Server } from 'node:http';
import type { Request } from 'express';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, runMain } from '@trendforge/platform';
import { GatewayModule } from './app.module.js';
import { catalogueFastLane } from './catalogue/fast-lane.js';
import { capConnections } from './common/connection-cap.js';
import { mountHttpPipeline } from './common/http-pipeline.js';
import { RefuseControlCharacters } from './common/control-characters.js';
import { loadGatewayConfig } from './config.js';
import { mountApiDocs } from './api-docs.js';
import { TrustedProxies } from './graphql/client-address.js';
import { serveSpa } from './spa.js';
import { Members } from './clients/members.js';
import { Sessions } from './common/session.js';

runMain(async () => {
  const config = loadGatewayConfig();
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  app.set('trust proxy', TrustedProxies);
  app.disable('x-powered-by');
  // Security headers, origin checks, body limits (common/http-pipeline.ts); the request id and access log are the platform's middleware.
  mountHttpPipeline(app);
  app.useGlobalPipes(new RefuseControlCharacters(), new ValidationPipe({ whitelist: true, forbidUnknownValues: true, transform: true }));
  app.enableShutdownHooks();
  mountApiDocs(app, config); // /api/docs, outside production
  const [sessions, members] = [app.get(Sessions), app.get(Members)];
  const isAdmin = async (req: Request) => {
    const caller = await sessions.resolve(req);
    return caller !== null && (await members.roleOf(caller.userId)) === 'admin';
  };
  if (!serveSpa(app.getHttpAdapter().getInstance(), config, isAdmin)) {
    log.warn({ spaDir: config.SPA_DIR }, 'no built SPA found; serving the API only', 'Gateway');
  }
  await app.init();
  // The public catalogue's cached reads are answered before Express routes them, through the same pipeline steps (catalogue/fast-lane.ts).
  const server = app.getHttpServer() as Server;
  // Slow headers or bodies must not hold a connection for minutes (Node's own limits are 60 s and 300 s).
  // POST /api/generate's long wait is the answer's, after the request has arrived: not bounded by these.
  server.headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  const [framework] = server.listeners('request') as Parameters<typeof catalogueFastLane>[1][];
  server.removeListener('request', framework);
  server.on('request', catalogueFastLane(app, framework));
  // Connections per client address (TCP, or requests and WebSockets through a trusted proxy), around everything else.
  capConnections(server, config.CONNECTIONS_PER_ADDRESS);
  await app.listen(config.PORT, '0.0.0.0');
  log.log({ port: config.PORT }, 'gateway listening', 'Gateway');
});
