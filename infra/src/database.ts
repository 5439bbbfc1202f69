import pg from 'pg';
import { databaseOf, withDatabase } from './plan.js';

/**
 * Makes sure the database named in `url` exists, creating it through the server's maintenance
 * database (`postgres`) when it does not. Safe when several launchers race to create it.
 * Returns true when it was created.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseOf(url);
  if (!name) throw new Error(`DATABASE_URL names no database: ${redact(url)}`);

  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch {
    // No access to the maintenance database (a managed server, a restricted user): the database
    // must then exist already, and connecting to it says so.
    await admin.end().catch(() => undefined);
    await assertCanConnect(url);
    return false;
  }
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    // 42P04 duplicate_database / 23505 unique violation: another launcher created it first.
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw new Error(`Could not create database "${name}" on ${redact(url)}: ${(error as Error).message}`, { cause: error });
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Drops a database (end-to-end test clean-up), terminating its remaining connections first. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseOf(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function assertCanConnect(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Could not connect to PostgreSQL at ${redact(url)}: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL with its password masked, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
