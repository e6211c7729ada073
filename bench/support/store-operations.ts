import { InMemoryCache } from '@apollo/client';
import { print, type DocumentNode } from 'graphql';
import * as checkout from '../../apps/storefront/src/features/checkout/operations.ts';

const cache = new InMemoryCache();

/**
 * A checkout document of the storefront as its Apollo client sends it (graphql's print of the document after
 * the cache's transform, which adds __typename everywhere): the benchmark measures what buyers' browsers send.
 */
export function checkoutDocument(name: keyof typeof checkout): string {
  const document = checkout[name] as unknown as DocumentNode;
  if (document?.kind !== 'Document') throw new Error(`${String(name)} is not a document of the storefront's checkout`);
  return print(cache.transformDocument(document));
}

/** The JSON body of a GraphQL request for one of those documents. */
export function checkoutRequest(name: keyof typeof checkout, variables: Record<string, unknown>): string {
  const query = checkoutDocument(name);
  const operationName = /^(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  return JSON.stringify({ operationName, query, variables });
}
