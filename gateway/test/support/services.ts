import { rm } from 'node:fs/promises';
import { freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';

/** The services a generation needs (auth, billing, trends, images), as real Nest apps on the suite's environment. */
export interface GenerationServices {
  images: ServiceUnderTest;
  /** Each with its own HEALTH_PORT from the OS. */
  envWithPort(): Promise<NodeJS.ProcessEnv>;
  close(): Promise<void>;
}

/** `serviceEnv` holds what they share beyond the environment (storage, limits). */
export async function startGenerationServices(env: TestEnvironment, serviceEnv: NodeJS.ProcessEnv): Promise<GenerationServices> {
  const [
    { AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }, { ImagesModule }, { loadImagesConfig },
  ] = await Promise.all([
    import('../../../services/auth/src/auth.module.js'), import('../../../services/auth/src/config.js'),
    import('../../../services/billing/src/billing.module.js'), import('../../../services/billing/src/config.js'),
    import('../../../services/trends/src/trends.module.js'), import('../../../services/trends/src/config.js'),
    import('../../../services/images/src/images.module.js'), import('../../../services/images/src/config.js'),
  ]);
  const envWithPort = async () => ({ ...serviceEnv, HEALTH_PORT: String(await freePort()) });
  const services = [
    await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig(await envWithPort())), env.natsUrl),
    await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(await envWithPort())), env.natsUrl),
    await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...await envWithPort(), PREVIEW_WARMUP: 'false' })), env.natsUrl),
    await startServiceUnderTest(ImagesModule.forRoot(loadImagesConfig(await envWithPort())), env.natsUrl),
  ];
  return {
    images: services[3],
    envWithPort,
    async close() {
      for (const service of services.reverse()) await service.close();
    },
  };
}

/** Stops what a spec started, last first: the gateway, its services (in reverse), the test environment, the storage folder. */
export async function stopTestStack(stack: { gateway?: { close(): Promise<void> }; services: ServiceUnderTest[]; env?: TestEnvironment; storageDir?: string }): Promise<void> {
  await stack.gateway?.close();
  for (const service of [...stack.services].reverse()) await service.close();
  await stack.env?.close();
  if (stack.storageDir) await rm(stack.storageDir, { recursive: true, force: true });
}
