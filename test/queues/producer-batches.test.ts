import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { QueueProducer } from '../../src/queues/producer.js';
import { createRedis } from '../../src/redis.js';
import type { AuditEvent } from '../../src/queues/catalog.js';
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
});
