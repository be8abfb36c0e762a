import { Redis } from 'ioredis';
import { describeConnectionError } from './startup-errors.js';

export type { Redis };

/**
 * Two kinds of connection: the api process fails fast when Redis is down (commands error at once, so
 * requests fail closed instead of queueing); workers block and retry (BullMQ needs
 * maxRetriesPerRequest: null on worker connections).
 */
export function createRedis(url: string, role: 'api' | 'worker'): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    ...(role === 'api'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1 }
      : { maxRetriesPerRequest: null, enableOfflineQueue: true }),
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Errors surface on the commands that fail; the connection keeps reconnecting in the background.
  redis.on('error', () => {});
  return redis;
}

/** Connects, or throws an operator-readable error. */
export async function connectRedis(redis: Redis, url: string): Promise<void> {
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(describeConnectionError('Redis', url, error));
  }
}

/** Every key this deployment writes starts with its prefix and, for tenant data, the tenant id. */
export const redisKey = (prefix: string, ...parts: string[]) => [prefix, ...parts].join(':');
