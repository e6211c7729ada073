import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { cacheConfig } from './cache-config.ts';
import type { ErrorReporter } from '../monitoring/reporter.ts';
import { authLink } from './auth-link.ts';
import { DEFAULT_OPTIONS } from './default-options.ts';
import { errorLink } from './error-link.ts';
import { httpLink, missingResponseLink } from './http-link.ts';
import { multipartLink } from './multipart-link.ts';
import { CachePersistor, mergeStates } from './persisted-cache.ts';
import { retryLink } from './retry-link.ts';
import { STORAGE_KEYS } from '../session/storage-keys.ts';

export interface BrowserClient {
  client: ApolloClient;
  persistor: CachePersistor;
}

/**
 * The browser's Apollo client (spec §7): errors → retry → auth header → missing-response check →
 * multipart (files) or JSON over HTTP. Queries are cache-first and deduplicated, watch queries
 * network-only, errors kept with data. The persisted cache is restored first and the server-rendered
 * state written over it.
 */
export function createBrowserClient(options: { serverState: NormalizedCacheObject | null; reporter: ErrorReporter; logout: () => void }): BrowserClient {
  const cache = new InMemoryCache(cacheConfig);
  const persistor = new CachePersistor(cache);
  cache.restore(mergeStates(persistor.restore(), options.serverState));
  persistor.start();
  const report = (error: Error) => void options.reporter.report(error);
  const client = new ApolloClient({
    cache,
    link: ApolloLink.from([errorLink(options.reporter, options.logout), retryLink(), authLink(report), missingResponseLink, multipartLink(), httpLink()]),
    incrementalHandler: new Defer20220824Handler(),
    queryDeduplication: true,
    defaultOptions: DEFAULT_OPTIONS,
  });
  // Signed out in another tab (local storage cleared, or the token removed): this tab stops writing its
  // cache back, which would put the user's data into storage again, and asks its screens again without a token.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage || (event.key !== null && (event.key !== STORAGE_KEYS.authToken || event.newValue !== null))) return;
    persistor.stop();
    client.resetStore().catch(() => undefined);
  });
  return { client, persistor };
}
