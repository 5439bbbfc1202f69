/**
 * Which failures are "a dependency is briefly unavailable" (answered 503 with Retry-After, the
 * same request works in a moment) and which are answers about the request or bugs: the errors
 * come from the real PostgreSQL (TEST_DATABASE_ADMIN_URL, a database of the suite's own) and
 * TypeORM, as a service meets them.
 */
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ErrorCode } from '@trendforge/contracts';
import { createTestDatabase, freePort, testDatabaseAdminUrl, type TestDatabase } from '@trendforge/testing';
import { InternalServiceError, isTemporarilyUnavailable, ServiceError, TemporarilyUnavailableError } from '../src/errors.js';

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('platform-errors');
  // One connection: the one a test holds is the one PostgreSQL terminates.
  dataSource = await new DataSource({ type: 'postgres', url: db.url, extra: { max: 1 } }).initialize();
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

/** Terminates every connection to the suite's database, as a PostgreSQL shutdown does (57P01). */
async function terminateConnections() {
  const admin = new pg.Client({ connectionString: testDatabaseAdminUrl() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
  } finally {
    await admin.end();
  }
}

const failureOf = (work: Promise<unknown>) => work.then(() => { throw new Error('expected a failure'); }, (error: unknown) => error);

test('a query on a connection PostgreSQL terminated is briefly unavailable, and the pool reconnects by itself', async () => {
  const queryRunner = dataSource.createQueryRunner();
  await queryRunner.connect();
  // The connection is held, as during a transaction, while the server goes away.
  const held = queryRunner.query('SELECT pg_sleep(30)');
  await terminateConnections();
  const error = await failureOf(held);
  await queryRunner.release();
  expect(error).toMatchObject({ driverError: expect.objectContaining({ code: '57P01' }) });
  expect(isTemporarilyUnavailable(error)).toBe(true);
  // The socket's end can reach the pool after the connection went back to it (a busy machine: CI
  // saw it): the query that takes the dead connection in that moment fails as briefly unavailable
  // too, which drops it. The one after gets a new connection.
  const next = await dataSource.query('SELECT 1 AS one').catch((failure: unknown) => failure);
  if (!Array.isArray(next)) expect({ next, briefly: isTemporarilyUnavailable(next) }).toMatchObject({ briefly: true });
  await expect(dataSource.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
});

test('a refused connection is briefly unavailable', async () => {
  const url = new URL(db.url);
  url.port = String(await freePort());
  const client = new pg.Client({ connectionString: url.toString() });
  const error = await failureOf(client.connect());
  expect(isTemporarilyUnavailable(error)).toBe(true);
});

test("a query that is wrong (a broken constraint, bad SQL) is not: it fails the same way every time", async () => {
  await dataSource.query('CREATE TABLE IF NOT EXISTS keyed (id int PRIMARY KEY)');
  await dataSource.query('INSERT INTO keyed VALUES (1) ON CONFLICT DO NOTHING');
  const duplicate = await failureOf(dataSource.query('INSERT INTO keyed VALUES (1)'));
  expect(duplicate).toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
  expect(isTemporarilyUnavailable(duplicate)).toBe(false);
  expect(isTemporarilyUnavailable(await failureOf(dataSource.query('SELEC 1')))).toBe(false);
  expect(isTemporarilyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
});

test("a service's own answers keep their meaning", () => {
  expect(isTemporarilyUnavailable(new ServiceError(ErrorCode.PaymentRequired, 'Not enough credits', 30))).toBe(false);
  expect(isTemporarilyUnavailable(new ServiceError(ErrorCode.Unavailable, 'The preview is still being rendered.'))).toBe(false);
  expect(isTemporarilyUnavailable(new InternalServiceError('billing.charge failed: Internal server error'))).toBe(false);
  expect(isTemporarilyUnavailable(new TemporarilyUnavailableError('billing service did not answer in time'))).toBe(true);
  // As it arrives from another service: a ServiceError with the same code and retryAfterSeconds.
  expect(isTemporarilyUnavailable(new ServiceError(ErrorCode.Unavailable, 'TrendForge is briefly unavailable.', 3))).toBe(true);
});
