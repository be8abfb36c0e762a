import type { Logger } from 'pino';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config.js';
import { createDb, type Db } from './db/pool.js';
import { createRedis, connectRedis, type Redis } from './redis.js';
import { QueueProducer } from './queues/producer.js';
import { CredentialStore } from './auth/credential-store.js';
import { RateLimits } from './auth/rate-limit.js';
import { deriveSubkey } from './crypto/master-keys.js';
import { describeConnectionError } from './startup-errors.js';
import { DetectionPool } from './detection/pool.js';
import type { TenantKeyring } from './vault/tenant-keys.js';
import type { TokenVault } from './vault/token-vault.js';
import { createTokenVault } from './vault/create-token-vault.js';
import { DEFAULT_DETECTION_SETTINGS } from './detection/types.js';

/** A named check /readyz runs; readiness of later parts (the detection model) plugs in here. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
}

/** Everything the api process holds open, built once at start and closed on shutdown. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  redis: Redis;
  queues: QueueProducer;
  credentials: CredentialStore;
  rateLimits: RateLimits;
  providerKeyHmacKey: Buffer;
  keyring: TenantKeyring;
  vault: TokenVault;
  metrics: Registry;
  readiness: ReadinessCheck[];
  /** Absent only in tests that exercise no detection. */
  detection: DetectionPool | null;
}

export async function createServices(
  config: Config,
  logger: Logger,
  options: { detection?: boolean } = {},
): Promise<Services> {
  const db = createDb(config.DATABASE_URL);
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.end();
    throw new Error(describeConnectionError('Postgres', config.DATABASE_URL, error));
  }
  const redis = createRedis(config.REDIS_URL, 'api');
  try {
    await connectRedis(redis, config.REDIS_URL);
  } catch (error) {
    await db.end();
    throw error;
  }
  const vault = createTokenVault(db, redis, config);
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  const services: Services = {
    config,
    logger,
    db,
    redis,
    queues: new QueueProducer(redis, config.SERVICE_REDIS_PREFIX),
    credentials: new CredentialStore(db),
    rateLimits: new RateLimits(redis, config.SERVICE_REDIS_PREFIX),
    providerKeyHmacKey: deriveSubkey(config.SERVICE_MASTER_KEY, 'provider-key-hmac'),
    keyring: vault.keyring,
    vault,
    metrics,
    readiness: [],
    detection: null,
  };
  if (options.detection ?? true) attachDetection(services);
  return services;
}

/**
 * Starts the detection pool and loads the model in the background; /readyz says not ready until
 * every thread has it. A load failure is logged and keeps the service not ready (fail closed).
 */
function attachDetection(services: Services): void {
  const { config, logger } = services;
  const pool = DetectionPool.create({
    modelDir: config.SERVICE_MODEL_DIR,
    threads: config.SERVICE_DETECTION_THREADS,
    // One ONNX thread per pool thread: the pool already spreads work over the cores.
    intraOpNumThreads: 1,
    phoneRegions: config.SERVICE_PHONE_REGIONS,
  });
  services.detection = pool;
  services.readiness.push({ name: 'detection', check: async () => pool.ready });
  const started = Date.now();
  pool.warmUp(DEFAULT_DETECTION_SETTINGS).then(
    () => logger.info({ ms: Date.now() - started, threads: pool.threadCount }, 'detection model loaded'),
    (error: Error) => logger.error({ err: error }, 'detection model failed to load'),
  );
}

export async function closeServices(services: Services): Promise<void> {
  await services.detection?.close();
  await services.queues.close().catch(() => {});
  services.redis.disconnect();
  await services.db.end();
}
