import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { SsrExecute, SsrRender, SsrRouteFailure } from '@probe/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, RouterContextProvider, StaticRouterProvider, type RouteObject } from 'react-router';
import { type BaseData } from '../data/route-data.ts';
import { Observable } from 'rxjs';
import { apolloContext } from '../data/apollo-context.ts';
import { cacheConfig } from '../data/cache-config.ts';
import type { RouteHandle } from './routes.tsx';
import { serializeErrors, toScriptJson, type SsrState } from './ssr-state.ts';
import { DEFAULT_OPTIONS } from '../data/default-options.ts';
import { catalogueChunkPath, loadMessages } from '../i18n/catalogues.ts';
import { HeadContext, type HeadData } from '../lib/head.tsx';
import type { LoaderFailure } from '../lib/loader-failure.ts';

/**
 * Gives every server-side route failure an error id, shown on the error screen and logged by the
 * server with the cause, so the id a buyer reads leads support to it. 4xx responses are not failures.
 */
function identifyFailures(errors: Record<string, unknown> | null): SsrRouteFailure[] {
  if (!errors) return [];
  const failures: SsrRouteFailure[] = [];
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      if (error.status < 500) continue;
      const body = (error.data ?? {}) as Partial<LoaderFailure>;
      const errorId = body.errorId ?? crypto.randomUUID();
      errors[routeId] = { ...error, data: { message: body.message ?? error.statusText, errorId } };
      failures.push({ routeId, errorId, message: body.message ?? error.statusText });
    } else {
      const errorId = crypto.randomUUID();
      const message = error instanceof Error ? error.message : String(error);
      errors[routeId] = { status: 500, statusText: 'Internal Server Error', internal: false, data: { message: 'Internal Server Error', errorId } };
      failures.push({ routeId, errorId, message, stack: error instanceof Error ? error.stack : undefined });
    }
  }
  return failures;
}

function inProcessLink(execute: SsrExecute): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: operation.query, variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => observer.error(error));
      }),
  );
}

/**
 * The server-rendering entry of a route tree (the store's, the forms'): a first request runs the same
 * loaders as the browser, with an Apollo client of its own, and comes out as one string.
 */
export function createRender(routes: RouteObject[]): SsrRender {
  const handler = createStaticHandler(routes);
  // English, for the pages rendered without base data (the sign-in return pages, a base route that failed).
  const english = loadMessages('en');
  return async (request, execute) => {
    await english;
    const cache = new InMemoryCache({ ...cacheConfig, resultCaching: false });
    const client = new ApolloClient({ ssrMode: true, link: inProcessLink(execute), cache, defaultOptions: DEFAULT_OPTIONS });
    const requestContext = new RouterContextProvider();
    requestContext.set(apolloContext, client);

    const context = await handler.query(request, { requestContext });
    if (context instanceof Response) return { kind: 'response', status: context.status, headers: [...context.headers] };

    const failures = identifyFailures(context.errors);
    const head: HeadData = {};
    const appHtml = renderToString(
      <StrictMode>
        <HeadContext value={head}>
          <ApolloProvider client={client}>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          </ApolloProvider>
        </HeadContext>
      </StrictMode>,
    );
    const state: SsrState = {
      apollo: cache.extract(),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    };
    const base = context.loaderData.base as BaseData | undefined;
    return {
      kind: 'html',
      status: context.statusCode,
      appHtml,
      stateJson: toScriptJson(state),
      head,
      lang: base?.locale ?? 'en',
      dir: base?.dir ?? 'ltr',
      catalogue: base ? catalogueChunkPath(base.languageCode) : null,
      failures,
      modules: context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.module ?? []),
    };
  };
}
