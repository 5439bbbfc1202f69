import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * The entity of a row PostgreSQL answered by column name (UPDATE ... RETURNING, or the JSON of a row
 * a function returns), hydrated as TypeORM hydrates a SELECT (timestamps as Dates).
 */
export function entityOfRow<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, row: Record<string, unknown>): T {
  const metadata = manager.connection.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (column.databaseName in row) column.setEntityValue(entity, manager.connection.driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}
