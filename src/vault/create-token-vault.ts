import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import type { Redis } from '../redis.js';
import { deriveSubkey } from '../crypto/master-keys.js';
import { TenantKeyring } from './tenant-keys.js';
import { TokenCache } from './token-cache.js';
import { TokenVault } from './token-vault.js';

/** The vault over a Postgres pool and a Redis connection, with tenant keys wrapped under the master key. */
export function createTokenVault(
  db: Db,
  redis: Redis,
  config: Pick<Config, 'SERVICE_MASTER_KEY' | 'SERVICE_REDIS_PREFIX'>,
): TokenVault {
  return new TokenVault(
    db,
    new TenantKeyring(db, deriveSubkey(config.SERVICE_MASTER_KEY, 'data-key-wrapping')),
    new TokenCache(redis, config.SERVICE_REDIS_PREFIX),
  );
}
