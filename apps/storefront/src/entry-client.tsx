import type { NormalizedCacheObject } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router';
import { type BaseData } from './data/route-data.ts';
import { RouterProvider } from 'react-router/dom';
import { apolloContext } from './data/apollo-context.ts';
import { createBrowserClient } from './data/client.ts';
import { DATA_CONFIG } from './data/config.ts';
import { setReporter } from './monitoring/current.ts';
import { createReporter } from './monitoring/reporter.ts';
import { logout } from './session/logout.ts';
import { routes, type RouteHandle } from './app/routes.tsx';
import { reviveErrors, STATE_SCRIPT_ID, type SsrState } from './app/ssr-state.ts';
import { loadMessages, loadScreenMessages } from './i18n/catalogues.ts';
import './ui/base.css';

const stateElement = document.getElementById(STATE_SCRIPT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;

const reporter = createReporter(DATA_CONFIG.errorDsn);
setReporter(reporter);
const { client } = createBrowserClient({ serverState: (state?.apollo as NormalizedCacheObject | undefined) ?? null, reporter, logout });

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
  const needsScreens = matches.some((m) => (m.route.handle as RouteHandle | undefined)?.messages === 'screens');
  if (base) await (needsScreens ? loadScreenMessages(base.languageCode) : loadMessages(base.languageCode));
}

const router = createBrowserRouter(routes, {
  hydrationData: state ? { ...state.router, errors: reviveErrors(state.router.errors) } : undefined,
  getContext: () => new RouterContextProvider(new Map([[apolloContext, client]])),
});

/** Marks the document once React has taken over the page (tests and monitoring wait for it). */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
      <Hydrated />
    </ApolloProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (state) hydrateRoot(root, app);
else createRoot(root).render(app);
