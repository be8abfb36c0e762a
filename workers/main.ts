import { loadConfig, ConfigError } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createDb } from '../src/db/pool.js';
import { connectRedis, createRedis } from '../src/redis.js';
import { describeConnectionError } from '../src/startup-errors.js';
import { onShutdown } from '../src/lifecycle.js';
import { startWorkers } from './runtime.js';
import { createTokenVault } from '../src/vault/create-token-vault.js';
import { processors, schedules } from './processors/index.js';

/** The worker process: runs every queue's processor from the catalog. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL).child({ process: 'worker' });
  const db = createDb(config.DATABASE_URL, { max: 10 });
  try {
    await db.query('SELECT 1');
  } catch (error) {
    throw new Error(describeConnectionError('Postgres', config.DATABASE_URL, error));
  }
  const connection = createRedis(config.REDIS_URL, 'worker');
  await connectRedis(connection, config.REDIS_URL);
  const vault = createTokenVault(db, connection, config);
  const runtime = await startWorkers({
    connection,
    redisPrefix: config.SERVICE_REDIS_PREFIX,
    db,
    logger,
    vault,
    processors,
    schedules,
    concurrencyCap: config.WORKER_CONCURRENCY,
  });
  logger.info({ queues: runtime.workers.map((w) => w.name) }, 'workers started');
  onShutdown(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    await runtime.close();
    connection.disconnect();
    await db.end();
  });
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `worker failed to start: ${error.message}`);
  process.exit(1);
});
