import { ensureDatabase, migrate } from './migrate.js';
import { createDb } from './pool.js';
import { describeConnectionError } from '../startup-errors.js';

/** Creates the database if missing and applies migrations. Throws a plain-language error when Postgres is unreachable. */
export async function prepareDatabase(databaseUrl: string): Promise<string[]> {
  try {
    await ensureDatabase(databaseUrl);
  } catch (error) {
    throw new Error(describeConnectionError('Postgres', databaseUrl, error));
  }
  const db = createDb(databaseUrl, { max: 1 });
  try {
    return await migrate(db);
  } finally {
    await db.end();
  }
}
