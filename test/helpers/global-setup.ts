import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { ensureDatabase, migrate } from '../../src/db/migrate.js';
import { createDb } from '../../src/db/pool.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One database per test run, created and migrated here and dropped afterwards. */
export default async function setup(project: TestProject) {
  const name = `svc_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const db = createDb(url.toString(), { max: 1 });
  await migrate(db);
  await db.end();
  project.provide('databaseUrl', url.toString());

  return async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
