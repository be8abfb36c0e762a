import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { buildApp } from '../../src/app.js';
import { closeServices, createServices, type Services } from '../../src/services.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Config for one test file: the run's database, a Redis prefix of its own, fixed secrets. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL,
    SERVICE_REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}`,
    SERVICE_MASTER_KEY: randomBytes(32).toString('base64'),
    SERVICE_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // Lets a run try another model directory without code changes.
    ...(process.env.SERVICE_MODEL_DIR ? { SERVICE_MODEL_DIR: process.env.SERVICE_MODEL_DIR } : {}),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  config: Config;
  close(): Promise<void>;
}

/** Deletes every Redis key under a prefix (SCAN, never KEYS). */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startTestApp(
  options: {
    config?: Config;
    logStream?: NodeJS.WritableStream;
    /** Start the detection pool (loads the model in worker threads); off unless a test needs it. */
    detection?: boolean;
    /** Extra routes registered before the app is ready (probes for guard tests). */
    extend?: (app: FastifyInstance, services: Services) => void;
  } = {},
): Promise<TestApp> {
  const config = options.config ?? testConfig();
  const logger = options.logStream
    ? createLogger('debug', options.logStream as never)
    : createLogger(config.LOG_LEVEL);
  const services = await createServices(config, logger, { detection: options.detection ?? false });
  const app = await buildApp(services);
  options.extend?.(app, services);
  await app.ready();
  return {
    app,
    services,
    config,
    close: async () => {
      await app.close();
      await closeServices(services);
      await deleteRedisPrefix(config.SERVICE_REDIS_PREFIX);
    },
  };
}
