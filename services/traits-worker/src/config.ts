import { coreEnv, healthEnv, loadConfig, storageEnv, workerEnv } from '@trendforge/platform';

export const traitsWorkerEnv = coreEnv.and(healthEnv(3112)).and(storageEnv).and(workerEnv);
export type TraitsWorkerConfig = ReturnType<typeof loadTraitsWorkerConfig>;
export const loadTraitsWorkerConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(traitsWorkerEnv, env);
