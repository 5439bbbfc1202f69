import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Client, S3Error } from 'minio';
import {
  assertValidContentType,
  assertValidKey,
  DEFAULT_CONTENT_TYPE,
  type ObjectStorage,
  StorageNotFoundError,
  type StoredObjectStream,
} from './object-storage.js';

export interface MinioStorageOptions {
  /** `http://host:9000` or `https://s3.example.com` (the S3_ENDPOINT variable). */
  endPoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Fixed region: the client then never asks the server for the bucket location. */
  region: string;
}

/** Error codes meaning "no such object" (GET answers NoSuchKey; a HEAD 404 has no body → NotFound). */
const OBJECT_NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound']);
const BUCKET_RACE_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

function s3Code(error: unknown): string {
  const code = (error as Partial<S3Error> | undefined)?.code;
  return typeof code === 'string' ? code : '';
}

/** Parses `http(s)://host[:port]` into the MinIO client's endpoint options (path-style addressing). */
export function parseS3Endpoint(endPoint: string): { endPoint: string; port: number; useSSL: boolean } {
  let url: URL;
  try {
    url = new URL(endPoint);
  } catch {
    throw new TypeError(`S3 endpoint must be a URL like http://host:9000, got ${JSON.stringify(endPoint)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`S3 endpoint must use http or https, got ${JSON.stringify(endPoint)}`);
  }
  if ((url.pathname && url.pathname !== '/') || url.search || url.username) {
    throw new TypeError(`S3 endpoint must be scheme://host[:port] only, got ${JSON.stringify(endPoint)}`);
  }
  const useSSL = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : useSSL ? 443 : 80;
  // URL keeps IPv6 hosts bracketed; the client wants the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { endPoint: host, port, useSSL };
}

/** Objects in one bucket of MinIO or any S3-compatible server, through the `minio` client. */
export class MinioStorage implements ObjectStorage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string;

  constructor(options: MinioStorageOptions) {
    if (!options.bucket) throw new TypeError('MinioStorage needs a bucket');
    this.bucket = options.bucket;
    this.region = options.region || 'us-east-1';
    this.client = new Client({
      ...parseS3Endpoint(options.endPoint),
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: this.region,
      pathStyle: true,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    if (!Buffer.isBuffer(body)) throw new TypeError('put() needs a Buffer body');
    assertValidContentType(contentType);
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<Buffer> {
    const { stream, size } = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (body.length !== size) throw new Error(`Incomplete read of ${key}: got ${body.length} of ${size} bytes`);
    return body;
  }

  async stream(key: string): Promise<StoredObjectStream> {
    assertValidKey(key);
    let body: Readable;
    try {
      body = await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw this.mapNotFound(key, error);
    }
    // The client hands back the HTTP response itself: its headers describe exactly the bytes being
    // streamed (a separate HEAD could see a different version if the key is overwritten meanwhile).
    const headers = (body as Readable & { headers?: IncomingHttpHeaders }).headers;
    if (headers?.['content-length'] !== undefined) {
      return {
        stream: body,
        size: Number(headers['content-length']),
        contentType: headers['content-type'] || DEFAULT_CONTENT_TYPE,
      };
    }
    // Fallback should a future client version wrap the response.
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType = stat.metaData['content-type'] ?? stat.metaData['Content-Type'];
      return { stream: body, size: stat.size, contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE };
    } catch (error) {
      body.destroy();
      throw this.mapNotFound(key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (error) {
      if (OBJECT_NOT_FOUND_CODES.has(s3Code(error))) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 DELETE is idempotent: a missing key answers 204 as well.
    await this.client.removeObject(this.bucket, key);
  }

  async ensureReady(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another service created it between our check and our create; BucketAlreadyExists can also
      // mean someone else owns the name, so only accept it when the bucket is now usable by us.
      if (!BUCKET_RACE_CODES.has(s3Code(error)) || !(await this.client.bucketExists(this.bucket).catch(() => false))) throw error;
    }
  }

  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) {
      throw new Error(`S3 bucket "${this.bucket}" does not exist`);
    }
  }

  private mapNotFound(key: string, error: unknown): unknown {
    return OBJECT_NOT_FOUND_CODES.has(s3Code(error)) ? new StorageNotFoundError(key, { cause: error }) : error;
  }
}
