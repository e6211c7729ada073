import { Gauge } from 'prom-client';
import { registry } from './registry.ts';

interface CacheStats { readonly stats: { entries: number; bytes: number } }

let cache: CacheStats | null = null;

new Gauge({ name: 'store_response_cache_entries', help: 'Anonymous GraphQL answers the response cache holds', registers: [registry], collect() { if (cache) this.set(cache.stats.entries); } });
new Gauge({ name: 'store_response_cache_bytes', help: 'Bytes the response cache holds (answers and their overhead; bounded by RESPONSE_CACHE_MAX_BYTES)', registers: [registry], collect() { if (cache) this.set(cache.stats.bytes); } });

/** Reads the response cache's entries and bytes from this cache (the last app built in the process). */
export function observeResponseCache(responseCache: CacheStats): void {
  cache = responseCache;
}
