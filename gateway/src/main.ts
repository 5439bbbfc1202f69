import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { runMain } from '@trendforge/platform';
import { GatewayModule } from './app.module.js';
import { loadGatewayConfig } from './config.js';
import { serveSpa } from './spa.js';

runMain(async () => {
  const config = loadGatewayConfig();
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { bufferLogs: true });
  const log = app.get(Logger);
  app.useLogger(log);
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '1mb' });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidUnknownValues: true, transform: true }));
  app.enableShutdownHooks();
  if (!serveSpa(app.getHttpAdapter().getInstance(), config)) {
    log.warn({ spaDir: config.SPA_DIR }, 'no built SPA found; serving the API only');
  }
  await app.listen(config.PORT, '0.0.0.0');
  log.log({ port: config.PORT }, 'gateway listening');
});
