import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, withRetry } from '../src/app/lazy-retry.ts';

function env() {
  const store = new Map<string, string>();
  return {
    waits: [] as number[],
    reloads: 0,
    wait(ms: number) { this.waits.push(ms); return Promise.resolve(); },
    reload() { this.reloads++; },
    storage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
    path: () => '/us/en/',
  };
}

describe('route chunks that fail to load (spec §8)', () => {
  it('are retried after 1, 2 and 4 s; a chunk failing twice then loading needs no reload', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockRejectedValueOnce(new Error('chunk')).mockResolvedValue({ Component: 'home' });
    await expect(withRetry(load, e)()).resolves.toEqual({ Component: 'home' });
    expect(e.waits).toEqual([1000, 2000]);
    expect(e.reloads).toBe(0);
  });

  it('reload the page once after 3 failed retries, and never loop', async () => {
    const e = env();
    const load = vi.fn().mockRejectedValue(new Error('chunk gone'));
    void withRetry(load, e)();
    await vi.waitFor(() => expect(e.reloads).toBe(1));
    expect(load).toHaveBeenCalledTimes(4);
    expect(e.waits).toEqual([1000, 2000, 4000]);
    expect(e.storage.getItem(CHUNK_RELOAD_KEY)).toBe('/us/en/');
    // After the reload the chunk still fails: the error goes to the error screen instead of reloading again.
    await expect(withRetry(load, e)()).rejects.toThrow('chunk gone');
    expect(e.reloads).toBe(1);
  });
});
