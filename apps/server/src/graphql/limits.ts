import { GraphQLError } from 'graphql';
import type { GraphQLContext, MissLimit } from './context.ts';

/** A rate-limited operation's answer once over the limit: HTTP 429 with Retry-After, nothing done. */
export function throwIfLimited(retryAfter: number | null): void {
  if (retryAfter === null) return;
  throw new GraphQLError('Too many requests', { extensions: { exception: { code: 'TooManyRequests' }, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } } });
}

/**
 * A lookup by a secret (a token, a code) that an address may get wrong only so often: refused with 429
 * once over the limit, found or not; a miss (null) counts, a hit does not. An attempt that throws is not
 * a miss.
 */
export async function limitMisses<T>(limit: MissLimit, clientIp: string, lookup: () => Promise<T | null>, missed: (found: T | null) => boolean = (found) => found === null): Promise<T | null> {
  throwIfLimited(await limit.attempt(clientIp));
  let found: T | null;
  try {
    found = await lookup();
  } catch (error) {
    await limit.notMissed(clientIp);
    throw error;
  }
  if (!missed(found)) await limit.notMissed(clientIp);
  return found;
}

/** Per request (by its context, which lives as long as the request): its lookups by token so far and the tokens found. */
const requests = new WeakMap<object, { lookups: number; found: Set<string> }>();

/**
 * Every anonymous lookup by a key the store hands out (a checkout's, an order's or an invoice's token, a
 * referral link; the invoice and quote PDFs and the test gateway's page count on the same counter over
 * HTTP) shares the address's one miss counter, `ctx.limits.tokenMisses`: 20 misses in 10 minutes, then
 * every such lookup, the right token's too, is 429 until the window ends. `missed` says whether the
 * answer was a miss (an unknown token).
 * A request's first lookup counts only if it misses: buyers behind one address, each request in flight
 * with its own token, never hold the counter (a load balancer should bound the connections of one
 * address: a burst of parallel guesses is counted as each one ends). Its further lookups (aliases, run
 * at once) are counted before they run, so one request cannot carry more guesses than the limit. A
 * token found once in a request is not counted again in it (a mutation's answer reading it back).
 */
export async function byToken<T>(ctx: GraphQLContext, token: string, run: () => Promise<T>, missed: (result: T) => boolean): Promise<T> {
  let request = requests.get(ctx);
  if (!request) requests.set(ctx, (request = { lookups: 0, found: new Set() }));
  if (request.found.has(token)) return run();
  const limit = ctx.limits.tokenMisses;
  const { clientIp } = ctx.requester();
  let result: T;
  if (++request.lookups === 1) {
    throwIfLimited(await limit.blockedFor(clientIp));
    result = await run();
    if (missed(result)) await limit.missed(clientIp);
  } else {
    result = (await limitMisses(limit, clientIp, async () => ({ value: await run() }), (r) => r === null || missed(r.value)))!.value;
  }
  if (!missed(result)) request.found.add(token);
  return result;
}

/** A lookup that answers null for a token nobody holds. */
export const nullIsMiss = (result: unknown): boolean => result === null || result === undefined;

/** A payload whose errors say the token (or the referral token it carries) is unknown. */
export const tokenNotFound = (result: { errors: ReadonlyArray<{ code: string; field: string | null }> }): boolean =>
  result.errors.some((e) => e.code === 'NOT_FOUND' && (e.field === 'token' || e.field === 'referrerToken'));
