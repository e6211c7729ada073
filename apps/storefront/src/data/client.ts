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
  return { client, persistor };
}
