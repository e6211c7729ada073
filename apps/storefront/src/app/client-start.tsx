import type { NormalizedCacheObject } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { type BaseData } from '../data/route-data.ts';
import { apolloContext } from '../data/apollo-context.ts';
import { createBrowserClient } from '../data/client.ts';
import { DATA_CONFIG } from '../data/config.ts';
import { setReporter } from '../monitoring/current.ts';
import { createReporter } from '../monitoring/reporter.ts';
import { loadFormMessages, loadMessages, loadScreenMessages } from '../i18n/catalogues.ts';
import type { RouteHandle } from './routes.tsx';
import { reviveErrors, STATE_SCRIPT_ID, type SsrState } from './ssr-state.ts';

/** Marks the document once React has taken over the page (tests and monitoring wait for it). */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The browser side of a route tree (the store's, the forms'): hydrates the server's HTML with its
 * state, or renders from scratch when the server sent the bare shell (SSR=false).
 */
export async function startClient(routes: RouteObject[], options: { logout: () => void }): Promise<void> {
  const stateElement = document.getElementById(STATE_SCRIPT_ID);
  const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;

  const reporter = createReporter(DATA_CONFIG.errorDsn);
  setReporter(reporter);
  const { client } = createBrowserClient({ serverState: (state?.apollo as NormalizedCacheObject | undefined) ?? null, reporter, logout: options.logout });

  if (state) {
    // Hydration must render exactly what the server did: resolve the lazy screens of this URL and load its
    // catalogue first (loaders do not run again at hydration).
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches
        .filter((m) => typeof m.route.lazy === 'function')
        .map(async (m) => Object.assign(m.route, await (m.route.lazy as () => Promise<object>)(), { lazy: undefined })),
    );
    const base = state.router.loaderData?.base as BaseData | undefined;
    const catalogues = new Set(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.messages));
    if (base) {
      if (catalogues.has('screens')) await loadScreenMessages(base.languageCode);
      else if (catalogues.has('forms')) await loadFormMessages(base.languageCode);
      else await loadMessages(base.languageCode);
    } else {
      // A page without base data (the sign-in return pages, a base route that failed) speaks English.
      await loadMessages('en');
    }
  }

  const router = createBrowserRouter(routes, {
    hydrationData: state ? { ...state.router, errors: reviveErrors(state.router.errors) } : undefined,
    getContext: () => new RouterContextProvider(new Map([[apolloContext, client]])),
  });

  const app = (
    <StrictMode>
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
        <Hydrated />
      </ApolloProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task that
  // blocks a slow phone's main thread (Lighthouse's total blocking time); a tap meanwhile hydrates its part first.
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
