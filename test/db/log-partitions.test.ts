import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import pg from 'pg';
import { ensureDatabase, migrate, MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { createDb, type Db } from '../../src/db/pool.js';
import { createLogger } from '../../src/logger.js';
import type { TokenVault } from '../../src/vault/token-vault.js';
import { processors } from '../../workers/processors/index.js';
import { LOG_PARTITION_MONTHS_AHEAD } from '../../workers/processors/maintenance.js';

// A database of our own: it is migrated in two steps, the log tables filled in between.
const url = new URL(inject('databaseUrl'));
url.pathname = `${url.pathname}_partitions`;
let db: Db;

beforeAll(async () => {
  await ensureDatabase(url.toString());
  db = createDb(url.toString(), { max: 2 });
});
afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(url.pathname.slice(1))} WITH (FORCE)`);
  await admin.end();
});

const LOG_TABLES = ['reveal_log', 'request_log', 'audit_entities', 'usage_events'];

/** UTC month name of a partition, e.g. `y2026m08`. */
const monthOf = (d: Date) => `y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsFromNow = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
};

async function partitionOf(table: string, where: string): Promise<string[]> {
  const { rows } = await db.query<{ part: string }>(
    `SELECT tableoid::regclass::text AS part FROM ${table} WHERE ${where}`,
  );
  return rows.map((r) => r.part);
}

