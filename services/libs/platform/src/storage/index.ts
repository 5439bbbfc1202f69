export {
  type ObjectStorage,
  type StoredObjectStream,
  StorageNotFoundError,
  notFoundAs,
  InvalidStorageKeyError,
  assertValidKey,
  DEFAULT_CONTENT_TYPE,
  MAX_KEY_LENGTH,
} from './object-storage.js';
export { LocalFolderStorage } from './local-folder.storage.js';
export { MinioStorage, type MinioStorageOptions, parseS3Endpoint } from './minio.storage.js';
export { createStorage, type StorageConfig } from './create-storage.js';
