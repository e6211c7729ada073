import type { Limiter, RateLimiterFactory } from '../http/rate-limit.ts';

/**
 * How many tries the sign-in pages allow. A failed sign-in counts where it came from (docs/decisions/0030):
 * - from a browser holding the account's device cookie: against that cookie only (a stolen cookie is
 *   locked, not the account);
 * - from an address the account signed in from before: against that address for that account, and the
 *   address's own count;
 * - from anyone else: against the account for strangers (many addresses guessing one account) and the
 *   address (one address guessing many accounts).
 * So guessing from elsewhere slows strangers, never the holder. A successful sign-in forgets the count it
 * passed. Sign-ups and e-mails sent (reset, confirmation again) are counted on every request, so nobody can
 * fill a mailbox.
 */
export const LIMITS = {
  signInPerAddress: { points: 20, durationS: 15 * 60 },
  signInPerAccount: { points: 5, durationS: 15 * 60 },
  signInPerDevice: { points: 5, durationS: 15 * 60 },
  signInPerKnownAddress: { points: 5, durationS: 15 * 60 },
  signUpPerAddress: { points: 10, durationS: 60 * 60 },
  signUpPerAccount: { points: 3, durationS: 60 * 60 },
  mailPerAddress: { points: 10, durationS: 60 * 60 },
  mailPerAccount: { points: 3, durationS: 60 * 60 },
} as const;

export type IdentityLimiters = { [K in keyof typeof LIMITS]: Limiter };

export function createIdentityLimiters(factory: RateLimiterFactory): IdentityLimiters {
  return Object.fromEntries(Object.entries(LIMITS).map(([name, rule]) => [name, factory.create(`idp:${name}`, rule)])) as IdentityLimiters;
}

/** The longest wait any of the limiters imposes on these keys, or null when all allow. */
export async function longestBlock(checks: Array<[Limiter, string]>): Promise<number | null> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.blockedFor(key)));
  const blocked = waits.filter((w): w is number => w !== null);
  return blocked.length ? Math.max(...blocked) : null;
}

/** Counts one attempt against each limiter; the longest wait if any went over. */
export async function hitAll(checks: Array<[Limiter, string]>): Promise<number | null> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.hit(key)));
  const blocked = waits.filter((w): w is number => w !== null);
  return blocked.length ? Math.max(...blocked) : null;
}
