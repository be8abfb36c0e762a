import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { createLogger } from '../../src/logger.js';
import { createDb, type Db } from '../../src/db/pool.js';
import { bullPrefix } from '../../src/queues/catalog.js';
import { QueueProducer } from '../../src/queues/producer.js';
import { createRedis } from '../../src/redis.js';
import { startWorkers, type ProcessorTable } from '../../workers/runtime.js';
import { deleteRedisPrefix, REDIS_URL, testConfig } from '../helpers/test-app.js';
import { startProcess } from '../helpers/processes.js';
import { processors as realProcessors } from '../../workers/processors/index.js';
import { createTokenVault } from '../../src/vault/create-token-vault.js';

const config = testConfig();
let db: Db;
let redis: Redis;
let producer: QueueProducer;

beforeAll(async () => {
  db = createDb(config.DATABASE_URL, { max: 2 });
  redis = createRedis(REDIS_URL, 'api');
  await redis.connect();
  producer = new QueueProducer(redis, config.SERVICE_REDIS_PREFIX);
});
afterAll(async () => {
  await producer.close();
  redis.disconnect();
  await db.end();
  await deleteRedisPrefix(config.SERVICE_REDIS_PREFIX);
});

const vaultOn = (connection: Redis) => createTokenVault(db, connection, config);

async function seedSessions(tenant: string) {
  await db.query(`INSERT INTO tenants (id, name) VALUES ($1, 'Workers')`, [tenant]);
  await db.query(
    `INSERT INTO api_keys (tenant_id, id, kind, name, prefix, key_hash, scopes) VALUES ($1, 'key_w', 'secret', 'k', 'xsk_live_abcd', $2, '{}')`,
    [tenant, Buffer.from(`hash-${tenant}`)],
  );
  for (const [id, age] of [
    ['cs_old', '8 days'],
    ['cs_recent', '1 hour'],
  ] as const) {
    await db.query(
      `INSERT INTO client_sessions (tenant_id, id, token_hash, end_user_id, scopes, minted_by_key_id, expires_at)
       VALUES ($1, $2, $3, 'u', '{}', 'key_w', now() - $4::interval)`,
      [tenant, id, Buffer.from(`${tenant}-${id}`), age],
    );
  }
}

describe('worker process', () => {
  it('runs a real job end to end, keeps its schedule, and exits cleanly on SIGTERM', async () => {
    const tenant = `ten_worker_${Date.now()}`;
    await seedSessions(tenant);
    const worker = startProcess('workers/main.ts', {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL,
      SERVICE_REDIS_PREFIX: config.SERVICE_REDIS_PREFIX,
      SERVICE_MASTER_KEY: config.SERVICE_MASTER_KEY.toString('base64'),
      SERVICE_ADMIN_TOKEN: config.SERVICE_ADMIN_TOKEN,
    });
    try {
      await worker.waitFor(/workers started/);
      const events = new QueueEvents('maintenance', {
        connection: { url: REDIS_URL },
        prefix: bullPrefix(config.SERVICE_REDIS_PREFIX),
      });
      await events.waitUntilReady();
      const job = await producer.add('maintenance', 'purge-expired-client-sessions', {
        task: 'purge-expired-client-sessions',
      });
      await job.waitUntilFinished(events, 20_000);
      await events.close();

      const { rows } = await db.query(`SELECT id FROM client_sessions WHERE tenant_id = $1 ORDER BY id`, [
        tenant,
      ]);
      expect(rows.map((r) => r.id)).toEqual(['cs_recent']);

      const queue = new Queue('maintenance', {
        connection: { url: REDIS_URL },
        prefix: bullPrefix(config.SERVICE_REDIS_PREFIX),
      });
      const schedulers = await queue.getJobSchedulers();
      await queue.close();
      expect(schedulers.map((s) => s.key)).toContain('purge-expired-client-sessions');
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/shutting down/);
  });

  it('refuses to start when a queue has no processor', async () => {
    const connection = createRedis(REDIS_URL, 'worker');
    try {
      await expect(
        startWorkers({
          connection,
          redisPrefix: config.SERVICE_REDIS_PREFIX,
          db,
          logger: createLogger('silent'),
          vault: vaultOn(connection),
          processors: { ...realProcessors, usage: undefined } as unknown as ProcessorTable,
        }),
      ).rejects.toThrow(/no processor for queue\(s\): usage/);
    } finally {
      connection.disconnect();
    }
  });

  it('producers validate payloads against the catalog before anything reaches Redis', async () => {
    await expect(producer.add('maintenance', 'x', { task: 'drop-everything' } as never)).rejects.toThrow();
    const jobs = await producer.queue('maintenance').getJobs();
    expect(jobs.filter((j) => j.name === 'x')).toEqual([]);
  });

  it('fails a job with an invalid payload without retrying it', async () => {
    const connection = createRedis(REDIS_URL, 'worker');
    const seen: string[] = [];
    const runtime = await startWorkers({
      connection,
      redisPrefix: config.SERVICE_REDIS_PREFIX,
      db,
      logger: createLogger('silent'),
      vault: vaultOn(connection),
      processors: { ...realProcessors, maintenance: async (payload) => void seen.push(payload.task) },
    });
    try {
      const events = new QueueEvents('maintenance', {
        connection: { url: REDIS_URL },
        prefix: bullPrefix(config.SERVICE_REDIS_PREFIX),
      });
      await events.waitUntilReady();
      // Bypass the producer's validation, as a stale or foreign producer could.
      const job = await producer.queue('maintenance').add('bad', { task: 'nope' }, { attempts: 5 });
      await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/invalid payload/);
      await events.close();
      const failed = await producer.queue('maintenance').getJob(job.id!);
      expect(failed?.attemptsMade).toBe(1);
      expect(seen).toEqual([]);
    } finally {
      await runtime.close();
      connection.disconnect();
    }
  });
});
