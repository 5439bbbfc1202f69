/**
 * Object storage port shared by every service and worker: originals, results and thumbnails live
 * under `<kind>/<userId>/<id>...` keys (DESIGN §2 Creations). Two drivers implement it: a local
 * folder (embedded default) and any S3-compatible server through the MinIO client.
 */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Stores (or replaces) the object; readers see either the old or the new bytes, never a mix. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Whole object; throws StorageNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** Streaming read with the size and content type of the bytes being streamed; throws StorageNotFoundError. */
  stream(key: string): Promise<StoredObjectStream>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Creates the folder / bucket if missing. Idempotent and safe to call concurrently. */
  ensureReady(): Promise<void>;
  /** Cheap reachability check for health endpoints; throws when storage is not usable. */
  ping(): Promise<void>;
}

export interface StoredObjectStream {
  stream: NodeJS.ReadableStream;
  size: number;
  contentType: string;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Thrown by every driver when the requested object does not exist. */
export class StorageNotFoundError extends Error {
  override readonly name = 'StorageNotFoundError';
  constructor(readonly key: string, options?: { cause?: unknown }) {
    super(`Object not found: ${key}`, options);
  }
}

/** For `storage.get(key).catch(notFoundAs(value))`: an absent object reads as `value`; other errors stay errors. */
export const notFoundAs = <T>(value: T) => (error: unknown): T => {
  if (error instanceof StorageNotFoundError) return value;
  throw error;
};

/** Thrown for keys that are not plain relative paths (path traversal, absolute paths, ...). */
export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';
  constructor(readonly key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
  }
}

export const MAX_KEY_LENGTH = 1024;

/**
 * The one key rule for both drivers. A key is a relative path of non-empty segments separated by
 * `/`: no leading `/`, no `\`, no `..`, no `.`-prefixed segment (hidden files: the local driver keeps
 * its temp files and metadata there), no control characters, at most 1024 bytes (the S3 limit).
 * Returns the list of segments.
 */
export function assertValidKey(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(String(key), 'key is empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(key, `key is longer than ${MAX_KEY_LENGTH} bytes`);
  }
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'key must be relative (no leading "/")');
  if (key.includes('\\')) throw new InvalidStorageKeyError(key, 'backslashes are not allowed');
  if (key.includes('..')) throw new InvalidStorageKeyError(key, '".." is not allowed (path traversal)');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidStorageKeyError(key, 'control characters are not allowed');
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment.length === 0) throw new InvalidStorageKeyError(key, 'empty path segment ("//" or trailing "/")');
    if (segment.startsWith('.')) throw new InvalidStorageKeyError(key, 'path segments must not start with "."');
  }
  return segments;
}

export function assertValidContentType(contentType: string): void {
  if (typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(contentType) || /[\r\n]/.test(contentType)) {
    throw new TypeError(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}
