import type { Logger } from 'pino';
import { createLogger } from '../../src/logger.js';
import { connectRedis, createRedis } from '../../src/redis.js';
import { QUEUE_NAMES } from '../../src/queues/catalog.js';
import { createTokenVault } from '../../src/vault/create-token-vault.js';
import { startWorkers } from '../../workers/runtime.js';
import { processors } from '../../workers/processors/index.js';
import type { TestApp } from './test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface InProcessWorkers {
  close(): Promise<void>;
}

/** The real processors on real BullMQ workers, on the test app's Redis prefix and database. */
export async function startInProcessWorkers(
  t: TestApp,
  logger: Logger = createLogger('silent'),
): Promise<InProcessWorkers> {
  const connection = createRedis(t.config.REDIS_URL, 'worker');
  await connectRedis(connection, t.config.REDIS_URL);
  const vault = createTokenVault(t.services.db, connection, t.config);
  const runtime = await startWorkers({
    connection,
    redisPrefix: t.config.SERVICE_REDIS_PREFIX,
    db: t.services.db,
    logger,
    vault,
    processors,
  });
  return {
    close: async () => {
      await runtime.close();
      connection.disconnect();
    },
  };
}

/**
 * Waits until the app's queued items are all in Redis and every queue has nothing waiting, active or
 * delayed, so whatever the workers write is in Postgres. A failed job is a bug in what these tests
 * exercise: it throws.
 */
export async function drainQueues(t: TestApp, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await t.services.queues.flushed();
  for (;;) {
    const counts = await Promise.all(
      QUEUE_NAMES.map((name) =>
        t.services.queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed'),
      ),
    );
    const failed = counts.reduce((n, c) => n + (c.failed ?? 0), 0);
    if (failed) throw new Error(`${failed} job(s) failed`);
    const pending = counts.reduce(
      (n, c) => n + (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0),
      0,
    );
    if (!pending) return;
    if (Date.now() > deadline) throw new Error(`queues still had ${pending} job(s) after ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** Polls until `done` holds for the value `read` returns, or fails after a bounded wait. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met after ${timeoutMs} ms`);
    await sleep(50);
  }
}
