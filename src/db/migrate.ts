import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { withTransaction, type Db } from './pool.js';

export const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url).pathname;

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 727_001;

interface Migration {
  id: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  const migrations: Migration[] = [];
  for (const [index, file] of files.entries()) {
    const id = Number(file.slice(0, 3));
    if (id !== index + 1)
      throw new Error(`migration ${file} is out of sequence: expected number ${index + 1}`);
    migrations.push({ id, name: file, sql: await readFile(join(dir, file), 'utf8') });
  }
  return migrations;
}

/**
 * Applies pending migrations in one transaction under an advisory lock, recording each in a ledger.
 * Concurrent starters wait for the lock and then find nothing left to do. Returns the names applied.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return withTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ id: number; name: string }>(
      'SELECT id, name FROM schema_migrations',
    );
    const applied = new Map(rows.map((r) => [r.id, r.name]));
    const done: string[] = [];
    for (const m of migrations) {
      const existing = applied.get(m.id);
      if (existing !== undefined) {
        if (existing !== m.name)
          throw new Error(`migration ${m.id} was applied as ${existing} but is now ${m.name}`);
        continue;
      }
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (id, name) VALUES ($1::int, $2::text)', [
        m.id,
        m.name,
      ]);
      done.push(m.name);
    }
    return done;
  });
}

/** True when every migration file is recorded in the ledger. */
export async function migrationsApplied(db: Db, dir = MIGRATIONS_DIR): Promise<boolean> {
  const migrations = await readMigrations(dir);
  const exists = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!exists.rows[0]?.t) return false;
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM schema_migrations');
  return Number(rows[0]?.n ?? 0) >= migrations.length;
}

/** Creates the database named in the URL when it is missing (connecting to the `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1::text', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    // Another process created it between our check and our create.
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await client.end();
  }
}
