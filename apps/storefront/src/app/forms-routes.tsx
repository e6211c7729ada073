import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { BaseLayout, baseLoader, RouteErrorScreen } from './shell/base.tsx';
import { FormNotFoundBoundary, FormsLayout } from './shell/forms-layout.tsx';
import { reloadOnLocaleChange } from './shell/locale-revalidation.ts';
import { rootRedirectLoader } from './shell/root-redirect.ts';
import { withRetry } from './lazy-retry.ts';
import type { RouteHandle } from './routes.tsx';
import { InitialLoader } from '../ui/initial-loader.tsx';

const FORM_MODULE = 'src/features/forms/routes/form.tsx';

/**
 * The route tree of the forms variant (spec §2 `form/*`), its own application: the base path's
 * redirect rules and catalogue, then one form page for every path under `form/` — demo, enterprise,
 * government, trade-show/{slug}, webinar/{slug}, vet-webinar/{slug}, playbooks, whitepapers, case
 * studies, holiday-deals, do-not-sell and any catch-all slug. Which exist is data (the leadForm query);
 * an unknown one is a 404.
 */
export const formsRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    HydrateFallback: InitialLoader,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        id: 'base',
        path: ':countryCode/:language',
        loader: baseLoader,
        shouldRevalidate: reloadOnLocaleChange,
        Component: BaseLayout,
        errorElement: <RouteErrorScreen />,
        children: [
          {
            id: 'forms',
            path: 'form',
            Component: FormsLayout,
            children: [
              {
                id: 'form',
                path: '*',
                handle: { module: FORM_MODULE, messages: 'forms' } satisfies RouteHandle,
                ErrorBoundary: FormNotFoundBoundary,
                shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname,
                lazy: withRetry(() => import('../features/forms/routes/form.tsx')),
              },
            ],
          },
        ],
      },
      { path: '*', loader: (args: LoaderFunctionArgs) => rootRedirectLoader(args) },
    ],
  },
];
