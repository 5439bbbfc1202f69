import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * One database role per service, each owning its own schema and nothing else (DESIGN "Data
 * ownership"): the boundary a database per service would give, enforced by PostgreSQL. This is the
 * one place roles and schemas are made; the launcher (`npm start`, e2e), compose's
 * `provision-database` one-shot and the k8s migrations Job's first step all run it with the admin's
 * URL before any service starts, then each service connects — and migrates — as its own role.
 *
 * The one exception to "only its own schema" is billing's, not here: its migration
 * ChargeGenerationDoor1772000000000 makes `billing.charge_generation` run with billing's rights and
 * `billingDatabase.grants` lets images' role (the images schema's owner) call it, and nothing else of
 * billing's, so acceptance stays one transaction and one round trip. Until billing's first start has
 * granted it, images' acceptance finds the door shut and asks billing over the bus instead (images'
 * migration AcceptWhileDoorShut): the grant is billing's to make, after the migrations that make the
 * function, so provisioning (which runs before any migration) does not make it.
 */

/** The schemas the services own; a service's schema is its name. Workers and the gateway use no database. */
export const SERVICE_SCHEMAS = ['auth', 'trends', 'images', 'billing', 'waitlist'] as const;
export type ServiceSchema = (typeof SERVICE_SCHEMAS)[number];

/** A service's login: its role and password, as its DATABASE_URL carries them. */
export interface ServiceLogin {
  schema: ServiceSchema;
  role: string;
  password: string;
}

/** PostgreSQL truncates identifiers longer than this. */
const MAX_IDENTIFIER = 63;

