import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { ServiceError } from '../errors.js';
import { redisKey } from '../redis.js';

const WINDOW_SECONDS = 60;
// One limiter per distinct per-minute allowance; tenants overriding limits add a few, bounded by this.
const MAX_LIMITERS = 1_000;

/**
 * Fixed-window counters in Redis, one per credential (and origin for publishable keys). When Redis
 * is unreachable each process falls back to its own in-memory counter, so limits still hold
 * per process instead of vanishing.
 */
export class RateLimits {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private limiter(pointsPerMinute: number): RateLimiterRedis {
    let limiter = this.limiters.get(pointsPerMinute);
    if (!limiter) {
      if (this.limiters.size >= MAX_LIMITERS) this.limiters.clear();
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: redisKey(this.prefix, 'rl', String(pointsPerMinute)),
        points: pointsPerMinute,
        duration: WINDOW_SECONDS,
        insuranceLimiter: new RateLimiterMemory({ points: pointsPerMinute, duration: WINDOW_SECONDS }),
      });
      this.limiters.set(pointsPerMinute, limiter);
    }
    return limiter;
  }

  /** Counts one call against `key`; throws rate_limited with Retry-After when over. */
  async consume(key: string, pointsPerMinute: number): Promise<void> {
    try {
      await this.limiter(pointsPerMinute).consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ServiceError('rate_limited', 'rate limit exceeded', {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      throw error;
    }
  }
}
