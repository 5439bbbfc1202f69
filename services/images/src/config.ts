import { coreEnv, databaseEnv, healthEnv, loadConfig, storageEnv } from '@trendforge/platform';

export const imagesEnv = coreEnv.and(databaseEnv).and(healthEnv(3103)).and(storageEnv);
export type ImagesConfig = ReturnType<typeof loadImagesConfig>;
export const loadImagesConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(imagesEnv, env);
