import { chooseTestInfra, startTestContainers, type StartedTestInfra } from './containers.js';

/**
 * Jest global set-up of the integration suites (jest.preset.cjs): applies the choice of
 * containers.ts. With a Docker engine the suites get containers (variables already set by hand
 * win); without one nothing changes and the helpers use the local services.
 */
export default async function setUpTestInfra(): Promise<void> {
  if ((await chooseTestInfra()) === 'local') return;
  const infra = await startTestContainers();
  for (const [key, value] of Object.entries(infra.env)) process.env[key] ??= value;
  (globalThis as { trendforgeTestInfra?: StartedTestInfra }).trendforgeTestInfra = infra;
}