describe('log tables partitioned by month (migration 002)', () => {
  it('keeps the rows written before the migration, each in its month, and retried writes still meet them', async () => {
    const onlyFirst = mkdtempSync(join(tmpdir(), 'mig-001-'));
    copyFileSync(join(MIGRATIONS_DIR, '001_foundation.sql'), join(onlyFirst, '001_foundation.sql'));
    expect(await migrate(db, onlyFirst)).toEqual(['001_foundation.sql']);

    await db.query(`INSERT INTO tenants (id, name) VALUES ('ten_p', 'Partitions')`);
    await db.query(
      `INSERT INTO request_log (tenant_id, id, provider, status, stream, created_at)
       VALUES ('ten_p', 'req_old', 'openai', 200, false, '2026-08-15T10:00:00Z'),
              ('ten_p', 'req_now', 'openai', 200, false, now())`,
    );
    await db.query(
      `INSERT INTO usage_events (tenant_id, event_id, kind, created_at)
       VALUES ('ten_p', 'evt_edge', 'proxy', '2026-09-30T23:59:59.999Z')`,
    );
    await db.query(
      `INSERT INTO audit_entities (tenant_id, event_id, seq, source, entity_type, label, score, created_at)
       VALUES ('ten_p', 'evt_edge', 1, 'proxy', 'PERSON', 'NAME', 0.9, '2026-10-01T00:00:00Z')`,
    );
    await db.query(
      `INSERT INTO reveal_log (tenant_id, attempt_id, token_id, outcome, credential_kind, credential_id, created_at)
       VALUES ('ten_p', 'att_1', 'k3j9x2m4', 'revealed', 'secret', 'key_1', now())`,
    );

    expect(await migrate(db)).toEqual(['002_partition_log_tables.sql', '003_partition_lock_order.sql']);

    const { rows } = await db.query<{ relkind: string }>(
      `SELECT relkind FROM pg_class WHERE relname = ANY($1::text[])`,
      [LOG_TABLES],
    );
    expect(rows.map((r) => r.relkind)).toEqual(['p', 'p', 'p', 'p']);
    expect(await partitionOf('request_log', `id = 'req_old'`)).toEqual(['request_log_y2026m08']);
    expect(await partitionOf('request_log', `id = 'req_now'`)).toEqual([
      `request_log_${monthOf(new Date())}`,
    ]);
    // Month bounds are UTC instants: the last millisecond of September and the first of October.
    expect(await partitionOf('usage_events', 'true')).toEqual(['usage_events_y2026m09']);
    expect(await partitionOf('audit_entities', 'true')).toEqual(['audit_entities_y2026m10']);
    expect(await partitionOf('reveal_log', 'true')).toEqual([`reveal_log_${monthOf(new Date())}`]);

    // A retried job carries the same created_at, so it meets its row and adds nothing.
    const again = await db.query(
      `INSERT INTO request_log (tenant_id, id, provider, status, stream, created_at)
       VALUES ('ten_p', 'req_old', 'openai', 200, false, '2026-08-15T10:00:00Z') ON CONFLICT DO NOTHING`,
    );
    expect(again.rowCount).toBe(0);
    // A tenant's deletion still takes its log rows along.
    await db.query(`DELETE FROM tenants WHERE id = 'ten_p'`);
    expect(await partitionOf('request_log', 'true')).toEqual([]);
  });

  it('the maintenance job creates the coming months; a month whose rows already sit in the default partition is left', async () => {
    await db.query(`INSERT INTO tenants (id, name) VALUES ('ten_q', 'Partitions later')`);
    // Two years ahead: beyond what the migration or the job creates, whenever this runs.
    const far = monthsFromNow(24);
    await db.query(
      `INSERT INTO request_log (tenant_id, id, provider, status, stream, created_at)
       VALUES ('ten_q', 'req_far', 'openai', 200, false, $1::timestamptz)`,
      [far.toISOString()],
    );
    expect(await partitionOf('request_log', `id = 'req_far'`)).toEqual(['request_log_default']);

    const context = {
      db,
      logger: createLogger('silent'),
      job: {} as Job,
      vault: {} as TokenVault,
    };
    await processors.maintenance({ task: 'create-log-partitions' }, context);
    for (const table of LOG_TABLES)
      for (let n = 0; n <= LOG_PARTITION_MONTHS_AHEAD; n++)
        expect(
          (await db.query(`SELECT to_regclass($1) AS t`, [`${table}_${monthOf(monthsFromNow(n))}`])).rows[0]
            .t,
        ).not.toBeNull();
    // Run again: nothing left to create.
    const { rows } = await db.query<{ created: number }>(`SELECT create_log_partitions(now(), 4) AS created`);
    expect(rows[0]!.created).toBe(0);

    // That far month has a row in the default partition: the month is skipped for request_log only,
    // and the row stays where every query finds it.
    const skipped = await db.query<{ created: number }>(
      `SELECT create_log_partitions($1::timestamptz, 1) AS created`,
      [far.toISOString()],
    );
    expect(skipped.rows[0]!.created).toBe(LOG_TABLES.length - 1);
    expect(await partitionOf('request_log', `id = 'req_far'`)).toEqual(['request_log_default']);
    expect(
      (await db.query(`SELECT to_regclass($1) AS t`, [`request_log_${monthOf(far)}`])).rows[0].t,
    ).toBeNull();
  });

  it('creating a partition while a transaction writes to tenants and then to a log table waits instead of deadlocking (migration 003)', async () => {
    await db.query(`INSERT INTO tenants (id, name) VALUES ('ten_d', 'Deadlock')`);
    // A month no migration or job has made yet, so the function really creates partitions.
    const month = monthsFromNow(36);
    const writer = new pg.Client({ connectionString: url.toString() });
    const maintainer = new pg.Client({ connectionString: url.toString() });
    await writer.connect();
    await maintainer.connect();
    try {
      // The writer holds a row lock on tenants, as a tenant's deletion does before its cascade
      // reaches the log tables.
      await writer.query('BEGIN');
      await writer.query(`UPDATE tenants SET name = name WHERE id = 'ten_d'`);
      const creating = maintainer.query<{ created: number }>(
        `SELECT create_log_partitions($1::timestamptz, 1) AS created`,
        [month.toISOString()],
      );
      const maintainerPid = (maintainer as unknown as { processID: number }).processID;
      // Until the partition creation waits for a lock.
      for (let waited = 0; ; waited += 20) {
        const { rowCount } = await db.query(`SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted`, [
          maintainerPid,
        ]);
        if (rowCount) break;
        if (waited > 5000) throw new Error('the partition creation never waited');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Now the writer reaches the first log table the function creates a partition of.
      await writer.query(`DELETE FROM reveal_log WHERE tenant_id = 'ten_d'`);
      await writer.query('COMMIT');
      expect((await creating).rows[0]!.created).toBe(LOG_TABLES.length);
    } finally {
      await writer.end();
      await maintainer.end();
    }
  });
});
