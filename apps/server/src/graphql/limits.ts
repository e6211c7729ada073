import { GraphQLError } from 'graphql';

/** A rate-limited operation's answer once over the limit: HTTP 429 with Retry-After, nothing done. */
export function throwIfLimited(retryAfter: number | null): void {
  if (retryAfter === null) return;
  throw new GraphQLError('Too many requests', { extensions: { exception: { code: 'TooManyRequests' }, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } } });
}
