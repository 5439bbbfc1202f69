import { existsSync } from 'node:fs';
import { request } from 'node:http';

/**
 * Where the integration suites find PostgreSQL, Redis, NATS and S3 — the one place that decides.
 * Where a Docker engine answers, they run in containers started through testcontainers (MinIO as
 * the S3); elsewhere (these machines) the local services are used. TEST_INFRA=local or
 * TEST_INFRA=containers forces the choice. Jest's global set-up (global-setup.ts) applies it by
 * setting TEST_DATABASE_ADMIN_URL, TEST_REDIS_URL, TEST_NATS_URL and TEST_S3_* for every suite.
 */

/** How to reach a Docker engine: DOCKER_HOST (unix:// or tcp://), else the default socket. */
export function dockerEndpoint(env: NodeJS.ProcessEnv = process.env): { socketPath: string } | { host: string; port: number } | null {
  const host = env.DOCKER_HOST;
  if (host?.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  if (host) return null;
  return existsSync('/var/run/docker.sock') ? { socketPath: '/var/run/docker.sock' } : null;
}

/** Whether a Docker engine answers its ping (GET /_ping → "OK") at `endpoint` within the timeout. */
export function dockerEngineAnswers(endpoint = dockerEndpoint(), timeoutMs = 2000): Promise<boolean> {
  if (!endpoint) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ ...endpoint, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve(res.statusCode === 200 && body.trim() === 'OK'));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

export type TestInfraKind = 'containers' | 'local';

/** The choice: TEST_INFRA when it names one, else containers exactly when an engine answers. */
export async function chooseTestInfra(env: NodeJS.ProcessEnv = process.env, engineAnswers = () => dockerEngineAnswers(dockerEndpoint(env))): Promise<TestInfraKind> {
  if (env.TEST_INFRA === 'local' || env.TEST_INFRA === 'containers') return env.TEST_INFRA;
  if (env.TEST_INFRA) throw new Error(`TEST_INFRA must be "local" or "containers", not "${env.TEST_INFRA}"`);
  return (await engineAnswers()) ? 'containers' : 'local';
}

/** What the suites are pointed at (variables the testing helpers read). */
export type TestInfraEnv = Record<'TEST_DATABASE_ADMIN_URL' | 'TEST_REDIS_URL' | 'TEST_NATS_URL', string> & Partial<Record<'TEST_S3_ENDPOINT' | 'TEST_S3_ACCESS_KEY' | 'TEST_S3_SECRET_KEY', string>>;

export interface StartedTestInfra {
  env: TestInfraEnv;
  stop(): Promise<void>;
}

/** Starts PostgreSQL 16, Redis 7, NATS 2.10 (JetStream) and MinIO in containers (testcontainers). */
export async function startTestContainers(): Promise<StartedTestInfra> {
  // Loaded only here: machines without Docker never load testcontainers.
  const { GenericContainer, Wait } = await import('testcontainers');
  const minioUser = 'trendforge';
  const minioSecret = 'trendforge-secret';
  const [postgres, redis, nats, minio] = await Promise.all([
    new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_USER: 'postgres', POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:7-alpine').withExposedPorts(6379).withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)).start(),
    new GenericContainer('nats:2.10-alpine').withCommand(['-js']).withExposedPorts(4222).withWaitStrategy(Wait.forLogMessage(/Server is ready/)).start(),
    new GenericContainer('minio/minio:RELEASE.2025-04-22T22-12-26Z')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: minioUser, MINIO_ROOT_PASSWORD: minioSecret })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start(),
  ]);
  const at = (container: { getHost(): string; getMappedPort(port: number): number }, port: number) => `${container.getHost()}:${container.getMappedPort(port)}`;
  return {
    env: {
      TEST_DATABASE_ADMIN_URL: `postgres://postgres@${at(postgres, 5432)}/postgres`,
      TEST_REDIS_URL: `redis://${at(redis, 6379)}`,
      TEST_NATS_URL: `nats://${at(nats, 4222)}`,
      TEST_S3_ENDPOINT: `http://${at(minio, 9000)}`,
      TEST_S3_ACCESS_KEY: minioUser,
      TEST_S3_SECRET_KEY: minioSecret,
    },
    async stop() {
      await Promise.all([postgres, redis, nats, minio].map((container) => container.stop()));
    },
  };
}

/** S3 (MinIO) for storage suites when the containers run one; undefined on local infrastructure. */
export function testS3(): { endpoint: string; accessKey: string; secretKey: string } | undefined {
  const { TEST_S3_ENDPOINT: endpoint, TEST_S3_ACCESS_KEY: accessKey, TEST_S3_SECRET_KEY: secretKey } = process.env;
  return endpoint && accessKey && secretKey ? { endpoint, accessKey, secretKey } : undefined;
}