/** The role of a service on a database: `<database>_<service>`, so stacks sharing one server never share a role. */
export function serviceRoleName(database: string, schema: ServiceSchema): string {
  const name = `${database}_${schema}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return name.slice(0, MAX_IDENTIFIER);
}

/** `url` (a database URL) with another user and password. */
export function withLogin(url: string, role: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(role);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** The login a service URL names (`postgres://<role>:<password>@.../<database>`). */
export function loginOf(schema: ServiceSchema, url: string): ServiceLogin {
  const parsed = new URL(url);
  const role = decodeURIComponent(parsed.username);
  if (!role || !parsed.password) throw new Error(`The ${schema} service's database URL must name its role and password`);
  return { schema, role, password: decodeURIComponent(parsed.password) };
}

const ROLE_COMMENT = 'TrendForge service role of database ';

/**
 * Makes each service's role (login, password as given, no other powers) and its schema owned by
 * it, and hands it whatever its schema already holds (a database migrated before roles existed).
 * The database's CONNECT is theirs only (and the admin's). Idempotent: run it at every start;
 * passwords are set to the ones given each time (compose and k8s give every replica the same).
 * `adminUrl` names the target database and a user that may create roles (a superuser, or
 * CREATEROLE and the database's owner).
 */
export async function provisionServiceRoles(adminUrl: string, logins: readonly ServiceLogin[]): Promise<void> {
  await provision(adminUrl, async () => logins.map((login) => ({ ...login, setPassword: true })));
}

/**
 * As provisionServiceRoles, for a launcher that makes the passwords itself (`npm start`, e2e
 * stacks): each role's password is made once, at its first provisioning, and kept in the database
 * (schema `trendforge_provisioning`, the admin's: no service role can read it); later
 * provisionings answer the kept one and leave the role's password alone. So launchers sharing a
 * database (a second `npm start`, replicas' launchers) never reset the password a running peer's
 * services log in with. Answers each service's login.
 */
export async function provisionKeptServiceRoles(adminUrl: string, schemas: readonly ServiceSchema[] = SERVICE_SCHEMAS): Promise<ServiceLogin[]> {
  const logins = await provision(adminUrl, (client, database) => keptLogins(client, database, schemas));
  return logins.map(({ schema, role, password }) => ({ schema, role, password }));
}

/** A login to provision, and whether its role's password is to be set (else left as it is, unless the role is new). */
type Provisioned = ServiceLogin & { setPassword: boolean };

async function provision(adminUrl: string, loginsFor: (client: pg.Client, database: string) => Promise<Provisioned[]>): Promise<Provisioned[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  const id = (name: string) => client.escapeIdentifier(name);
  const literal = (value: string) => client.escapeLiteral(value);
  try {
    const database = (await client.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
    await dropRolesOfDroppedDatabases(client);
    await client.query('BEGIN');
    // Two launchers on one database take turns.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['trendforge:provision']);
    const logins = await loginsFor(client, database);
    await client.query(`REVOKE CONNECT ON DATABASE ${id(database)} FROM PUBLIC`);
    for (const { schema, role, password, setPassword } of logins) {
      const { rows: [{ created }] } = await client.query<{ created: boolean }>('SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = $1) AS created', [role]);
      if (created) await client.query(`CREATE ROLE ${id(role)}`);
      // A non-superuser admin must be a member to hand objects to the role.
      await client.query(`DO $$ BEGIN
          IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN GRANT ${id(role)} TO current_user; END IF;
        END $$`);
      await client.query(`ALTER ROLE ${id(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`);
      if (created || setPassword) await client.query(`ALTER ROLE ${id(role)} WITH PASSWORD ${literal(password)}`);
      await client.query(`COMMENT ON ROLE ${id(role)} IS ${literal(`${ROLE_COMMENT}${database}`)}`);
      await client.query(`GRANT CONNECT ON DATABASE ${id(database)} TO ${id(role)}`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${id(schema)} AUTHORIZATION ${id(role)}`);
      await client.query(`ALTER SCHEMA ${id(schema)} OWNER TO ${id(role)}`);
      await client.query(`REVOKE ALL ON SCHEMA ${id(schema)} FROM PUBLIC`);
      await handOver(client, schema, role);
    }
    await client.query('COMMIT');
    return logins;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where a launcher keeps the passwords it made: the admin's own schema in the stack's database. */
const KEPT_LOGINS = '"trendforge_provisioning"."service_logins"';

/**
 * The kept login of each service, made (a random password) for roles that have none yet. Runs in
 * provision's transaction, under its lock: launchers starting together agree on one password.
 */
async function keptLogins(client: pg.Client, database: string, schemas: readonly ServiceSchema[]): Promise<Provisioned[]> {
  await client.query('CREATE SCHEMA IF NOT EXISTS "trendforge_provisioning"');
  await client.query('REVOKE ALL ON SCHEMA "trendforge_provisioning" FROM PUBLIC');
  await client.query(`CREATE TABLE IF NOT EXISTS ${KEPT_LOGINS} ("role" text PRIMARY KEY, "password" text NOT NULL)`);
  const roles = schemas.map((schema) => serviceRoleName(database, schema));
  const { rows: made } = await client.query<{ role: string }>(
    `INSERT INTO ${KEPT_LOGINS} ("role", "password") SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT ("role") DO NOTHING RETURNING "role"`,
    [roles, roles.map(() => randomBytes(18).toString('base64url'))],
  );
  const { rows } = await client.query<{ role: string; password: string }>(`SELECT "role", "password" FROM ${KEPT_LOGINS} WHERE "role" = ANY($1)`, [roles]);
  const passwords = new Map(rows.map((row) => [row.role, row.password]));
  const madeNow = new Set(made.map((row) => row.role));
  return schemas.map((schema, index) => ({ schema, role: roles[index], password: passwords.get(roles[index])!, setPassword: madeNow.has(roles[index]) }));
}

/** Gives `role` every table, view, sequence, function and type in `schema` that it does not own yet. */
async function handOver(client: pg.Client, schema: string, role: string): Promise<void> {
  await client.query(
    `DO $$
    DECLARE
      target regrole := ${client.escapeLiteral(role)}::regrole;
      space regnamespace := ${client.escapeLiteral(client.escapeIdentifier(schema))}::regnamespace;
      item record;
    BEGIN
      -- Relations (a table's indexes, identity and serial sequences follow it).
      FOR item IN
        SELECT c.oid::regclass AS name, CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
               WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind
          FROM pg_class c
         WHERE c.relnamespace = space AND c.relowner <> target AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
           AND NOT (c.relkind = 'S' AND EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                     AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
      LOOP
        EXECUTE format('ALTER %s %s OWNER TO %I', item.kind, item.name, target::text);
      END LOOP;
      FOR item IN SELECT p.oid::regprocedure AS name FROM pg_proc p WHERE p.pronamespace = space AND p.proowner <> target AND p.prokind IN ('f', 'p')
      LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.name, target::text);
      END LOOP;
      -- Enums, domains, ranges and standalone composite types (array and table row types follow theirs).
      FOR item IN
        SELECT t.oid::regtype AS name, CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END AS kind FROM pg_type t
         WHERE t.typnamespace = space AND t.typowner <> target AND t.typtype IN ('e', 'd', 'r', 'c')
           AND (t.typtype <> 'c' OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
      LOOP
        EXECUTE format('ALTER %s %s OWNER TO %I', item.kind, item.name, target::text);
      END LOOP;
    END $$`,
  );
}

/**
 * Roles whose database is gone (an end-to-end stack's, dropped after its run) are dropped, so a
 * shared server does not collect them. Best effort: a role still holding something elsewhere stays.
 */
async function dropRolesOfDroppedDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ role: string }>(
    `SELECT r.rolname AS role FROM pg_roles r
      WHERE shobj_description(r.oid, 'pg_authid') LIKE $1 || '%'
        AND NOT EXISTS (SELECT FROM pg_database d WHERE $1 || d.datname = shobj_description(r.oid, 'pg_authid'))`,
    [ROLE_COMMENT],
  );
  for (const { role } of rows) await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(role)}`).catch(() => undefined);
}

/** The service logins named by environment variables `<SERVICE>_DATABASE_URL` (compose, k8s: `--provision-database`). */
export function loginsFromEnv(env: NodeJS.ProcessEnv): ServiceLogin[] {
  return SERVICE_SCHEMAS.map((schema) => {
    const name = `${schema.toUpperCase()}_DATABASE_URL`;
    const url = env[name];
    if (!url) throw new Error(`${name} is required to provision the ${schema} service's role`);
    return loginOf(schema, url);
  });
}
