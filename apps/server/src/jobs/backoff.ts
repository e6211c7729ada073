import type { BackoffOptions } from './types.ts';

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 5_000, factor: 2, maxMs: 60 * 60_000, jitter: 0.2 };

/** How long to wait after failed attempt `attempt` (1-based): exponential, capped, with random jitter. */
export function retryDelayMs(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * options.factor ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 - options.jitter * random()));
}
