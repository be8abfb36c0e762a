import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { QueueProducer } from '../../src/queues/producer.js';
import { createRedis } from '../../src/redis.js';
import type { AuditEvent } from '../../src/queues/catalog.js';
import { requestLogEntry } from '../helpers/request-log-entry.js';
import { deleteRedisPrefix, REDIS_URL } from '../helpers/test-app.js';
import { queuedItems } from '../helpers/queued-items.js';

const prefix = `svc_test_batches_${process.pid}_${Date.now()}`;
let redis: Redis;
let producer: QueueProducer;

beforeAll(async () => {
  redis = createRedis(REDIS_URL, 'api');
  await redis.connect();
  producer = new QueueProducer(redis, prefix);
});
afterAll(async () => {
  await producer.close();
  redis.disconnect();
  await deleteRedisPrefix(prefix);
});

const event = (i: number): AuditEvent => ({
  tenant_id: 'ten_batches',
  event_id: `evt_${i}`,
  source: 'detect',
  at: new Date().toISOString(),
  entities: [{ entity_type: 'PERSON', label: 'NAME', score: 0.9 }],
});

const logEntry = (i: number) => requestLogEntry('ten_batches', { id: `req_${i}` });

describe('QueueProducer.addToBatch on real Redis', () => {
  it('calls that add together share jobs; every item is queued once, each job named after its first item', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => producer.addToBatch('audit', event(i))));
    const queued = await queuedItems(producer, 'audit');
    expect(queued.map(({ item }) => item.event_id).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `evt_${i}`).sort(),
    );
    const jobIds = new Set(queued.map(({ jobId }) => jobId));
    expect(jobIds.size).toBeLessThan(40);
    expect(jobIds.has('evt_0')).toBe(true);
    const first = await producer.queue('audit').getJob('evt_0');
    expect(first!.data).toEqual({ items: [event(0)].map((e) => ({ ...e, at: expect.any(String) })) });
  });

  it('an item its schema refuses fails only its own call: items added with it are still queued', async () => {
    const bad = { ...event(99), entities: [{ entity_type: 'PERSON', label: 'NAME', score: 'high' }] };
    const results = await Promise.allSettled([
      producer.addToBatch('audit', event(100)),
      producer.addToBatch('audit', event(101)),
      producer.addToBatch('audit', bad as unknown as AuditEvent),
      producer.addToBatch('audit', event(102)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const ids = (await queuedItems(producer, 'audit')).map(({ item }) => item.event_id);
    expect(ids).toEqual(expect.arrayContaining(['evt_100', 'evt_101', 'evt_102']));
    expect(ids).not.toContain('evt_99');
  });

  it('request-log items of calls that come one at a time share a job (they linger); awaited audit items do not wait', async () => {
    const logged: Promise<void>[] = [];
    for (let i = 0; i < 3; i++) {
      logged.push(producer.addToBatch('request-log', logEntry(i)));
      await sleep(2);
    }
    await Promise.all(logged);
    const logJobs = new Set((await queuedItems(producer, 'request-log')).map(({ jobId }) => jobId));
    expect(logJobs).toEqual(new Set(['req_0']));

    const started = performance.now();
    await producer.addToBatch('audit', event(200));
    await producer.addToBatch('audit', event(201));
    expect(performance.now() - started).toBeLessThan(1_000);
    const auditJobs = (await queuedItems(producer, 'audit')).map(({ jobId }) => jobId);
    expect(auditJobs).toEqual(expect.arrayContaining(['evt_200', 'evt_201']));
  });
});
