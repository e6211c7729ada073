import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Counters of attempts per key (a client address, an account) over a window. With `REDIS_URL` set the
 * counters are shared by every instance (Redis); otherwise they live in this process's memory. If Redis
 * stops answering, each instance falls back to its own memory counters instead of letting everyone in
 * or locking everyone out.
 */
export interface Limiter {
  /** Seconds until the key may try again, or null while it is under its limit. Counts nothing. */
  blockedFor(key: string): Promise<number | null>;
  /** Counts one attempt; seconds until the key may try again if this attempt went over the limit. */
  hit(key: string): Promise<number | null>;
  /** Forgets the key's attempts (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  /** Gives one counted attempt back (an attempt counted up front that turned out not to be a miss). */
  giveBack(key: string): Promise<void>;
}

export interface LimitRule {
  /** Attempts allowed in the window. */
  points: number;
  /** The window, in seconds. */
  durationS: number;
}

export interface RateLimiterFactory {
  create(name: string, rule: LimitRule): Limiter;
  close(): Promise<void>;
}

export function createRateLimiterFactory(options: { redisUrl?: string | undefined; keyPrefix?: string }): RateLimiterFactory {
  // ioredis is loaded only when Redis is configured: a single instance counts in memory and need not hold it.
  const Redis = options.redisUrl ? (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis : null;
  const redis: RedisClient | null = Redis && options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : null;
  // An unreachable Redis must not crash the process: a command fails after one reconnection attempt and
  // the insurance (memory) limiter answers it meanwhile.
  redis?.on('error', () => {});
  const prefix = options.keyPrefix ?? 'rl';
  return {
    create(name, rule) {
      const memory = new RateLimiterMemory({ keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationS });
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.durationS, insuranceLimiter: memory })
        : memory;
      return wrap(limiter, rule);
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function wrap(limiter: RateLimiterAbstract, rule: LimitRule): Limiter {
  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= rule.points ? seconds(res) : null;
    },
    async hit(key) {
      try {
        await limiter.consume(key, 1);
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return seconds(rejection);
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
  };
}

/**
 * A lookup by a key a caller may guess (an order's token, a payment's id), over HTTP: refused while the
 * address is over its misses (`wait`, seconds), otherwise run; finding nothing counts one miss.
 */
export async function lookupCountingMisses<T>(misses: Limiter, clientIp: string, lookup: () => Promise<T | null | undefined> | T | null | undefined): Promise<{ found: T | null; wait: number | null }> {
  const wait = await misses.blockedFor(clientIp);
  if (wait !== null) return { found: null, wait };
  const found = (await lookup()) ?? null;
  if (found === null) await misses.hit(clientIp);
  return { found, wait: null };
}
