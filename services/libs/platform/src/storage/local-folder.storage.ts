import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertValidContentType,
  assertValidKey,
  DEFAULT_CONTENT_TYPE,
  InvalidStorageKeyError,
  type ObjectStorage,
  StorageNotFoundError,
  type StoredObjectStream,
} from './object-storage.js';

/** Sidecar tree holding `{ contentType }` per object: `<root>/.meta/<key>.json`. */
const META_DIR = '.meta';

/** Used only when an object's sidecar is missing (e.g. a file copied into the folder by hand). */
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function isNotFound(error: unknown): boolean {
  return NOT_FOUND_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
}

/**
 * Objects as plain files under `root` (`<root>/results/<userId>/<id>.png`), the embedded default.
 * Writes go to a temp file in the same folder, are fsynced and then renamed over the target, so a
 * reader never sees a partial object. The content type is kept in a sidecar JSON under
 * `<root>/.meta/`; keys can never start a segment with "." (see assertValidKey), so neither the
 * sidecars nor the temp files can collide with an object.
 */
export class LocalFolderStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    if (!root) throw new TypeError('LocalFolderStorage needs a root folder');
    this.root = path.resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { file, meta } = this.paths(key);
    if (!Buffer.isBuffer(body)) throw new TypeError('put() needs a Buffer body');
    assertValidContentType(contentType);
    // Sidecar first: a new object never becomes visible without its content type.
    await writeAtomic(meta, Buffer.from(JSON.stringify({ contentType })));
    await writeAtomic(file, body);
  }

  async get(key: string): Promise<Buffer> {
    const { file } = this.paths(key);
    try {
      return await readFile(file);
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key, { cause: error });
      throw error;
    }
  }

  async stream(key: string): Promise<StoredObjectStream> {
    const { file, meta } = this.paths(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key, { cause: error });
      throw error;
    }
    try {
      // Size from the open descriptor: it matches the bytes streamed even if the key is replaced meanwhile.
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageNotFoundError(key);
      const contentType = await this.readContentType(meta, file);
      return { stream: handle.createReadStream(), size: info.size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const { file } = this.paths(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.paths(key);
    // Object first, sidecar second: readers never see an object without its content type.
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }

  async ensureReady(): Promise<void> {
    await mkdir(path.join(this.root, META_DIR), { recursive: true });
  }

  async ping(): Promise<void> {
    const info = await stat(this.root);
    if (!info.isDirectory()) throw new Error(`Storage root is not a folder: ${this.root}`);
    await access(this.root, fsConstants.R_OK | fsConstants.W_OK);
  }

  private paths(key: string): { file: string; meta: string } {
    const segments = assertValidKey(key);
    const file = path.join(this.root, ...segments);
    // Defence in depth: assertValidKey already makes escaping the root impossible.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key, 'resolves outside the storage root');
    return { file, meta: `${path.join(this.root, META_DIR, ...segments)}.json` };
  }

  private async readContentType(meta: string, file: string): Promise<string> {
    try {
      const parsed = JSON.parse(await readFile(meta, 'utf8')) as { contentType?: unknown };
      if (typeof parsed.contentType === 'string' && parsed.contentType) return parsed.contentType;
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
    }
    return CONTENT_TYPE_BY_EXTENSION[path.extname(file).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
  }
}

/** temp file in the target's folder → fsync → rename over the target. */
async function writeAtomic(target: string, data: Buffer): Promise<void> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
