import type { ApolloClient } from '@apollo/client';
import { createContext } from 'react-router';

/**
 * Loaders reach the Apollo client through the router context: one client per request on the server,
 * one for the page in the browser. Never a module singleton, which would leak between requests.
 */
export const apolloContext = createContext<ApolloClient>();

declare module 'react-router' {
  /**
   * React Router 7 (8 needs Node 22) types a loader's `context` as the RouterContextProvider the router is given
   * (getContext in the browser, requestContext on the server) only with this flag, on by default in 8. At run
   * time a data router passes that context either way; the store uses no middleware, only the context.
   */
  interface Future {
    v8_middleware: true;
  }
}
