import {
  assertValidKey,
  createStorage,
  InvalidStorageKeyError,
  LocalFolderStorage,
  MAX_KEY_LENGTH,
  MinioStorage,
  parseS3Endpoint,
} from '../src/storage/index.js';

describe('assertValidKey', () => {
  it.each([
    ['results/0b6c/1f2e.png', ['results', '0b6c', '1f2e.png']],
    ['originals/u/id_thumb.webp', ['originals', 'u', 'id_thumb.webp']],
    ['single.png', ['single.png']],
  ])('accepts %s', (key, segments) => {
    expect(assertValidKey(key)).toEqual(segments);
  });

  it.each([
    ['', /empty/],
    ['../x.png', /path traversal/],
    ['results/../../etc/passwd', /path traversal/],
    ['a/b..c.png', /path traversal/],
    ['/results/u/x.png', /leading "\/"/],
    ['results\\u\\x.png', /backslash/],
    ['results//x.png', /empty path segment/],
    ['results/u/', /empty path segment/],
    ['./x.png', /must not start with "."/],
    ['results/.tmp', /must not start with "."/],
    ['results/u/x\n.png', /control characters/],
    ['a'.repeat(MAX_KEY_LENGTH + 1), /longer than/],
  ])('rejects %j', (key, message) => {
    let error: unknown;
    try {
      assertValidKey(key);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidStorageKeyError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain('Invalid storage key');
  });
});

describe('parseS3Endpoint', () => {
  it.each([
    ['http://minio:9000', { endPoint: 'minio', port: 9000, useSSL: false }],
    ['http://127.0.0.1:9000/', { endPoint: '127.0.0.1', port: 9000, useSSL: false }],
    ['https://s3.example.com', { endPoint: 's3.example.com', port: 443, useSSL: true }],
    ['http://localhost', { endPoint: 'localhost', port: 80, useSSL: false }],
    ['http://[::1]:9000', { endPoint: '::1', port: 9000, useSSL: false }],
  ])('parses %s', (url, expected) => {
    expect(parseS3Endpoint(url)).toEqual(expected);
  });

  it.each(['minio:9000', 'ftp://minio', 'http://minio:9000/bucket', 'not a url'])('rejects %s', (url) => {
    expect(() => parseS3Endpoint(url)).toThrow(/S3 endpoint/);
  });
});

describe('createStorage', () => {
  it('builds the local folder driver', () => {
    const storage = createStorage({ driver: 'local', dir: '/tmp/tf-storage-x' });
    expect(storage).toBeInstanceOf(LocalFolderStorage);
    expect(storage.driver).toBe('local');
  });

  it('builds the s3 driver', () => {
    const storage = createStorage({
      driver: 's3',
      endpoint: 'http://minio:9000',
      accessKey: 'a',
      secretKey: 'b',
      bucket: 'trendforge',
      region: 'us-east-1',
    });
    expect(storage).toBeInstanceOf(MinioStorage);
    expect(storage.driver).toBe('s3');
  });

  it('refuses an unknown driver', () => {
    expect(() => createStorage({ driver: 'ftp' } as never)).toThrow(/Unknown storage driver/);
  });
});
