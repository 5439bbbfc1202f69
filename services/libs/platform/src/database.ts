import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';

/** What a service declares about its own PostgreSQL schema. */
export interface ServiceDatabase {
  /** The one schema the service owns; no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /**
   * Privileges the schema grants to another service's role, run after the migrations at every start
   * (idempotent): roles may be provisioned after a migration ran (database-roles.ts), so a grant
   * made once in a migration could miss its grantee.
   */
  grants?: readonly string[];
}

export function dataSourceOptions(databaseUrl: string, db: ServiceDatabase): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: db.schema,
    entities: db.entities,
    migrations: db.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // The pool rides out a PostgreSQL restart by itself: clients whose connection died are dropped
    // and new ones opened on demand. A connect that hangs (a server gone without a word) gives up
    // after 10 s, the bus's own request timeout, instead of the OS's minutes; the request is then
    // answered "briefly unavailable" with Retry-After (errors.ts). TCP keep-alive notices a dead
    // idle connection before a query is sent on it.
    extra: { max: 10, application_name: db.schema, connectionTimeoutMillis: 10_000, keepAlive: true },
  };
}

/**
 * Creates the schema if needed (a database without provisioned roles) and applies pending migrations. An advisory lock serialises replicas
 * that start together, so each migration runs once.
 */
export async function migrateSchema(dataSource: DataSource, db: Pick<ServiceDatabase, 'schema' | 'grants'>): Promise<string[]> {
  const { schema } = db;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    // Provisioned databases hand each service its schema (database-roles.ts) and no right to create
    // one, which CREATE SCHEMA IF NOT EXISTS would ask for even when the schema is there.
    const [{ found }] = await runner.query('SELECT to_regnamespace($1) IS NOT NULL AS found', [`"${schema}"`]);
    if (!found) await runner.query(`CREATE SCHEMA "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const grant of db.grants ?? []) await runner.query(grant);
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** Opens a migrated DataSource (for tests and the --migrate-only mode). */
export async function openDatabase(databaseUrl: string, db: ServiceDatabase): Promise<DataSource> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl, db)).initialize();
  await migrateSchema(dataSource, db);
  return dataSource;
}

/** TypeORM for a service: migrations run at start-up, never `synchronize`. */
export function databaseModule(databaseUrl: string, db: ServiceDatabase) {
  return TypeOrmModule.forRootAsync({
    useFactory: () => dataSourceOptions(databaseUrl, db),
    dataSourceFactory: async (options) => {
      const dataSource = await new DataSource(options!).initialize();
      await migrateSchema(dataSource, db);
      return dataSource;
    },
  });
}
