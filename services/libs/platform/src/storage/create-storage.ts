import { LocalFolderStorage } from './local-folder.storage.js';
import { MinioStorage } from './minio.storage.js';
import type { ObjectStorage } from './object-storage.js';

export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };

/** The storage driver for the validated config (S3 when S3_ENDPOINT is set, else a local folder). */
export function createStorage(config: StorageConfig): ObjectStorage {
  switch (config.driver) {
    case 'local':
      return new LocalFolderStorage(config.dir);
    case 's3':
      return new MinioStorage({
        endPoint: config.endpoint,
        accessKey: config.accessKey,
        secretKey: config.secretKey,
        bucket: config.bucket,
        region: config.region,
      });
    default:
      throw new TypeError(`Unknown storage driver: ${(config as { driver?: unknown }).driver}`);
  }
}
