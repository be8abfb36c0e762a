import type { Redis } from 'ioredis';
import { redisKey } from '../redis.js';
import { ServiceError } from '../errors.js';

/** What the shared cache holds of a token: metadata and ciphertext, never plaintext. */
export interface TokenRecord {
  id: string;
  sessionId: string;
  entityType: string;
  label: string;
  keyVersion: number;
  ciphertext: Buffer | null;
  createdByEndUser: string | null;
  purged: boolean;
}

// Bounded so a token's cached state is never older than this, whatever happens to invalidations.
const ENTRY_TTL_SECONDS = 3600;

/**
 * A fill in one command: `SET key entry EX ttl NX` per entry (KEYS[i], ARGV[i + 1]; ARGV[1] is the
 * TTL), each on its own as in a pipeline, so a refused SET (OOM, read-only) leaves the others and
 * the fill resolves. Not a pipeline: ioredis copies every script defined on the connection (BullMQ's
 * 64) into each pipeline it builds; a 5-token fill took ~105 µs of CPU that way, ~40 µs like this.
 */
const FILL_SCRIPT = `for i, key in ipairs(KEYS) do
  redis.pcall('SET', key, ARGV[i + 1], 'EX', ARGV[1], 'NX')
end
return #KEYS`;

interface Entry {
  s: string;
  t: string;
  l: string;
  v: number;
  c: string | null;
  u: string | null;
  p: 0 | 1;
}

const encode = (r: TokenRecord): string =>
  JSON.stringify({
    s: r.sessionId,
    t: r.entityType,
    l: r.label,
    v: r.keyVersion,
    c: r.ciphertext ? r.ciphertext.toString('base64') : null,
    u: r.createdByEndUser,
    p: r.purged ? 1 : 0,
  } satisfies Entry);

const decode = (id: string, raw: string): TokenRecord => {
  const e = JSON.parse(raw) as Entry;
  return {
    id,
    sessionId: e.s,
    entityType: e.t,
    label: e.l,
    keyVersion: e.v,
    ciphertext: e.c ? Buffer.from(e.c, 'base64') : null,
    createdByEndUser: e.u,
    purged: e.p === 1,
  };
};

export function cacheUnavailable(cause: unknown): ServiceError {
  return new ServiceError('token_cache_unavailable', 'token cache unavailable', { cause });
}

/**
 * The Redis cache in front of the tokens table. Fills use SET NX so a purge tombstone written while
 * a fill was reading Postgres is never overwritten by the stale value.
 */
export class TokenCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(tenantId: string, id: string) {
    return redisKey(this.prefix, 'tok', tenantId, id);
  }

  /**
   * Throws token_cache_unavailable when Redis does not answer: callers fail closed before doing any
   * work. A round trip (PING, ~0.3 ms), since a connection can look ready for a moment after the
   * server went away.
   */
  async ensureAvailable(): Promise<void> {
    if (this.redis.status !== 'ready')
      throw cacheUnavailable(new Error(`redis connection is ${this.redis.status}`));
    try {
      await this.redis.ping();
    } catch (error) {
      throw cacheUnavailable(error);
    }
  }

  async getMany(tenantId: string, ids: readonly string[]): Promise<Map<string, TokenRecord>> {
    const found = new Map<string, TokenRecord>();
    if (!ids.length) return found;
    let values: (string | null)[];
    try {
      values = await this.redis.mget(ids.map((id) => this.key(tenantId, id)));
    } catch (error) {
      throw cacheUnavailable(error);
    }
    values.forEach((raw, i) => {
      if (raw) found.set(ids[i]!, decode(ids[i]!, raw));
    });
    return found;
  }

  async fill(tenantId: string, records: readonly TokenRecord[]): Promise<void> {
    if (!records.length) return;
    try {
      await this.redis.eval(
        FILL_SCRIPT,
        records.length,
        ...records.map((r) => this.key(tenantId, r.id)),
        ENTRY_TTL_SECONDS,
        ...records.map(encode),
      );
    } catch (error) {
      throw cacheUnavailable(error);
    }
  }

  /** Overwrites entries with a purged tombstone (no ciphertext). */
  async tombstone(
    tenantId: string,
    records: readonly Pick<
      TokenRecord,
      'id' | 'sessionId' | 'entityType' | 'label' | 'keyVersion' | 'createdByEndUser'
    >[],
  ): Promise<void> {
    if (!records.length) return;
    try {
      const pipeline = this.redis.pipeline();
      for (const r of records) {
        pipeline.set(
          this.key(tenantId, r.id),
          encode({ ...r, ciphertext: null, purged: true }),
          'EX',
          ENTRY_TTL_SECONDS,
        );
      }
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      throw cacheUnavailable(error);
    }
  }
}
