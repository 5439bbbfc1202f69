/**
 * Migration drift check (`npm run check`): every service's entities must be fully described by its
 * migrations. In a throw-away database it applies each service's migrations exactly as the service
 * does at start-up (platform's openDatabase), then asks TypeORM which statements its entities still
 * need — what `typeorm migration:generate` would write — and fails naming the service and the SQL.
 *
 * The entities are the authority on tables, columns (type, nullability, default), primary keys and
 * the indexes, uniques and checks they name. The migrations also make objects that entities cannot
 * express (partial and expression indexes, CHECKs, foreign keys without a relation); TypeORM
 * proposes to drop those because it does not know them, and only those proposals are left out.
 *
 * Reads the built services (dist/database.js): run after `nx run-many -t build`.
 *   node infra/scripts/check-migrations.mjs [service ...]   (default: every service with a database)
 */
import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase } from '@trendforge/platform';
import { createTestDatabase } from '@trendforge/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The order the services' migrations can run in one database (images' charge calls billing's function).
const SERVICES = ['auth', 'trends', 'billing', 'images', 'waitlist'];
const services = process.argv.slice(2).length ? process.argv.slice(2) : SERVICES;

/** The service's ServiceDatabase: the one export of dist/database.js with schema, entities and migrations. */
async function serviceDatabase(service) {
  const module = await import(pathToFileURL(path.join(root, 'services', service, 'dist/database.js')).href);
  const found = Object.values(module).filter((value) => value && typeof value.schema === 'string' && Array.isArray(value.entities) && Array.isArray(value.migrations));
  if (found.length !== 1) throw new Error(`services/${service}/dist/database.js must export one ServiceDatabase (found ${found.length})`);
  return found[0];
}

/** `DROP INDEX "s"."name"` or `... DROP CONSTRAINT "name"` of an object no entity names: the migration's own. */
function dropsMigrationOwnObject(sql, named) {
  const dropped = /^DROP INDEX "[^"]+"\."([^"]+)"/.exec(sql)?.[1] ?? /^ALTER TABLE "[^"]+"\."[^"]+" DROP CONSTRAINT "([^"]+)"$/.exec(sql)?.[1];
  return dropped !== undefined && !named.has(dropped);
}

/** Every index, unique, check, exclusion and foreign key name the entities declare (or TypeORM derives). */
function namedByEntities(dataSource) {
  return new Set(
    dataSource.entityMetadatas.flatMap((entity) =>
      [...entity.indices, ...entity.uniques, ...entity.checks, ...entity.exclusions, ...entity.foreignKeys].map((object) => object.name),
    ),
  );
}

const database = await createTestDatabase('migration_drift');
const drift = [];
try {
  for (const service of services) {
    const dataSource = await openDatabase(database.url, await serviceDatabase(service));
    try {
      const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
      const named = namedByEntities(dataSource);
      const sql = upQueries.map((query) => query.query.trim()).filter((statement) => !dropsMigrationOwnObject(statement, named));
      if (sql.length) drift.push({ service, sql });
      else console.log(`migrations: ${service} matches its entities`);
    } finally {
      await dataSource.destroy();
    }
  }
} finally {
  await database.drop();
}

for (const { service, sql } of drift) {
  console.error(`migrations: ${service}'s entities need statements its migrations do not make (add a migration in services/${service}/src/migrations):`);
  for (const statement of sql) console.error(`  ${statement};`);
}
process.exitCode = drift.length ? 1 : 0;
