import type { Limiter, RateLimiterFactory } from '../http/rate-limit.ts';

/**
 * How many tries the sign-in pages allow. Failed sign-ins are counted per client address (someone trying
 * many accounts) and per account (many addresses trying one account); the account's count is forgotten
 * after a successful sign-in. Sign-ups and e-mails sent (reset, confirmation again) are counted on every
 * request, so nobody can fill a mailbox.
 */
export const LIMITS = {
  signInPerAddress: { points: 20, durationS: 15 * 60 },
  signInPerAccount: { points: 5, durationS: 15 * 60 },
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
