import { NestFactory } from '@nestjs/core';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Bus, busTransport } from '@trendforge/platform';

/** A microservice under test: its real module on the real Redis transport, and a bus to call it. */
export interface ServiceUnderTest {
  app: INestApplication;
  bus: Bus;
  close(): Promise<void>;
}

/**
 * Starts a service module (with its migrations) listening on the bus of BUS_NAMESPACE, which the
 * suite must set before importing the module (handlers read it when decorated).
 */
export async function startServiceUnderTest(module: DynamicModule, redisUrl: string): Promise<ServiceUnderTest> {
  const app = await NestFactory.create(module, { logger: ['error'] });
  app.connectMicroservice(busTransport(redisUrl));
  await app.startAllMicroservices();
  await app.init();
  const bus = new Bus({ redisUrl });
  return {
    app,
    bus,
    async close() {
      await bus.onApplicationShutdown();
      await app.close();
    },
  };
}
