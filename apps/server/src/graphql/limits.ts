import { GraphQLError } from 'graphql';
import type { MissLimit } from './context.ts';

/** A rate-limited operation's answer once over the limit: HTTP 429 with Retry-After, nothing done. */
export function throwIfLimited(retryAfter: number | null): void {
  if (retryAfter === null) return;
  throw new GraphQLError('Too many requests', { extensions: { exception: { code: 'TooManyRequests' }, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } } });
}

/**
 * A lookup by a secret (a token, a code) that an address may get wrong only so often: refused with 429
 * once over the limit, found or not; a miss (null) counts, a hit does not.
 */
export async function limitMisses<T>(limit: MissLimit, clientIp: string, lookup: () => Promise<T | null>): Promise<T | null> {
  throwIfLimited(await limit.attempt(clientIp));
  const found = await lookup();
  if (found !== null) await limit.notMissed(clientIp);
  return found;
}
