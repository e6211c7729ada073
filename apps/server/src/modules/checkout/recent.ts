import { LRUCache } from 'lru-cache';
import { loadCheckout, type Executor, type LoadedCheckout } from './repo.ts';

/** Kept at most this long: a cart left for longer is read again (and a deleted one's data does not linger). */
const TTL_MS = 10 * 60 * 1000;

/**
 * The checkouts this process last read or wrote, by token, within a byte budget: the basis a change is
 * worked out on, so that a cart's next change is one statement (its conditional write) instead of a read
 * and a write (issue 37, decision 0050). Never an answer on its own: a change worked out on a kept
 * checkout is written only if the database still holds that version (repo writeChange), so a copy another
 * process or a placement has made stale costs a read and nothing else. Every write to a checkout moves its
 * version (decision 0046), which is what makes a kept version safe to build on.
 */
export class RecentCheckouts {
  private readonly kept: LRUCache<string, LoadedCheckout>;

  constructor(maxBytes: number) {
    this.kept = new LRUCache<string, LoadedCheckout>({ maxSize: Math.max(1, maxBytes), ttl: TTL_MS, sizeCalculation: sizeOf });
  }

  /** The checkout as this process last saw it, when it saw it at `version` (or at any version when none is named). */
  get(token: string, version?: number | null): LoadedCheckout | undefined {
    const found = this.kept.get(token);
    return found && (version == null || found.row.version === version) ? found : undefined;
  }

  remember(checkout: LoadedCheckout): void {
    this.kept.set(checkout.row.token, checkout);
  }

  forget(token: string): void {
    this.kept.delete(token);
  }
}

/** Its JSON's length in UTF-16 code units, twice: what V8 holds of its strings and objects, roughly, and never less. */
function sizeOf(checkout: LoadedCheckout): number {
  return Math.max(1, 2 * JSON.stringify(checkout.row).length + 48 * checkout.lines.length);
}

/**
 * The checkout a change starts from: the one kept at `version` (at any version when none is named), unless
 * `fresh`; otherwise read from the database, and kept. `kept` says which: a change refused, or not written,
 * on a kept checkout is worked out again on a fresh read before anything is answered.
 */
export async function changeBasis(db: Executor, recent: RecentCheckouts | undefined, token: string, options: { fresh: boolean; version?: number | null }): Promise<{ checkout: LoadedCheckout | null; kept: boolean }> {
  const kept = options.fresh ? undefined : recent?.get(token, options.version);
  if (kept) return { checkout: kept, kept: true };
  const checkout = await loadCheckout(db, token);
  if (checkout) recent?.remember(checkout);
  return { checkout, kept: false };
}
