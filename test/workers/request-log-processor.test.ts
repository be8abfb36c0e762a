import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import { createLogger } from '../../src/logger.js';
import { createDb, type Db } from '../../src/db/pool.js';
import type { RequestLogEntry } from '../../src/queues/catalog.js';
import type { ProcessorContext } from '../../workers/runtime.js';
import type { TokenVault } from '../../src/vault/token-vault.js';
import { processors } from '../../workers/processors/index.js';
import { testConfig } from '../helpers/test-app.js';

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

function entry(overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    tenant_id: tenant,
    id: `req_${randomBytes(8).toString('hex')}`,
    provider: 'openai',
    model: 'gpt-4o-mini',
    status: 200,
    stream: false,
    session_id: null,
    trace_id: null,
    latency_ms: 4.2,
    upstream_latency_ms: 1.1,
    first_byte_ms: null,
    entity_counts: { PERSON: 1, EMAIL_ADDRESS: 1 },
    restored_count: 2,
    input_tokens: 12,
    output_tokens: 7,
    error_code: null,
    at: new Date().toISOString(),
    debug: null,
    audit_entities: [
      { entity_type: 'PERSON', label: 'NAME', score: 0.9 },
      { entity_type: 'EMAIL_ADDRESS', label: 'EMAIL', score: 1 },
    ],
    metered: true,
    ...overrides,
  };
}

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

describe('request-log processor: one job per proxy call', () => {
  it('writes the log row, the audit rows and the usage event, and a retried job writes nothing twice', async () => {
    const job = entry();
    await processors['request-log'](job, context());
    await processors['request-log'](job, context());
    expect(await rowsOf(job.id)).toEqual({ log: 1, audit: 2, usage: 1 });
  });

  it('an unmetered call (an error answer) and one without entities write only what they have', async () => {
    const job = entry({ status: 429, metered: false, audit_entities: [], entity_counts: {} });
    await processors['request-log'](job, context());
    expect(await rowsOf(job.id)).toEqual({ log: 1, audit: 0, usage: 0 });
  });

  it('is all or nothing: when one insert fails, no row of the call stays and the job can retry', async () => {
    // A token count Postgres refuses makes the last insert (usage) fail.
    const job = entry({ input_tokens: Number.NaN });
    await expect(processors['request-log'](job, context())).rejects.toThrow();
    expect(await rowsOf(job.id)).toEqual({ log: 0, audit: 0, usage: 0 });
    await processors['request-log']({ ...job, input_tokens: 12 }, context());
    expect(await rowsOf(job.id)).toEqual({ log: 1, audit: 2, usage: 1 });
  });
});
