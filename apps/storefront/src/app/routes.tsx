import type { RouteObject } from 'react-router';
import { BaseLayout, baseLoader, RouteErrorScreen } from '../routes/base.tsx';
import { FormsPage, formsLoader } from '../routes/forms.tsx';
import { reloadOnLocaleChange } from '../routes/locale-revalidation.ts';
import * as notFound from '../routes/not-found.tsx';
import { rootRedirectLoader } from '../routes/root-redirect.ts';
import { StoreLayout, storeLoader } from '../routes/store.tsx';
import { InitialLoader } from '../ui/initial-loader.tsx';
import { withRetry } from '../lib/lazy-retry.ts';

/**
 * The route tree of spec §2. Screens are lazy modules exporting `Component` (and `loader` when they
 * load data); the shell above them is in the first chunk.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    HydrateFallback: InitialLoader,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, loader: rootRedirectLoader },
      {
        id: 'base',
        path: ':countryCode/:language',
        loader: baseLoader,
        shouldRevalidate: reloadOnLocaleChange,
        Component: BaseLayout,
        errorElement: <RouteErrorScreen />,
        children: [
          { id: 'forms', path: 'form/*', loader: formsLoader, shouldRevalidate: reloadOnLocaleChange, Component: FormsPage },
          {
            id: 'store',
            loader: storeLoader,
            shouldRevalidate: reloadOnLocaleChange,
            Component: StoreLayout,
            errorElement: <RouteErrorScreen />,
            children: [
              { id: 'home', index: true, lazy: withRetry(() => import('../routes/home.tsx')) },
              { id: 'iq', path: 'iq', lazy: withRetry(() => import('../routes/specialization.tsx')) },
              { id: 'vet', path: 'vet', lazy: withRetry(() => import('../routes/specialization.tsx')) },
              { id: 'accessories', path: 'accessories', lazy: withRetry(() => import('../routes/accessories.tsx')) },
              { id: 'supported-countries', path: 'supported-countries', lazy: withRetry(() => import('../routes/supported-countries.tsx')) },
              { id: 'pricing', path: 'pricing', lazy: withRetry(() => import('../routes/pricing.tsx')) },
              { id: 'product', path: 'product/:slug/:subscription?/:subscriptionPeriod?', lazy: withRetry(() => import('../routes/product.tsx')) },
              { id: 'not-found', path: '*', loader: notFound.loader, ErrorBoundary: notFound.ErrorBoundary },
            ],
          },
        ],
      },
      { path: '*', loader: rootRedirectLoader },
    ],
  },
];
