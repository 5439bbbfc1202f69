import { DynamicModule, Global, Module } from '@nestjs/common';
import type { StorageEnv } from './config.js';
import { createStorage, type ObjectStorage, type StorageConfig } from './storage/index.js';

export const STORAGE = Symbol('STORAGE');

/** Storage settings from the validated environment. */
export function storageConfigFrom(env: StorageEnv): StorageConfig {
  return env.STORAGE_DRIVER === 'local'
    ? { driver: 'local', dir: env.STORAGE_DIR }
    : { driver: 's3', endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION };
}

/** The process's object storage (MinIO/S3 or a local folder), ready before the app starts. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(env: StorageEnv): DynamicModule {
    return {
      module: StorageModule,
      providers: [{
        provide: STORAGE,
        useFactory: async (): Promise<ObjectStorage> => {
          const storage = createStorage(storageConfigFrom(env));
          await storage.ensureReady();
          return storage;
        },
      }],
      exports: [STORAGE],
    };
  }
}
