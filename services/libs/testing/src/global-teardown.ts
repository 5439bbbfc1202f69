import type { StartedTestInfra } from './containers.js';

/** Stops the containers global-setup.ts started, if any. */
export default async function tearDownTestInfra(): Promise<void> {
  await (globalThis as { trendforgeTestInfra?: StartedTestInfra }).trendforgeTestInfra?.stop();
}
