import type { InMemoryCache, NormalizedCacheObject } from '@apollo/client';
import { STORAGE_KEYS } from '../session/storage-keys.ts';

/** Spec §4, §9: the persisted client cache's rules. */
export const PERSIST = {
  maxAgeMs: 10 * 60 * 1000,
  debounceMs: 1000,
  /** Serialized size cap, in characters (1 MiB). */
  maxSize: 1_048_576,
} as const;

/**
 * Keeps the Apollo cache in local storage: restored on start when younger than 10 minutes (else
 * purged), persisted on each write, debounced 1 s; when the serialized cache passes 1 MiB it is purged
 * and persistence pauses. Persistence failures are logged and rethrown.
 */
export class CachePersistor {
  private timer: ReturnType<typeof setTimeout> | null = null;
  paused = false;
  /** Stopped for good (sign-out): nothing is written again by this page, whatever the cache does. */
  stopped = false;

  constructor(
    private readonly cache: InMemoryCache,
    private readonly storage: Storage = localStorage,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The stored cache when it is young enough; an old or unreadable one is purged. */
  restore(): NormalizedCacheObject | null {
    const stamped = this.storage.getItem(STORAGE_KEYS.apolloCacheTimestamp);
    const stamp = Number(stamped);
    const raw = this.storage.getItem(STORAGE_KEYS.apolloCache);
    if (!raw || stamped === null || !Number.isFinite(stamp) || this.now() - stamp > PERSIST.maxAgeMs) {
      this.purge();
      return null;
    }
    try {
      return JSON.parse(raw) as NormalizedCacheObject;
    } catch {
      this.purge();
      return null;
    }
  }

  /** Persists after every change to the cache, debounced. */
  start(): void {
    running.add(this);
    const cache = this.cache as unknown as Record<'write' | 'modify' | 'evict' | 'gc', (...args: unknown[]) => unknown>;
    for (const method of ['write', 'modify', 'evict', 'gc'] as const) {
      const original = cache[method]!.bind(this.cache);
      cache[method] = (...args: unknown[]) => {
        const result = original(...args);
        this.schedule();
        return result;
      };
    }
  }

  private schedule(): void {
    if (this.paused || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.persist();
      } catch {
        // logged by persist; the rethrow reaches callers of persist(), not this timer
      }
    }, PERSIST.debounceMs);
  }

  /** Writes the cache now. Over the cap, it purges and pauses instead. */
  persist(): void {
    if (this.paused || this.stopped) return;
    try {
      const serialized = JSON.stringify(this.cache.extract());
      if (serialized.length > PERSIST.maxSize) {
        this.purge();
        this.paused = true;
        return;
      }
      this.storage.setItem(STORAGE_KEYS.apolloCache, serialized);
      this.storage.setItem(STORAGE_KEYS.apolloCacheTimestamp, String(this.now()));
    } catch (error) {
      console.error('Persisting the Apollo cache failed', error);
      throw error;
    }
  }

  purge(): void {
    this.storage.removeItem(STORAGE_KEYS.apolloCache);
    this.storage.removeItem(STORAGE_KEYS.apolloCacheTimestamp);
  }

  /**
   * Sign-out: the pending debounced write is cancelled and no later change of the cache (an answer still
   * on its way on a slow network) is written, then the stored cache is purged. Without this the write
   * that was waiting put the signed-out user's data back after local storage was cleared, and the next
   * page restored it for 10 minutes.
   */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    running.delete(this);
    this.purge();
  }
}

/** The persistors this page started (one, the browser client's): sign-out stops them without holding the client. */
const running = new Set<CachePersistor>();

/** Stops every persisted cache of this page and purges what it stored: call it before clearing storage at sign-out. */
export function stopCachePersistence(): void {
  for (const persistor of [...running]) persistor.stop();
}

/**
 * The state to start from: the persisted cache when young enough, with the server's state (newer)
 * written over it field by field in every entity (singletons such as Shop hold fields for several
 * countries), so hydration matches the server's HTML and what was cached for other pages survives.
 */
export function mergeStates(persisted: NormalizedCacheObject | null, server: NormalizedCacheObject | null): NormalizedCacheObject {
  if (!persisted) return server ?? {};
  if (!server) return persisted;
  const merged: NormalizedCacheObject = { ...persisted };
  for (const [id, entity] of Object.entries(server)) merged[id] = { ...persisted[id], ...entity };
  return merged;
}
