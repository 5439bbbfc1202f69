import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { Logger, runMain } from '@trendforge/platform';
import { GatewayModule } from './app.module.js';
import { answerBodyErrors } from './common/body-errors.js';
import { RefuseControlCharacters } from './common/control-characters.js';
import { refuseDeepJson } from './common/json-depth.js';
import { refuseCrossSiteWrites } from './common/cross-site.js';
import { securityHeaders } from './common/security-headers.js';
import { loadGatewayConfig } from './config.js';
import { TrustedProxies } from './graphql/client-address.js';
import { serveSpa } from './spa.js';

runMain(async () => {
  const config = loadGatewayConfig();
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  app.set('trust proxy', TrustedProxies);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  // Before any body parser: a refused write is not read.
  app.use(refuseCrossSiteWrites());
  // Nest's types reserve `verify` for `rawBody: true`, which this app does not use; the hook refuses absurd nesting.
  app.useBodyParser('json', { limit: '1mb', verify: refuseDeepJson } as NestExpressBodyParserOptionsFor<'json'>);
  app.use(answerBodyErrors());
  app.useGlobalPipes(new RefuseControlCharacters(), new ValidationPipe({ whitelist: true, forbidUnknownValues: true, transform: true }));
  app.enableShutdownHooks();
  if (!serveSpa(app.getHttpAdapter().getInstance(), config)) {
    log.warn({ spaDir: config.SPA_DIR }, 'no built SPA found; serving the API only');
  }
  await app.listen(config.PORT, '0.0.0.0');
  log.log({ port: config.PORT }, 'gateway listening');
});
