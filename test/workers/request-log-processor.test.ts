import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { createLogger } from '../../src/logger.js';
import { createDb, type Db } from '../../src/db/pool.js';
import { queueCatalog, type RequestLogEntry } from '../../src/queues/catalog.js';
import type { ProcessorContext } from '../../workers/runtime.js';
import type { TokenVault } from '../../src/vault/token-vault.js';
import { processors } from '../../workers/processors/index.js';
import { testConfig } from '../helpers/test-app.js';
import { requestLogEntry } from '../helpers/request-log-entry.js';

const config = testConfig();
let db: Db;
let tenant: string;

beforeAll(async () => {
  db = createDb(config.DATABASE_URL, { max: 2 });
  tenant = `ten_rlp_${randomBytes(4).toString('hex')}`;
  await db.query(`INSERT INTO tenants (id, name) VALUES ($1, 'Request log processor')`, [tenant]);
});
afterAll(async () => {
  await db.query(`DELETE FROM tenants WHERE id = $1`, [tenant]);
  await db.end();
});

// The processor only writes to Postgres; it never touches the job or the vault.
const context = (): ProcessorContext => ({
  db,
  logger: createLogger('silent'),
  job: {} as Job,
  vault: {} as TokenVault,
});

const entry = (overrides: Partial<RequestLogEntry> = {}) => requestLogEntry(tenant, overrides);

async function rowsOf(id: string) {
  const count = async (sql: string) => (await db.query(sql, [tenant, id])).rowCount;
  return {
    log: await count(`SELECT 1 FROM request_log WHERE tenant_id = $1 AND id = $2`),
    audit: await count(
      `SELECT 1 FROM audit_entities WHERE tenant_id = $1 AND event_id = $2 AND source = 'proxy'`,
    ),
    usage: await count(
      `SELECT 1 FROM usage_events WHERE tenant_id = $1 AND event_id = $2 AND kind = 'proxy'`,
    ),
  };
}

const run = (...items: RequestLogEntry[]) => processors['request-log']({ items }, context());

describe('request-log processor: one item per proxy call, many calls per job', () => {
  it('writes the log row, the audit rows and the usage event, and a retried job writes nothing twice', async () => {
    const call = entry();
    await run(call);
    await run(call);
    expect(await rowsOf(call.id)).toEqual({ log: 1, audit: 2, usage: 1 });
  });

  it('an unmetered call (an error answer) and one without entities write only what they have', async () => {
    const call = entry({ status: 429, metered: false, audit_entities: [], entity_counts: {} });
    await run(call);
    expect(await rowsOf(call.id)).toEqual({ log: 1, audit: 0, usage: 0 });
  });

  it('is all or nothing: when one insert fails, no row of the job stays and the job can retry', async () => {
    // A token count Postgres refuses makes the last insert (usage) fail.
    const good = entry();
    const bad = entry({ input_tokens: Number.NaN });
    await expect(run(good, bad)).rejects.toThrow();
    expect(await rowsOf(good.id)).toEqual({ log: 0, audit: 0, usage: 0 });
    expect(await rowsOf(bad.id)).toEqual({ log: 0, audit: 0, usage: 0 });
    await run(good, { ...bad, input_tokens: 12 });
    expect(await rowsOf(good.id)).toEqual({ log: 1, audit: 2, usage: 1 });
    expect(await rowsOf(bad.id)).toEqual({ log: 1, audit: 2, usage: 1 });
  });

  it("a batch keeps each call's own values: counts, usage, audit order, debug bodies and their expiry", async () => {
    const at = '2026-11-22T10:00:00.000+00:00';
    const plain = entry({ at, input_tokens: null, output_tokens: null, metered: false, status: 502 });
    const debugged = entry({
      at,
      stream: true,
      first_byte_ms: 3.5,
      debug: { key_version: 1, request: Buffer.from('req').toString('base64'), response: null },
      audit_entities: [
        { entity_type: 'EMAIL_ADDRESS', label: 'EMAIL', score: 1 },
        { entity_type: 'PERSON', label: 'NAME', score: 0.75 },
        { entity_type: 'PERSON', label: 'NAME', score: 0.5 },
      ],
      entity_counts: { EMAIL_ADDRESS: 1, PERSON: 2 },
    });
    await run(plain, debugged, entry({ at }));
    const { rows } = await db.query(
      `SELECT id, status, stream, first_byte_ms, entity_counts, usage, debug_request, debug_response,
              debug_key_version, debug_expires_at - created_at AS kept
         FROM request_log WHERE tenant_id = $1 AND id = ANY($2::text[])`,
      [tenant, [plain.id, debugged.id]],
    );
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    expect(byId.get(plain.id)).toMatchObject({
      status: 502,
      stream: false,
      usage: null,
      debug_request: null,
      debug_key_version: null,
      kept: null,
    });
    expect(byId.get(debugged.id)).toMatchObject({
      status: 200,
      stream: true,
      first_byte_ms: 3.5,
      entity_counts: { EMAIL_ADDRESS: 1, PERSON: 2 },
      usage: { input_tokens: 12, output_tokens: 7 },
      debug_request: Buffer.from('req'),
      debug_response: null,
      debug_key_version: 1,
      kept: { days: 7 },
    });
    const { rows: audit } = await db.query(
      `SELECT seq, entity_type, score FROM audit_entities WHERE tenant_id = $1 AND event_id = $2 ORDER BY seq`,
      [tenant, debugged.id],
    );
    expect(audit).toEqual([
      { seq: 1, entity_type: 'EMAIL_ADDRESS', score: 1 },
      { seq: 2, entity_type: 'PERSON', score: 0.75 },
      { seq: 3, entity_type: 'PERSON', score: 0.5 },
    ]);
    expect(await rowsOf(plain.id)).toEqual({ log: 1, audit: 2, usage: 0 });
  });

  it('reads a job queued one call per job by an earlier version as a batch of one', () => {
    const call = entry();
    expect(queueCatalog['request-log'].payload.parse(call)).toEqual({ items: [call] });
    expect(queueCatalog['request-log'].payload.parse({ items: [call] })).toEqual({ items: [call] });
    expect(queueCatalog['request-log'].payload.safeParse({ items: [] }).success).toBe(false);
  });
});
