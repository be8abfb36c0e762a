import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { prepareDatabase } from './db/prepare.js';
import { createServices, closeServices } from './services.js';
import { buildApp } from './app.js';
import { onShutdown } from './lifecycle.js';

/** The api process: prepares the database, builds the app and listens. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  if (config.secretsGenerated) {
    logger.warn(`generated SERVICE_MASTER_KEY and SERVICE_ADMIN_TOKEN into ${config.SERVICE_SECRETS_FILE}`);
  }
  const applied = await prepareDatabase(config.DATABASE_URL);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  const services = await createServices(config, logger);
  const app = await buildApp(services);
  onShutdown(logger, config.SHUTDOWN_TIMEOUT_MS, async () => {
    // Stops accepting, lets open requests and streams finish, then closes queues, Redis, Postgres.
    await app.close();
    await closeServices(services);
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.NODE_ENV !== 'production') {
    console.log(`admin token (from ${config.SERVICE_SECRETS_FILE} or env): ${config.SERVICE_ADMIN_TOKEN}`);
  }
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `api failed to start: ${error.message}`);
  process.exit(1);
});
