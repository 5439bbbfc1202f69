import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { MonthlyAllowance } from '@trendforge/contracts';
import { openDatabase, provisionServiceRoles, SERVICE_SCHEMAS, serviceRoleName, type ServiceLogin, type ServiceSchema, withLogin } from '@trendforge/platform';
import { createTestDatabase, type TestDatabase } from '@trendforge/testing';
import { billingDatabase } from '../../billing/src/database.js';
import { trendsDatabase } from '../../trends/src/database.js';
import { imagesDatabase } from '../src/database.js';

/**
 * The boundary between services, enforced by PostgreSQL: with the roles provisioned as npm start,
 * compose and k8s provision them, each service migrates and works as its own role, reaches no other
 * service's tables, and the one door (billing.charge_generation, for images' acceptance) still
 * charges in the transaction that records the generation.
 */
let database: TestDatabase;
const logins = new Map<ServiceSchema, ServiceLogin>();
const urlOf = (schema: ServiceSchema) => withLogin(database.url, logins.get(schema)!.role, logins.get(schema)!.password);
const opened: DataSource[] = [];
let images: DataSource;
let billing: DataSource;
let trends: DataSource;

beforeAll(async () => {
  database = await createTestDatabase('service roles');
  for (const schema of SERVICE_SCHEMAS) logins.set(schema, { schema, role: serviceRoleName(database.name, schema), password: randomBytes(12).toString('hex') });
  await provisionServiceRoles(database.url, [...logins.values()]);
  // As at start-up, each service migrates its own schema as its own role.
  [trends, billing, images] = await Promise.all([
    openDatabase(urlOf('trends'), trendsDatabase),
    openDatabase(urlOf('billing'), billingDatabase),
    openDatabase(urlOf('images'), imagesDatabase),
  ]);
  opened.push(trends, billing, images);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((source) => source.destroy()));
  await database?.drop();
  // The roles go with their database (provisioning also sweeps roles whose database is gone).
  const admin = new pg.Client({ connectionString: database.url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  for (const { role } of logins.values()) await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
  await admin.end();
});

const deniedFor = (source: DataSource, query: string, parameters: unknown[] = []) =>
  expect(source.query(query, parameters)).rejects.toThrow(/permission denied/);

describe('each service owns its schema', () => {
  test('each schema and its tables belong to its service role', async () => {
    const owners = await images.query<Array<{ schema: string; owner: string }>>(
      `SELECT nspname AS schema, nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname`, [[...SERVICE_SCHEMAS]]);
    expect(owners).toEqual([...SERVICE_SCHEMAS].sort().map((schema) => ({ schema, owner: logins.get(schema)!.role })));
    const foreignTables = await images.query<Array<{ name: string }>>(
      `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind = 'r' AND c.relowner <> n.nspowner`, [[...SERVICE_SCHEMAS]]);
    expect(foreignTables).toEqual([]);
  });

  test('images cannot read or write billing\'s or trends\' tables', async () => {
    await deniedFor(images, 'SELECT * FROM "billing"."accounts"');
    await deniedFor(images, 'SELECT * FROM "billing"."charges"');
    await deniedFor(images, `UPDATE "billing"."accounts" SET "credits" = 1000`);
    await deniedFor(images, 'SELECT * FROM "trends"."trends"');
  });

  test('billing cannot read images\' tables; trends can reach neither', async () => {
    await deniedFor(billing, 'SELECT * FROM "images"."generations"');
    await deniedFor(trends, 'SELECT * FROM "images"."generations"');
    await deniedFor(trends, 'SELECT * FROM "billing"."ledger"');
  });

  test('the charge door opens to images only', async () => {
    const args = [randomUUID(), randomUUID(), 0, JSON.stringify(MonthlyAllowance)];
    await deniedFor(trends, 'SELECT "billing"."charge_generation"($1, $2, $3, $4)', args);
    // images may run it (nothing charged: no such account), but no other billing function nor table.
    expect(await images.query('SELECT "billing"."charge_generation"($1, $2, $3, $4) AS charged', args)).toEqual([{ charged: null }]);
  });

  test('no service can make a schema of its own', async () => {
    await deniedFor(images, 'CREATE SCHEMA "images_extra"');
  });
});

/** A free account with `credits` (as billing's role) and a generation accepted for it through images' accept_generation (as images' role). */
async function acceptFor(credits: number) {
  const userId = randomUUID();
  const generationId = randomUUID();
  await billing.query(
    `INSERT INTO "billing"."accounts" ("user_id", "role", "credits", "monthly_usage", "usage_period") VALUES ($1, 'free', $2, 0, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))`,
    [userId, credits]);
  const candidate = { id: generationId, user_id: userId, trend_slug: 'ghibli', prompt: 'a fox', user_prompt: 'a fox', status: 'queued' };
  const [accepted] = await images.query<Array<{ id: string; created: boolean; charged: { credits: number; monthly_usage: number } | null }>>(
    'SELECT * FROM "images"."accept_generation"($1, $2, $3, $4)', [JSON.stringify(candidate), 5, 3, JSON.stringify(MonthlyAllowance)]);
  return { userId, generationId, accepted };
}

describe('acceptance through the door', () => {
  test('images records a generation and billing charges it in the same transaction', async () => {
    const { userId, generationId, accepted } = await acceptFor(5);
    expect(accepted).toEqual(expect.objectContaining({ id: generationId, created: true, charged: expect.objectContaining({ credits: 2, monthly_usage: 1 }) }));
    expect(await billing.query('SELECT "credits", "user_id" = $2 AS "mine" FROM "billing"."charges" WHERE "generation_id" = $1', [generationId, userId]))
      .toEqual([{ credits: 3, mine: true }]);
    expect(await billing.query('SELECT "delta", "kind" FROM "billing"."ledger" WHERE "generation_id" = $1', [generationId])).toEqual([{ delta: -3, kind: 'charge' }]);
  });

  test('a refused charge leaves the generation for the careful path, and billing\'s rows untouched', async () => {
    const { generationId, accepted } = await acceptFor(0);
    expect(accepted).toEqual(expect.objectContaining({ created: true, charged: null }));
    expect(await billing.query('SELECT count(*)::int AS n FROM "billing"."charges" WHERE "generation_id" = $1', [generationId])).toEqual([{ n: 0 }]);
  });
});

describe('a database migrated before its roles existed', () => {
  test('provisioning hands each schema\'s objects to its role, which then migrates on, and the door opens', async () => {
    const earlier = await createTestDatabase('roles handover');
    const roles = SERVICE_SCHEMAS.map((schema) => ({ schema, role: serviceRoleName(earlier.name, schema), password: randomBytes(12).toString('hex') }));
    const as = (schema: ServiceSchema) => { const login = roles.find((r) => r.schema === schema)!; return withLogin(earlier.url, login.role, login.password); };
    try {
      // Migrated by the admin, as every service did before it had a role of its own (and as a
      // service run by hand with the admin's URL still does).
      for (const definition of [billingDatabase, imagesDatabase]) await (await openDatabase(earlier.url, definition)).destroy();
      await provisionServiceRoles(earlier.url, roles);
      const asBilling = await openDatabase(as('billing'), billingDatabase);
      const asImages = await openDatabase(as('images'), imagesDatabase);
      try {
        const userId = randomUUID();
        await asBilling.query(`INSERT INTO "billing"."accounts" ("user_id", "credits", "usage_period") VALUES ($1, 2, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))`, [userId]);
        await asBilling.query(`INSERT INTO "billing"."ledger" ("user_id", "delta", "balance_after", "kind", "reason") VALUES ($1, 2, 2, 'admin', 'test')`, [userId]);
        const [{ owner }] = await asBilling.query<Array<{ owner: string }>>(
          `SELECT proowner::regrole::text AS owner FROM pg_proc WHERE oid = '"billing"."charge_generation"(uuid, uuid, integer, jsonb)'::regprocedure`);
        expect(owner).toBe(roles.find((r) => r.schema === 'billing')!.role);
        // Billing's start granted the door its migration could not (images had no role of its own then).
        const [{ charged }] = await asImages.query<Array<{ charged: { credits: number } | null }>>(
          'SELECT "billing"."charge_generation"($1, $2, $3, $4) AS charged', [userId, randomUUID(), 1, JSON.stringify(MonthlyAllowance)]);
        expect(charged).toEqual(expect.objectContaining({ credits: 1 }));
        await deniedFor(asImages, 'SELECT * FROM "billing"."accounts"');
      } finally {
        await asBilling.destroy();
        await asImages.destroy();
      }
    } finally {
      await earlier.drop();
      const admin = new pg.Client({ connectionString: earlier.url.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      for (const { role } of roles) await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
      await admin.end();
    }
  }, 60_000);
});

/** A database of its own with the roles provisioned, as a stack's first start makes it; dropped with its roles by `drop`. */
async function provisionedDatabase(label: string) {
  const fresh = await createTestDatabase(label);
  const roles = SERVICE_SCHEMAS.map((schema) => ({ schema, role: serviceRoleName(fresh.name, schema), password: randomBytes(12).toString('hex') }));
  await provisionServiceRoles(fresh.url, roles);
  const as = (schema: ServiceSchema) => { const login = roles.find((r) => r.schema === schema)!; return withLogin(fresh.url, login.role, login.password); };
  const drop = async () => {
    await fresh.drop();
    const admin = new pg.Client({ connectionString: fresh.url.replace(/\/[^/]*$/, '/postgres') });
    await admin.connect();
    for (const { role } of roles) await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
    await admin.end();
  };
  return { as, drop };
}

/** images.accept_generation for a new generation of `userId` (as the given images DataSource). */
const acceptAs = (source: DataSource, userId: string) => source.query<Array<{ created: boolean; charged: unknown }>>(
  'SELECT "created", "charged" FROM "images"."accept_generation"($1, $2, $3, $4)',
  [JSON.stringify({ id: randomUUID(), user_id: userId, trend_slug: 'ghibli', prompt: 'a fox', user_prompt: 'a fox', status: 'queued' }), 5, 3, JSON.stringify(MonthlyAllowance)]);

describe('acceptance before billing has opened its door', () => {
  test('images accepts before billing\'s first start and while its door is shut, leaving the charge to billing over the bus; once open, it charges through it', async () => {
    const fresh = await provisionedDatabase('door not open');
    const opened: DataSource[] = [];
    try {
      // A new database: images is up, billing has not started yet (its schema is there, empty and its own).
      const asImages = await openDatabase(fresh.as('images'), imagesDatabase);
      opened.push(asImages);
      const userId = randomUUID();
      expect(await acceptAs(asImages, userId)).toEqual([{ created: true, charged: null }]);
      // Billing migrated, its door not granted yet (between its migrations and its grants).
      const asBilling = await openDatabase(fresh.as('billing'), { ...billingDatabase, grants: [] });
      opened.push(asBilling);
      await asBilling.query(`INSERT INTO "billing"."accounts" ("user_id", "credits", "usage_period") VALUES ($1, 5, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))`, [userId]);
      expect(await acceptAs(asImages, userId)).toEqual([{ created: true, charged: null }]);
      expect(await asBilling.query('SELECT count(*)::int AS n FROM "billing"."charges" WHERE "user_id" = $1', [userId])).toEqual([{ n: 0 }]);
      // Billing's start opens it: the next acceptance is charged in its own transaction.
      await (await openDatabase(fresh.as('billing'), billingDatabase)).destroy();
      expect(await acceptAs(asImages, userId)).toEqual([{ created: true, charged: expect.objectContaining({ credits: 2 }) }]);
    } finally {
      await Promise.all(opened.map((source) => source.destroy()));
      await fresh.drop();
    }
  }, 60_000);
});
