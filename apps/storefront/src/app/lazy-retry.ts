/** Spec §8: a page part that fails to load is retried 3 times, after 1, 2 and 4 s, then the page reloads once. */
const CHUNK_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const CHUNK_RELOAD_KEY = 'chunk-reload';

interface RetryEnvironment {
  wait: (ms: number) => Promise<void>;
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  path: () => string;
}

const browser: RetryEnvironment = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  reload: () => location.reload(),
  // Read when used, not when this module loads: in a partner's frame the browser may deny storage, and
  // the forms entry first puts a memory store in its place (lib/storage-guard.ts).
  get storage() {
    return typeof sessionStorage === 'undefined' ? { getItem: () => null, setItem: () => {}, removeItem: () => {} } : sessionStorage;
  },
  path: () => (typeof location === 'undefined' ? '' : location.pathname),
};

/**
 * Wraps a dynamic import. After the retries fail it reloads the page once (a new deployment may have
 * replaced the chunk); if the same page already reloaded for this, the error goes to the error screen
 * instead: never a reload loop.
 */
export function withRetry<T>(load: () => Promise<T>, env: RetryEnvironment = browser): () => Promise<T> {
  return async () => {
    let lastError: unknown;
    for (let attempt = 0; attempt <= CHUNK_RETRY_DELAYS_MS.length; attempt++) {
      try {
        const module = await load();
        env.storage.removeItem(CHUNK_RELOAD_KEY);
        return module;
      } catch (error) {
        lastError = error;
        const delay = CHUNK_RETRY_DELAYS_MS[attempt];
        if (delay !== undefined) await env.wait(delay);
      }
    }
    if (env.storage.getItem(CHUNK_RELOAD_KEY) !== env.path()) {
      env.storage.setItem(CHUNK_RELOAD_KEY, env.path());
      env.reload();
      return new Promise<T>(() => {}); // the page is going away
    }
    env.storage.removeItem(CHUNK_RELOAD_KEY);
    throw lastError;
  };
}
