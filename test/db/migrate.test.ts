import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase, migrate, migrationsApplied, readMigrations } from '../../src/db/migrate.js';
import { createDb } from '../../src/db/pool.js';
import { startProcess } from '../helpers/processes.js';

const created: string[] = [];
function scratchUrl(): string {
  const url = new URL(inject('databaseUrl'));
  const name = `${url.pathname.slice(1)}_m${created.length}`;
  created.push(name);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  for (const name of created)
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.end();
});

describe('migrations', () => {
  it('are numbered without gaps', async () => {
    const migrations = await readMigrations();
    expect(migrations.map((m) => m.id)).toEqual(migrations.map((_, i) => i + 1));
  });

  it('apply once under an advisory lock even when several processes start together', async () => {
    const url = scratchUrl();
    expect(await ensureDatabase(url)).toBe(true);
    expect(await ensureDatabase(url)).toBe(false);
    const dbs = [createDb(url, { max: 1 }), createDb(url, { max: 1 }), createDb(url, { max: 1 })];
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db)));
      expect(results.flat()).toEqual((await readMigrations()).map((m) => m.name));
      expect(await migrationsApplied(dbs[0]!)).toBe(true);
      const { rows } = await dbs[0]!.query('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBe(results.flat().length);
    } finally {
      await Promise.all(dbs.map((db) => db.end()));
    }
  });

  it('roll back entirely when one fails', async () => {
    const url = scratchUrl();
    await ensureDatabase(url);
    const dir = mkdtempSync(join(tmpdir(), 'mig-'));
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE first_table (id int);');
    writeFileSync(
      join(dir, '002_broken.sql'),
      'CREATE TABLE second_table (id int); SELECT no_such_function();',
    );
    const db = createDb(url, { max: 1 });
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/);
      const { rows } = await db.query(
        `SELECT to_regclass('first_table')::text AS t, to_regclass('schema_migrations')::text AS l`,
      );
      expect(rows[0]).toEqual({ t: null, l: null });
    } finally {
      await db.end();
    }
  });

  it('the migrate command exits non-zero with a plain message when Postgres is unreachable', async () => {
    const run = startProcess('src/db/migrate-cli.ts', {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/service',
      SERVICE_MASTER_KEY: 'a'.repeat(64),
      SERVICE_ADMIN_TOKEN: 'x'.repeat(24),
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /Cannot reach Postgres at 127\.0\.0\.1:1 .*Start PostgreSQL or set DATABASE_URL/,
    );
  });
});
