import { InMemoryCache, gql } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CachePersistor, mergeStates, PERSIST, stopCachePersistence } from '../src/data/persisted-cache.ts';
import { STORAGE_KEYS } from '../src/session/storage-keys.ts';

const Q = gql`query Shop { shop { storeType } }`;
const write = (cache: InMemoryCache, storeType: string) => cache.writeQuery({ query: Q, data: { shop: { __typename: 'Shop', storeType } } });

describe('the persisted cache (spec §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('persists on writes, debounced 1 s, with a timestamp', () => {
    const cache = new InMemoryCache();
    const persistor = new CachePersistor(cache, localStorage, () => 1_000_000);
    persistor.start();
    write(cache, 'IQ');
    vi.advanceTimersByTime(999);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
    write(cache, 'VET');
    vi.advanceTimersByTime(999);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.apolloCache)!).ROOT_QUERY.shop.storeType).toBe('VET');
    expect(localStorage.getItem(STORAGE_KEYS.apolloCacheTimestamp)).toBe('1000000');
  });

  it('restores a cache younger than 10 minutes and purges an older one', () => {
    localStorage.setItem(STORAGE_KEYS.apolloCache, '{"ROOT_QUERY":{"x":1}}');
    localStorage.setItem(STORAGE_KEYS.apolloCacheTimestamp, '0');
    expect(new CachePersistor(new InMemoryCache(), localStorage, () => PERSIST.maxAgeMs).restore()).toEqual({ ROOT_QUERY: { x: 1 } });
    expect(new CachePersistor(new InMemoryCache(), localStorage, () => PERSIST.maxAgeMs + 1).restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.apolloCacheTimestamp)).toBeNull();
  });

  it('purges and pauses once the serialized cache passes 1 MiB', () => {
    const cache = new InMemoryCache();
    const persistor = new CachePersistor(cache);
    persistor.start();
    write(cache, 'IQ');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).not.toBeNull();
    write(cache, 'x'.repeat(PERSIST.maxSize));
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
    expect(persistor.paused).toBe(true);
    write(cache, 'small again');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
  });

  it('sign-out stops it: the pending write is cancelled, later writes stay in memory, the stored cache is purged', () => {
    const cache = new InMemoryCache();
    const persistor = new CachePersistor(cache);
    persistor.start();
    write(cache, 'IQ');
    vi.advanceTimersByTime(1000);
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).not.toBeNull();
    // A write waiting for its debounce when the user signs out, and an answer that arrives afterwards.
    write(cache, 'dana@example.com');
    stopCachePersistence();
    expect(localStorage.getItem(STORAGE_KEYS.apolloCache)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.apolloCacheTimestamp)).toBeNull();
    vi.advanceTimersByTime(5000);
    write(cache, 'late answer');
    vi.advanceTimersByTime(5000);
    expect(() => persistor.persist()).not.toThrow();
    expect(localStorage.length).toBe(0);
  });

  it('logs and rethrows a persistence failure', () => {
    const failing = { ...localStorage, getItem: () => null, removeItem: () => {}, setItem: () => { throw new DOMException('quota', 'QuotaExceededError'); } } as unknown as Storage;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cache = new InMemoryCache();
    write(cache, 'IQ');
    expect(() => new CachePersistor(cache, failing).persist()).toThrow('quota');
    expect(log).toHaveBeenCalledWith('Persisting the Apollo cache failed', expect.any(DOMException));
  });

  it("writes the server's newer state over the restored one, field by field in every entity", () => {
    const persisted = { ROOT_QUERY: { a: 1, b: 1 }, 'Shop:{}': { 'countries({"languageCode":"DE"})': ['de'], storeType: 'IQ' }, 'X:1': { v: 1 } };
    const server = { ROOT_QUERY: { b: 2 }, 'Shop:{}': { 'countries({"languageCode":"EN"})': ['en'], storeType: 'VET' } };
    expect(mergeStates(persisted as never, server as never)).toEqual({
      ROOT_QUERY: { a: 1, b: 2 },
      'Shop:{}': { 'countries({"languageCode":"DE"})': ['de'], 'countries({"languageCode":"EN"})': ['en'], storeType: 'VET' },
      'X:1': { v: 1 },
    });
  });
});
