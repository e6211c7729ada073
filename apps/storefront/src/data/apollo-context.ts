import type { ApolloClient } from '@apollo/client';
import { createContext } from 'react-router';

/**
 * Loaders reach the Apollo client through the router context: one client per request on the server,
 * one for the page in the browser. Never a module singleton, which would leak between requests.
 */
export const apolloContext = createContext<ApolloClient>();
