import { createLogger } from '../../src/logger.js';
import { deriveSubkey } from '../../src/crypto/master-keys.js';
import { connectRedis, createRedis } from '../../src/redis.js';
import { TenantKeyring } from '../../src/vault/tenant-keys.js';
import { TokenCache } from '../../src/vault/token-cache.js';
import { TokenVault } from '../../src/vault/token-vault.js';
import { startWorkers } from '../../workers/runtime.js';
import { processors } from '../../workers/processors/index.js';
import { QUEUE_NAMES } from '../../src/queues/catalog.js';
import type { TestApp } from '../helpers/test-app.js';

/** The real queue processors on real BullMQ workers in this process, on the app's Redis prefix and database. */
export async function startProxyWorkers(t: TestApp): Promise<{ close(): Promise<void> }> {
  const connection = createRedis(t.config.REDIS_URL, 'worker');
  await connectRedis(connection, t.config.REDIS_URL);
  const vault = new TokenVault(
    t.services.db,
    new TenantKeyring(t.services.db, deriveSubkey(t.config.SERVICE_MASTER_KEY, 'data-key-wrapping')),
    new TokenCache(connection, t.config.SERVICE_REDIS_PREFIX),
  );
  const runtime = await startWorkers({
    connection,
    redisPrefix: t.config.SERVICE_REDIS_PREFIX,
    db: t.services.db,
    logger: createLogger('silent'),
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

/** Polls `read` until `done` holds for its value; fails after a bounded wait. */
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until no queue of the app has a job waiting, active or delayed; a failed job throws. */
export async function queuesIdle(t: TestApp, timeoutMs = 15_000): Promise<void> {
  await eventually(
    async () => {
      const counts = await Promise.all(
        QUEUE_NAMES.map((name) =>
          t.services.queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed'),
        ),
      );
      const failed = counts.reduce((n, c) => n + (c.failed ?? 0), 0);
      if (failed) throw new Error(`${failed} job(s) failed`);
      return counts.reduce(
        (n, c) => n + (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0),
        0,
      );
    },
    (pending) => pending === 0,
    timeoutMs,
  );
}
